// docs/spec.md §2 "Home": the server info card (read-only) — git repository, branch, commit, message, drive use.
// With it: the server's news above it (NewsCard), the trending charts (TrendingCard) and the moderators'
// staff picks (StaffPicksCard).
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Card, Descriptions, Grid, Spin } from 'antd'
import { formatSize } from '../../../common/format'
import { useGetSplitLineHtmlQuery } from '../../api/content'
import { useGetNewsQuery } from '../../api/people'
import { useGetServerInfoQuery } from '../../api/server'
import { useBases, useCurrentUser } from '../../app/hooks'
import { Scaffold } from '../../components/Scaffold'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import { NewsCard } from './NewsCard'
import { TrendingCard } from './TrendingCard'
import { ChartGrid } from '../charts'
import { StaffPicksCard } from '../playlists'

/** The operator's command, the same in every language. */
const IMPORT_COMMAND = 'npm run import-pack -- <file.scp | pack>'

export const HomePage = () => {
  const intl = useIntl()
  const { data, isLoading, isError } = useGetServerInfoQuery()
  // On a phone each label sits above its value: beside it, a label as long as コミットメッセージ leaves
  // the value a sliver of the width.
  const phone = Grid.useBreakpoint().sm === false
  const splitLine = useGetSplitLineHtmlQuery()
  const [newsPage, setNewsPage] = useState(0)
  const news = useGetNewsQuery(newsPage)
  const { user } = useCurrentUser()
  const bases = useBases()
  // docs/spec.md §8: every error shows the error message bar, beside the card's own alert.
  useFailureMessage(isError || splitLine.isError || news.isError ? 'fetch_failed' : undefined)
  const unknown = intl.formatMessage({ id: 'home.unknown' })
  const or = (value: string) => value || unknown

  let drive = ''
  if (data) {
    const { used, total } = data.drive
    drive =
      total > 0
        ? intl.formatMessage(
            { id: 'home.drive_value' },
            {
              used: formatSize(used),
              total: formatSize(total),
              percent: `${((used / total) * 100).toFixed(2)}%`,
            },
          )
        : intl.formatMessage({ id: 'home.drive_unlimited' }, { used: formatSize(used) })
  }

  return (
    <Scaffold title={<FormattedMessage id="route.home" />} subtitle={<FormattedMessage id="home.subtitle" />}>
      <NewsCard news={news} page={newsPage} onPage={setNewsPage} moderator={user?.role === 'moderator'} />
      <StaffPicksCard grid={(charts) => <ChartGrid charts={charts} dataBase={bases.data} />} />
      <TrendingCard />
      <Card title={<FormattedMessage id="home.server_info" />}>
        {isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
        {isError && <Alert type="error" showIcon message={<FormattedMessage id="error.fetch_failed" />} />}
        {data && !data.engine.installed && (
          <Alert
            type="warning"
            showIcon
            message={<FormattedMessage id="home.no_engine" />}
            // In the site's language, not the server's English.
            description={
              <FormattedMessage
                id="home.no_engine_hint"
                values={{ engine: data.engine.name, command: IMPORT_COMMAND }}
              />
            }
            style={{ marginBottom: 16 }}
          />
        )}
        {data && (
          <Descriptions
            className="home-server-info"
            layout={phone ? 'vertical' : 'horizontal'}
            column={1}
            bordered
            size="small"
            items={[
              {
                key: 'repository',
                label: <FormattedMessage id="home.repository" />,
                children: data.git.owner ? `${data.git.owner} / ${data.git.repo}` : or(data.git.repo),
              },
              { key: 'branch', label: <FormattedMessage id="home.branch" />, children: or(data.git.branch) },
              {
                key: 'commit',
                label: <FormattedMessage id="home.commit" />,
                children: <code>{or(data.git.commit)}</code>,
              },
              {
                key: 'commit_message',
                label: <FormattedMessage id="home.commit_message" />,
                children: or(data.git.commit_message),
              },
              { key: 'drive', label: <FormattedMessage id="home.drive" />, children: drive },
              { key: 'engine', label: <FormattedMessage id="home.engine" />, children: data.engine.name },
            ]}
          />
        )}
      </Card>
      {/* docs/spec.md §2: the split-line fragment, shown as it is but inside a sandboxed frame: no script in it
          runs, and it cannot reach this page, its cookies or its storage. */}
      <Card title={<FormattedMessage id="home.split_line" />} style={{ marginTop: 16 }}>
        {splitLine.isLoading && <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />}
        {splitLine.isError && (
          <Alert type="error" showIcon message={<FormattedMessage id="error.fetch_failed" />} />
        )}
        {splitLine.data !== undefined && (
          <iframe
            className="split-line-frame"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={splitLine.data}
            title={intl.formatMessage({ id: 'home.split_line' })}
          />
        )}
      </Card>
    </Scaffold>
  )
}

export default HomePage
