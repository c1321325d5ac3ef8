// docs/spec.md §2/§9: pagination with a fixed number of visible page buttons (7 for lists, 5 for comments and
// leaderboards); pages are zero-based in calls and shown from 1.
import { Button, Flex } from 'antd'
import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { useIntl } from 'react-intl'

export type PageSlot = number | 'gap'

/** Which page numbers (1-based) to show: all when they fit; otherwise the first and the last, the current
 *  page's neighbourhood, and gaps, `visible` slots in all. */
export const visiblePages = (current: number, count: number, visible: number): PageSlot[] => {
  if (count <= visible) return Array.from({ length: count }, (_, i) => i + 1)
  // Near an end, one gap suffices: the current page and its next neighbour still show.
  if (current <= visible - 3) return [...range(1, visible - 2), 'gap', count]
  if (current >= count - visible + 4) return [1, 'gap', ...range(count - visible + 3, count)]
  const middle = visible - 4
  const start = current - Math.floor((middle - 1) / 2)
  return [1, 'gap', ...range(start, start + middle - 1), 'gap', count]
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

export type PaginatorProps = {
  /** Zero-based. */
  page: number
  pageCount: number
  visible: number
  onChange: (page: number) => void
}

export const Paginator = ({ page, pageCount, visible, onChange }: PaginatorProps) => {
  const intl = useIntl()
  if (pageCount <= 1) return null
  const current = page + 1
  return (
    <nav aria-label={intl.formatMessage({ id: 'pagination.label' })}>
      <Flex gap={4} wrap justify="center" style={{ margin: '16px 0' }}>
        <Button
          icon={<LeftOutlined />}
          disabled={page === 0}
          onClick={() => onChange(page - 1)}
          aria-label={intl.formatMessage({ id: 'pagination.previous' })}
        />
        {visiblePages(current, pageCount, visible).map((slot, index) =>
          slot === 'gap' ? (
            <span key={`gap-${index}`} style={{ padding: '4px 6px' }}>
              …
            </span>
          ) : (
            <Button
              key={slot}
              type={slot === current ? 'primary' : 'default'}
              aria-current={slot === current ? 'page' : undefined}
              onClick={() => onChange(slot - 1)}
            >
              {slot}
            </Button>
          ),
        )}
        <Button
          icon={<RightOutlined />}
          disabled={current >= pageCount}
          onClick={() => onChange(page + 1)}
          aria-label={intl.formatMessage({ id: 'pagination.next' })}
        />
      </Flex>
    </nav>
  )
}
