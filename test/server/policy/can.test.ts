// Who may do what to a chart, a comment or a playlist: the one answer routes and services both ask.
import { describe, expect, it } from 'vitest'
import { type Action, type Target, type Viewer, can, permit } from '../../../server/policy/can'
import { type ChartRow, type CommentRow, type PlaylistRow, type User } from '../../../server/db/repositories'

const user = (id: string, handle: string) => ({ id, handle, name: id }) as User
const alice = user('alice-id', '1001')
const bob = user('bob-id', '1002')
const mod = user('mod-id', '1003')

const as = (who: User | undefined, moderator = false): Viewer => ({ user: who, moderator })
const visitor = as(undefined)
const owner = as(alice)
const other = as(bob)
const moderator = as(mod, true)

const chart = { chart: { authorId: alice.id, author: 'Alice#1001' } as ChartRow }
const comment = { comment: { userId: alice.id } as CommentRow }
const playlist = { playlist: { ownerId: alice.id } as PlaylistRow }
const staffPicks = { playlist: { ownerId: null } as PlaylistRow }

const allowed = (target: Target, viewer: Viewer) =>
  (['edit', 'delete', 'report', 'reply', 'review', 'moderate', 'resolve', 'share'] as Action[]).filter(
    (action) => can(viewer, action, target),
  )

describe('can', () => {
  it('lets a chart owner edit, delete, ask for a review and choose co-authors; others report; moderators moderate', () => {
    expect(allowed(chart, visitor)).toEqual([])
    expect(allowed(chart, owner)).toEqual(['edit', 'delete', 'report', 'review', 'share'])
    expect(allowed(chart, other)).toEqual(['report'])
    expect(allowed(chart, moderator)).toEqual(['report', 'moderate'])
  })

  it('lets a co-author edit the chart, and nothing more of the owner’s', () => {
    const coauthored = { ...chart, coauthor: true }
    expect(allowed(coauthored, other)).toEqual(['edit', 'report'])
    // Co-authoring does nothing for a visitor (no session), nor for a moderator beyond moderating.
    expect(allowed(coauthored, visitor)).toEqual([])
    expect(allowed({ ...chart, coauthor: false }, other)).toEqual(['report'])
  })

  it('takes a chart from its uploader once the handle it shows is no longer theirs', () => {
    const renamed = { chart: { authorId: alice.id, author: 'Alice#2002' } as ChartRow }
    expect(allowed(renamed, owner)).toEqual(['report'])
  })

  it('lets a comment author edit and delete it; anyone signed in reply and report; moderators moderate', () => {
    expect(allowed(comment, visitor)).toEqual([])
    expect(allowed(comment, owner)).toEqual(['edit', 'delete', 'report', 'reply'])
    expect(allowed(comment, other)).toEqual(['report', 'reply'])
    expect(allowed(comment, moderator)).toEqual(['report', 'reply', 'moderate'])
  })

  it('lets the chart’s owner resolve a comment on it, whoever wrote it; nobody else, and never without the chart', () => {
    const onAlicesChart = { comment: { userId: bob.id } as CommentRow, chart: chart.chart }
    expect(allowed(onAlicesChart, owner)).toEqual(['report', 'reply', 'resolve'])
    expect(allowed(onAlicesChart, other)).toEqual(['edit', 'delete', 'report', 'reply'])
    expect(allowed(onAlicesChart, moderator)).toEqual(['report', 'reply', 'moderate'])
    expect(allowed(onAlicesChart, visitor)).toEqual([])
    // The chart's uploader whose handle moved on no longer owns it, nor its feedback.
    const renamed = { ...onAlicesChart, chart: { authorId: alice.id, author: 'Alice#2002' } as ChartRow }
    expect(allowed(renamed, owner)).toEqual(['report', 'reply'])
  })

  it('lets a playlist owner edit and delete it, and moderators edit but never delete the staff picks', () => {
    expect(allowed(playlist, visitor)).toEqual([])
    expect(allowed(playlist, owner)).toEqual(['edit', 'delete'])
    expect(allowed(playlist, other)).toEqual([])
    expect(allowed(playlist, moderator)).toEqual([])
    expect(allowed(staffPicks, owner)).toEqual([])
    expect(allowed(staffPicks, moderator)).toEqual(['edit'])
  })

  it('refuses with permission_denied2 what it does not allow', () => {
    expect(() => permit(other, 'edit', chart)).toThrow(expect.objectContaining({ key: 'permission_denied2' }))
    expect(() => permit(owner, 'edit', chart)).not.toThrow()
  })
})
