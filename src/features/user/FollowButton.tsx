// Follow or unfollow a creator, on their page and on their charts' info. A visitor and the person
// themselves see no button. The state is the page's (a user page has it with its details) or read on its
// own (chart info). Not following, the button says what it does (Follow) and shows the action button's
// states. Following, it says so (Following), and pressing it asks first, with Unfollow as the answer: a
// button that reads "Following" would surprise anyone it unfollowed at once, and a confirmation reaches
// keyboard, touch and screen-reader users alike, where a label that changes on hover reaches only a mouse.
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Popconfirm } from 'antd'
import { BellOutlined, CheckOutlined } from '@ant-design/icons'
import { type FollowState } from '../../../common/api/follows'
import { useFollowMutation, useGetFollowStateQuery } from '../../api/follows'
import { useCurrentUser } from '../../app/hooks'
import { useSubmit } from '../../app/messages/useSubmit'
import { ActionButton } from '../../components/ActionButton'

type Props = { handle: string; name: string; state?: FollowState }

export const FollowButton = ({ handle, name, state }: Props) => {
  const intl = useIntl()
  const { user } = useCurrentUser()
  const own = useGetFollowStateQuery(handle, { skip: state !== undefined || !user })
  const follow = state ?? own.data
  const [setFollow] = useFollowMutation()
  const submit = useSubmit()
  if (!user || !follow?.canFollow) return null
  if (!follow.isFollowing)
    return (
      <ActionButton
        type="primary"
        icon={<BellOutlined />}
        data-testid="follow-button"
        aria-label={intl.formatMessage({ id: 'follow.follow_label' }, { name })}
        onAction={() => submit(() => setFollow({ handle, follow: true }).unwrap(), 'follow.following')}
      >
        <FormattedMessage id="follow.follow" />
      </ActionButton>
    )
  return (
    <Popconfirm
      title={intl.formatMessage({ id: 'follow.unfollow_confirm' }, { name })}
      okText={<FormattedMessage id="follow.unfollow" />}
      cancelText={<FormattedMessage id="chart.info.cancel" />}
      // antd keeps the button loading until the promise settles; a failure has shown its message.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConfirm={() =>
        submit(() => setFollow({ handle, follow: false }).unwrap(), 'follow.unfollow').catch(() => undefined)
      }
    >
      <Button
        icon={<CheckOutlined />}
        data-testid="follow-button"
        aria-label={intl.formatMessage({ id: 'follow.following_label' }, { name })}
        aria-haspopup="dialog"
      >
        <FormattedMessage id="follow.following" />
      </Button>
    </Popconfirm>
  )
}
