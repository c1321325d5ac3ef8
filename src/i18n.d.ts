// react-intl's message ids are the English catalogue's keys (i18n/en_us.json; the other catalogues have
// the same keys, test/client/i18n.test.ts): a missing or misspelt id fails the type check.
import type enUs from '../i18n/en_us.json'

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: keyof typeof enUs
    }
  }
}
