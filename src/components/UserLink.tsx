// A 'name#handle' (a chart's author, a comment's author, a record's player) as a link to that person's
// page. Without a handle, or with one given up ('~…', when an account is released), it is plain text:
// there is no page to open.
import { type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { splitAuthor } from '../../common/format'
import { userPath } from '../app/routes'

/** How a released account's handle starts (the server's RELEASED_PREFIX). */
const RELEASED_PREFIX = '~'

/** The handle whose page a 'name#handle' opens, if it has one. */
export const linkedHandle = (author: string): string | undefined => {
  const { handle } = splitAuthor(author)
  return handle && !handle.startsWith(RELEASED_PREFIX) ? handle : undefined
}

export const UserLink = ({
  author,
  className,
  children,
}: {
  author: string
  className?: string
  /** What the link shows; the 'name#handle' itself when absent. */
  children?: ReactNode
}) => {
  const handle = linkedHandle(author)
  const shown = children ?? author
  return handle ? (
    <Link to={userPath(handle)} className={className}>
      {shown}
    </Link>
  ) : (
    <span className={className}>{shown}</span>
  )
}
