// The Sonolus-Version we send (docs/protocol.md §1, §17.1). The wiki (custom-server-specs,
// headers/sonolus-version.md) says the header names the app version a server supports, and that an app
// whose version the server does not support is told so and does not enter. The app's own texts tell
// "this server only supports an old version" from "please update your app". So the header should be the
// app version our players run: Sonolus 1.1.3 when this was written, while the registry's newest
// @sonolus/core (7.15.1, whose types we use) still says 1.1.1. The changes up to 1.1.3 add to the
// protocol (core 7.15.2–7.15.3: a localize text form) and remove nothing we serve. Operators follow the
// app with SONOLUS_VERSION, without a release.
import { version } from '@sonolus/core'

export const DEFAULT_SONOLUS_VERSION = '1.1.3'
/** What core 7.15.1, whose shapes we serve, was written for. */
export const CORE_SONOLUS_VERSION = version.sonolus
