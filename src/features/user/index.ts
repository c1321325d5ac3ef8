// A person's page, and the avatar it draws (the router loads the page lazily, by its file).
export { UserPage } from './UserPage'
export { UserAvatar, initialOf, safeColor } from './UserAvatar'
export { FollowButton } from './FollowButton'
