// "Someone signed in": the viewer a shared answer for signed-in users is built for. Not a real
// user (no Sonolus id or handle holds a space): they own nothing, moderate nothing and liked nothing, so what
// is built for them is what every signed-in user sees, apart from what is their own (their charts, their
// comments), which the builder names so that those users get an answer of their own.
import { type User } from '../db/repositories/index.js'

export const SOMEONE: User = Object.freeze({
  id: ' someone',
  handle: ' someone',
  name: '',
  profile: '{}',
  createdTime: 0,
  updatedTime: 0,
  suspensionKind: null,
  suspendedUntil: null,
  suspensionReason: null,
  noticesReadTime: 0,
  notificationsOff: '',
})
