// docs/spec.md §2 "Layout": every screen sits in a scaffold with a title, a subtitle, and previous/next
// buttons (the neighbouring pages of the drawer) that also scroll back to the top.
import { type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { useLocation, useNavigate } from 'react-router-dom'
import { Button, Flex } from 'antd'
import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { menuNeighbours } from '../app/routes'

export type ScaffoldProps = {
  title: ReactNode
  subtitle?: ReactNode
  children?: ReactNode
}

export const Scaffold = ({ title, subtitle, children }: ScaffoldProps) => {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const { prev, next } = menuNeighbours(pathname)
  const go = (path: string) => {
    void navigate(path)
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }
  return (
    <section className="scaffold">
      <header className="scaffold-header">
        <h2 className="scaffold-title">{title}</h2>
        {subtitle && <span className="scaffold-subtitle">{subtitle}</span>}
      </header>
      <div className="scaffold-body">{children}</div>
      {(prev || next) && (
        <Flex justify="space-between" className="scaffold-footer" gap={8}>
          {prev ? (
            <Button icon={<LeftOutlined />} onClick={() => go(prev.path)}>
              <span>
                <FormattedMessage id="scaffold.previous" />: <FormattedMessage id={prev.labelId} />
              </span>
            </Button>
          ) : (
            <span />
          )}
          {next && (
            <Button icon={<RightOutlined />} iconPosition="end" onClick={() => go(next.path)}>
              <span>
                <FormattedMessage id="scaffold.next" />: <FormattedMessage id={next.labelId} />
              </span>
            </Button>
          )}
        </Flex>
      )}
    </section>
  )
}
