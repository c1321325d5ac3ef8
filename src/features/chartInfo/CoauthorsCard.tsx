// Chart info's co-authors, for those who work on the chart: its owner invites users by handle and removes
// co-authors or invitations; an invitee accepts or declines; a co-author may stop co-authoring. Everyone
// else sees the co-authors in the chart's details instead.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Flex, Input, List, Popconfirm, Tag, Typography } from 'antd'
import { UserAddOutlined } from '@ant-design/icons'
import { type CoauthorAction, useCoauthorActionMutation, useGetCoauthorsQuery } from '../../api/coauthors'
import { statusOf } from '../../api/errors'
import { useAppDispatch } from '../../app/hooks'
import { showError } from '../../app/messages/messagesSlice'
import { useSubmit } from '../../app/messages/useSubmit'
import { type MessageId } from '../../messageIds'
import { UserLink } from '../../components/UserLink'

export const CoauthorsCard = ({
  chartId,
  owner,
  signedIn,
}: {
  chartId: string
  owner: string
  signedIn: boolean
}) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const submit = useSubmit()
  const { data } = useGetCoauthorsQuery(chartId, { skip: !signedIn })
  const [act] = useCoauthorActionMutation()
  const [handle, setHandle] = useState('')
  if (!data || data.role === 'none') return null

  const run = (action: CoauthorAction, success: MessageId) =>
    submit(
      () => act({ id: chartId, action }).unwrap(),
      success,
      // An unknown handle is the owner's typing, not a failure of the site.
      (error) => (action.type === 'invite' && statusOf(error) === 404 ? 'coauthors.no_such_user' : undefined),
    )
  const invite = async () => {
    if (!handle.trim()) {
      dispatch(showError('error.empty_field'))
      return
    }
    await run({ type: 'invite', handle: handle.trim() }, 'success.coauthor_invite').then(
      () => setHandle(''),
      () => undefined,
    )
  }
  const { role, coauthors } = data
  return (
    <Card title={<FormattedMessage id="coauthors.title" />} data-testid="coauthors">
      {role === 'invited' && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          message={<FormattedMessage id="coauthors.invitation" values={{ owner }} />}
          action={
            <Flex gap={8} wrap>
              <Button
                type="primary"
                onClick={() => void run({ type: 'accept' }, 'success.coauthor_accept').catch(() => undefined)}
              >
                <FormattedMessage id="coauthors.accept" />
              </Button>
              <Button
                onClick={() =>
                  void run({ type: 'decline' }, 'success.coauthor_decline').catch(() => undefined)
                }
              >
                <FormattedMessage id="coauthors.decline" />
              </Button>
            </Flex>
          }
        />
      )}
      {coauthors.length > 0 ? (
        <List
          size="small"
          dataSource={coauthors}
          rowKey="handle"
          renderItem={(coauthor) => (
            <List.Item
              data-testid="coauthor"
              actions={
                role === 'owner'
                  ? [
                      <Popconfirm
                        key="remove"
                        title={<FormattedMessage id="coauthors.remove_confirm" />}
                        okText={<FormattedMessage id="coauthors.remove" />}
                        cancelText={<FormattedMessage id="chart.info.cancel" />}
                        // eslint-disable-next-line @typescript-eslint/no-misused-promises
                        onConfirm={() =>
                          run(
                            { type: 'removeCoauthor', handle: coauthor.handle },
                            'success.coauthor_remove',
                          ).catch(() => undefined)
                        }
                      >
                        <Button size="small" danger>
                          <FormattedMessage id="coauthors.remove" />
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Flex gap={8} align="center">
                <UserLink author={`${coauthor.name}#${coauthor.handle}`} />
                {!coauthor.accepted && (
                  <Tag>
                    <FormattedMessage id="coauthors.invited" />
                  </Tag>
                )}
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">
          <FormattedMessage id="coauthors.none" />
        </Typography.Text>
      )}
      {role === 'owner' && (
        <Flex gap={8} wrap align="center" style={{ marginTop: 12 }}>
          <Input
            value={handle}
            onChange={(event) => setHandle(event.target.value)}
            onPressEnter={() => void invite()}
            aria-label={intl.formatMessage({ id: 'coauthors.handle_label' })}
            placeholder={intl.formatMessage({ id: 'coauthors.handle_label' })}
            style={{ flex: '1 1 200px', maxWidth: 320 }}
            maxLength={80}
          />
          <Button icon={<UserAddOutlined />} onClick={() => void invite()}>
            <FormattedMessage id="coauthors.invite" />
          </Button>
        </Flex>
      )}
      {role === 'coauthor' && (
        <Popconfirm
          title={<FormattedMessage id="coauthors.leave_confirm" />}
          okText={<FormattedMessage id="coauthors.leave" />}
          cancelText={<FormattedMessage id="chart.info.cancel" />}
          // eslint-disable-next-line @typescript-eslint/no-misused-promises
          onConfirm={() => run({ type: 'removeCoauthor' }, 'success.coauthor_leave').catch(() => undefined)}
        >
          <Button danger style={{ marginTop: 12 }}>
            <FormattedMessage id="coauthors.leave" />
          </Button>
        </Popconfirm>
      )}
    </Card>
  )
}
