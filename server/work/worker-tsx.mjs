// The worker threads' entry while the server runs from its TypeScript sources (under tsx): a loader given
// to the main process does not reach worker threads on Node 20, so each thread registers tsx itself,
// then loads the tasks. A compiled server points the pool at the compiled tasks instead.
import { register } from 'tsx/esm/api'

register()
const tasks = await import('./tasks')

export const { convertSusTask, readLevelDataTask, readReplayTask, compareLevelsTask } = tasks
