// The one place that names the Sonolus version we speak (docs/protocol.md §1: expect churn).
import { version } from '@sonolus/core'

export const SONOLUS_VERSION = version.sonolus
