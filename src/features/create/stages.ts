// docs/spec.md §4 "Create/edit progress": the stages of a create/edit run that do work, and how far each got.
// The pipeline thunk (pipeline.ts) reports them; its slice (pipelineSlice.ts) keeps them.
import { CREATE_STAGES } from '../../../common/api/uploads'

export type PipelineMode = 'create' | 'edit'

/** The stages that do work: 1-5 upload a file each, 6 creates (or updates) the level. */
export const WORK_STAGES = [
  CREATE_STAGES.cover,
  CREATE_STAGES.background,
  CREATE_STAGES.music,
  CREATE_STAGES.chart,
  CREATE_STAGES.data,
  CREATE_STAGES.create,
] as const
export type WorkStage = (typeof WORK_STAGES)[number]

/** done: uploaded (or created); stored: the server had the file already (201); skipped: no file. */
export type StageStatus = 'waiting' | 'active' | 'done' | 'stored' | 'skipped' | 'failed'

/** docs/spec.md §4: an upload's progress starts at 0 with buffer 10; both grow per chunk. */
export type StageProgress = { status: StageStatus; percent: number; buffer: number }
export const INITIAL_PROGRESS: StageProgress = { status: 'waiting', percent: 0, buffer: 10 }
