// A person's avatar as their page shows it: a circle in the background colour the app gave us, with the
// first letter of their name in its foreground colour. The colours come from the player's profile, so only
// a plain hex colour is used; anything else falls back to the theme's (never passed on as CSS).
import { theme } from 'antd'
import { type Profile } from '../../../common/api/people'

const HEX_COLOR = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/

/** The colour when it is '#rrggbb' or '#rrggbbaa', else the fallback. */
export const safeColor = (value: string, fallback: string): string =>
  HEX_COLOR.test(value) ? value : fallback

/** The first letter of the name (a whole code point, so an emoji stays whole), or of the handle. */
export const initialOf = (profile: Pick<Profile, 'name' | 'handle'>): string =>
  [...(profile.name.trim() || profile.handle)][0]?.toUpperCase() ?? '?'

export const UserAvatar = ({
  profile,
  label,
  size = 96,
}: {
  profile: Profile
  label: string
  size?: number
}) => {
  const { token } = theme.useToken()
  return (
    <span
      className="user-avatar"
      role="img"
      aria-label={label}
      data-testid="user-avatar"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        backgroundColor: safeColor(profile.avatar.backgroundColor, token.colorPrimary),
        color: safeColor(profile.avatar.foregroundColor, token.colorTextLightSolid),
      }}
    >
      {initialOf(profile)}
    </span>
  )
}
