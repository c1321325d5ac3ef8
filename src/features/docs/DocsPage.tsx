// docs/spec.md §2 "Docs": fetches {docsUrl}/{locale}/{type}.md for the current locale, renders it as markdown
// (raw HTML off), shows a loading indicator, and refetches when the type (or the language) changes.
// The takedown document carries its request form below it, and the operator's contact.
import { FormattedMessage, useIntl } from 'react-intl'
import { useParams } from 'react-router-dom'
import { Alert, Card, Flex, Spin } from 'antd'
import { DOC_TYPES, type DocType } from '../../../common/api/content'
import { TAKEDOWN_DOC } from '../../../common/api/moderation'
import { useGetDocQuery } from '../../api/content'
import { useAppSelector } from '../../app/hooks'
import { Scaffold } from '../../components/Scaffold'
import { Markdown } from '../../components/Markdown'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { NotFoundPage } from '../notFound'
import { TakedownContact } from './TakedownContact'
import { TakedownForm } from './TakedownForm'

export const DocsPage = ({ type }: { type: DocType }) => {
  const intl = useIntl()
  const locale = useAppSelector((state) => state.settings.locale)
  const { data, isFetching, isError } = useGetDocQuery({ locale, type })
  useFailureMessage(isError ? 'fetch_failed' : undefined)
  return (
    <Scaffold
      title={<FormattedMessage id={`menu.docs_${type}`} />}
      subtitle={<FormattedMessage id="route.docs" />}
    >
      <Flex vertical gap={16}>
        <Card>
          {isFetching && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
          {isError && !isFetching && (
            <Alert type="error" showIcon message={<FormattedMessage id="error.fetch_failed" />} />
          )}
          {data !== undefined && !isFetching && <Markdown>{data}</Markdown>}
        </Card>
        {type === TAKEDOWN_DOC && (
          <>
            <TakedownForm />
            <TakedownContact />
          </>
        )}
      </Flex>
    </Scaffold>
  )
}

export const DocsRoute = () => {
  const { type } = useParams()
  return (DOC_TYPES as readonly (string | undefined)[]).includes(type) ? (
    <DocsPage type={type as DocType} />
  ) : (
    <NotFoundPage />
  )
}

export default DocsRoute
