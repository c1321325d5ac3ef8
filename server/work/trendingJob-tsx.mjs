// The trending thread's entry while the server runs from its TypeScript sources (see worker-tsx.mjs).
import { register } from 'tsx/esm/api'

register()
await import('./trendingJob')
