// What a chart's pages (its info, its song, a test link's) show before their data: a skeleton while it loads, else
// why it is not there (gone, or the catalogue's failure).
import { type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Result, Skeleton } from 'antd'
import { type MessageKey } from '../api/errors'
import { Scaffold } from './Scaffold'

export const ChartPageFallback = ({
  title,
  loading,
  status,
  errorKey,
}: {
  title: ReactNode
  loading: boolean
  status: number | string | undefined
  /** The failure's catalogue key (none: the fetch failed). */
  errorKey: MessageKey | undefined
}) => {
  const intl = useIntl()
  return (
    <Scaffold title={title}>
      {loading ? (
        <div role="status" aria-label={intl.formatMessage({ id: 'app.loading' })}>
          <Skeleton active />
        </div>
      ) : status === 404 ? (
        <Result status="404" title={<FormattedMessage id="chart.info.not_found" />} />
      ) : (
        <Result
          status={status === 401 ? '403' : 'error'}
          title={<FormattedMessage id={`error.${errorKey ?? 'fetch_failed'}`} />}
        />
      )}
    </Scaffold>
  )
}
