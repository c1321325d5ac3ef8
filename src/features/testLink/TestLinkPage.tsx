// /test/{token}: the chart a test link opens, for whoever holds the link, signed in or not: its cover,
// fields and description, the chart preview, and "Open in Sonolus" on the link's own level (played there,
// its results enter no leaderboard). A signed-in tester sends feedback, perhaps at a moment, which only the
// chart's creators read. An ended link (revoked, expired, or its chart hidden) says so.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Descriptions, Flex, Image, Input, Result, Typography } from 'antd'
import { ExportOutlined, SendOutlined } from '@ant-design/icons'
import { useParams } from 'react-router-dom'
import { TEST_LEVEL_PREFIX } from '../../../common/rules'
import { errorKeyOf, statusOf } from '../../api/errors'
import { useGetTestLevelQuery, useSendTestFeedbackMutation } from '../../api/testLinks'
import { useAppDispatch, useBases, useCurrentUser } from '../../app/hooks'
import { showError } from '../../app/messages/messagesSlice'
import { useSubmit } from '../../app/messages/useSubmit'
import { LevelChip } from '../../components/LevelChip'
import { LoginPrompt } from '../../components/LoginPrompt'
import { Markdown } from '../../components/Markdown'
import { Scaffold } from '../../components/Scaffold'
import { ChartPageFallback } from '../../components/ChartPageFallback'
import { ChartPlayer } from '../preview'
import { parseMoment } from '../watch'

export const TestLinkPage = () => {
  const { token = '' } = useParams()
  const intl = useIntl()
  const bases = useBases()
  const { data, error, isLoading } = useGetTestLevelQuery(token)
  const title = <FormattedMessage id="route.chart_test" />
  if (isLoading || !data) {
    if (statusOf(error) === 404)
      return (
        <Scaffold title={title}>
          <Result status="404" title={<FormattedMessage id="test_link.ended" />} />
        </Scaffold>
      )
    return (
      <ChartPageFallback
        title={title}
        loading={isLoading}
        status={statusOf(error)}
        errorKey={error ? errorKeyOf(error, 'permission_denied') : undefined}
      />
    )
  }
  const chart = data.rawItem
  return (
    <Scaffold title={title} subtitle={chart.title}>
      <Flex vertical gap={16}>
        <Alert type="info" showIcon message={<FormattedMessage id="test_link.notice" />} />
        <Card>
          <Flex gap={24} wrap>
            <Image
              src={`${bases.data}${chart.coverHash}`}
              alt={intl.formatMessage({ id: 'chart.info.cover' })}
              width={200}
              height={200}
              style={{ objectFit: 'cover', borderRadius: 8 }}
            />
            <Flex vertical gap={8} style={{ flex: 1, minWidth: 260 }}>
              <LevelChip level={chart.level} isOliver={chart.isOliver} />
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="chart-title">
                {chart.title}
              </Typography.Title>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'artists',
                    label: <FormattedMessage id="chart.info.artists" />,
                    children: chart.artists,
                  },
                  {
                    key: 'composer',
                    label: <FormattedMessage id="chart.info.composer" />,
                    children: chart.composer,
                  },
                  {
                    key: 'author',
                    label: <FormattedMessage id="chart.info.author" />,
                    children: chart.author,
                  },
                ]}
              />
              <div>
                <Button
                  type="primary"
                  icon={<ExportOutlined />}
                  href={`${bases.openInApp}/levels/${TEST_LEVEL_PREFIX}${token}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <FormattedMessage id="chart.info.open_in_sonolus" />
                </Button>
              </div>
            </Flex>
          </Flex>
        </Card>
        {chart.description.trim() && (
          <Card title={<FormattedMessage id="chart.info.description" />}>
            <Markdown>{chart.description}</Markdown>
          </Card>
        )}
        <FeedbackCard token={token} />
        <Card title={<FormattedMessage id="chart.info.preview" />}>
          {chart.dataHash ? (
            <ChartPlayer url={`${bases.data}${chart.dataHash}`} />
          ) : (
            <Alert type="info" message={<FormattedMessage id="chart.info.no_preview" />} />
          )}
        </Card>
      </Flex>
    </Scaffold>
  )
}

/** A signed-in tester's note to the creators, perhaps at a moment (m:ss). */
const FeedbackCard = ({ token }: { token: string }) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const submit = useSubmit()
  const { user } = useCurrentUser()
  const [send, sending] = useSendTestFeedbackMutation()
  const [content, setContent] = useState('')
  const [momentText, setMomentText] = useState('')
  const [sent, setSent] = useState(0)
  const post = async () => {
    const moment = momentText.trim() ? parseMoment(momentText) : undefined
    if (momentText.trim() && moment === undefined) {
      dispatch(showError('community.bad_moment'))
      return
    }
    if (!content.trim()) {
      dispatch(showError('error.empty_field'))
      return
    }
    await submit(
      () =>
        send({
          token,
          content: content.trim(),
          ...(moment === undefined ? {} : { moment: String(moment) }),
        }).unwrap(),
      'success.test_feedback',
    ).then(
      () => {
        setContent('')
        setMomentText('')
        setSent((count) => count + 1)
      },
      () => undefined,
    )
  }
  return (
    <Card title={<FormattedMessage id="test_link.feedback" />} data-testid="test-feedback">
      {!user ? (
        <LoginPrompt />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            <FormattedMessage id="test_link.feedback_hint" />
          </Typography.Text>
          <Input.TextArea
            value={content}
            onChange={(event) => setContent(event.target.value)}
            aria-label={intl.formatMessage({ id: 'test_link.feedback' })}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={2000}
          />
          <Flex gap={8} align="center" wrap>
            <label htmlFor="test-feedback-moment">
              <FormattedMessage id="community.moment" />
            </label>
            <Input
              id="test-feedback-moment"
              value={momentText}
              onChange={(event) => setMomentText(event.target.value)}
              placeholder={intl.formatMessage({ id: 'community.moment_placeholder' })}
              style={{ width: 120 }}
              maxLength={12}
            />
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={sending.isLoading}
              onClick={() => void post()}
            >
              <FormattedMessage id="test_link.send" />
            </Button>
          </Flex>
          {sent > 0 && (
            <Typography.Text type="success" data-testid="test-feedback-sent">
              <FormattedMessage id="test_link.sent" values={{ count: sent }} />
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  )
}

export default TestLinkPage
