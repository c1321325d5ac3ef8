// Follow or unfollow a creator (issue 19), on their page and on their charts' info. A visitor and the person
// themselves see no button. The state is the page's (a user page has it with its details) or read on its
// own (chart info). The button says what it will do; pressed, it shows the action button's states.
import { FormattedMessage, useIntl } from 'react-intl'
import { BellOutlined } from '@ant-design/icons'
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
  const next = !follow.isFollowing
  return (
    <ActionButton
      type={follow.isFollowing ? 'default' : 'primary'}
      icon={<BellOutlined />}
      data-testid="follow-button"
      aria-pressed={follow.isFollowing}
      aria-label={intl.formatMessage(
        { id: next ? 'follow.follow_label' : 'follow.unfollow_label' },
        { name },
      )}
      onAction={() =>
        submit(
          () => setFollow({ handle, follow: next }).unwrap(),
          next ? 'follow.following' : 'follow.unfollow',
        )
      }
    >
      <FormattedMessage id={follow.isFollowing ? 'follow.following' : 'follow.follow'} />
    </ActionButton>
  )
}
