// The UI catalogue's message ids: the keys of the English catalogue (src/i18n.d.ts gives react-intl the
// same list), for the tables and props that carry an id before it is formatted.
import { type MessageDescriptor } from 'react-intl'

export type MessageId = NonNullable<MessageDescriptor['id']>
