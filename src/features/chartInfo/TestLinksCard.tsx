// Chart info's test links, for the chart's creators (its owner and co-authors): make an unlisted link that
// opens the chart to testers (until revoked, or for some days), copy or revoke it, and read the feedback
// testers sent through the links. The public never sees the feedback.
import { useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Button, Card, Flex, List, Popconfirm, Select, Tag, Typography } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { formatMoment } from '../../../common/format'
import { type TestLink } from '../../../common/api/levels'
import {
  useCreateTestLinkMutation,
  useGetTestLinksQuery,
  useRevokeTestLinkMutation,
} from '../../api/testLinks'
import { useSubmit } from '../../app/messages/useSubmit'
import { testLinkPath } from '../../app/routes'
import { RelativeTime } from '../../components/RelativeTime'
import { UserLink } from '../../components/UserLink'

/** How long a new link stays open: until revoked, or so many days. */
const LIFETIMES = [0, 1, 7, 30] as const

const stateOf = (link: TestLink, now: number) =>
  link.revokedTime !== null
    ? 'revoked'
    : link.expiresTime !== null && link.expiresTime <= now
      ? 'expired'
      : 'open'

export const TestLinksCard = ({ chartId }: { chartId: string }) => {
  const intl = useIntl()
  const submit = useSubmit()
  const { data } = useGetTestLinksQuery(chartId)
  const [create, creating] = useCreateTestLinkMutation()
  const [revoke] = useRevokeTestLinkMutation()
  const [days, setDays] = useState<(typeof LIFETIMES)[number]>(7)
  if (!data) return null
  const now = Date.now()
  const make = () =>
    submit(() => create({ id: chartId, ...(days ? { days } : {}) }).unwrap(), 'success.test_link').catch(
      () => undefined,
    )
  return (
    <Card title={<FormattedMessage id="test_link.title" />} data-testid="test-links">
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="test_link.about" />
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center">
        <Select
          value={days}
          onChange={setDays}
          aria-label={intl.formatMessage({ id: 'test_link.lifetime' })}
          style={{ width: 200 }}
          options={LIFETIMES.map((value) => ({
            value,
            label: value
              ? intl.formatMessage({ id: 'test_link.days' }, { days: value })
              : intl.formatMessage({ id: 'test_link.until_revoked' }),
          }))}
        />
        <Button icon={<LinkOutlined />} loading={creating.isLoading} onClick={() => void make()}>
          <FormattedMessage id="test_link.make" />
        </Button>
      </Flex>
      {data.links.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12 }}
          dataSource={data.links}
          rowKey="id"
          renderItem={(link) => {
            const state = stateOf(link, now)
            const url = `${window.location.origin}${testLinkPath(link.token)}`
            return (
              <List.Item
                data-testid="test-link"
                data-state={state}
                actions={
                  state === 'open'
                    ? [
                        <Popconfirm
                          key="revoke"
                          title={<FormattedMessage id="test_link.revoke_confirm" />}
                          okText={<FormattedMessage id="test_link.revoke" />}
                          cancelText={<FormattedMessage id="chart.info.cancel" />}
                          // eslint-disable-next-line @typescript-eslint/no-misused-promises
                          onConfirm={() =>
                            submit(
                              () => revoke({ id: chartId, link: link.id }).unwrap(),
                              'success.test_link_revoked',
                            ).catch(() => undefined)
                          }
                        >
                          <Button size="small" danger>
                            <FormattedMessage id="test_link.revoke" />
                          </Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Typography.Text copyable={state === 'open'} code className="text-ellipsis">
                    {url}
                  </Typography.Text>
                  <span>
                    <Tag color={state === 'open' ? 'green' : 'default'}>
                      <FormattedMessage id={`test_link.state.${state}`} />
                    </Tag>
                    {state === 'open' && link.expiresTime !== null && (
                      <Typography.Text type="secondary">
                        <FormattedMessage
                          id="test_link.expires"
                          values={{ time: <FormattedDate value={link.expiresTime} dateStyle="medium" /> }}
                        />
                      </Typography.Text>
                    )}
                  </span>
                </Flex>
              </List.Item>
            )
          }}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        <FormattedMessage id="test_link.feedback_received" values={{ count: data.feedback.length }} />
      </Typography.Title>
      {data.feedback.length > 0 ? (
        <List
          size="small"
          dataSource={data.feedback}
          rowKey="id"
          renderItem={(note) => (
            <List.Item data-testid="test-feedback-item">
              <Flex vertical gap={2}>
                <Flex gap={8} align="center" wrap>
                  <UserLink author={note.author} />
                  {note.moment !== null && (
                    <Tag>
                      <FormattedMessage id="test_link.at" values={{ time: formatMoment(note.moment) }} />
                    </Tag>
                  )}
                  <Typography.Text type="secondary">
                    <RelativeTime time={note.time} />
                  </Typography.Text>
                </Flex>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {note.content}
                </Typography.Paragraph>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">
          <FormattedMessage id="test_link.no_feedback" />
        </Typography.Text>
      )}
    </Card>
  )
}
