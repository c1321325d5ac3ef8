// docs/spec.md §4 "Create/edit progress": where the create/edit pipeline is (0 waiting … 7 finished), how far each
// stage got, and how the last run ended. The pipeline thunk (pipeline.ts) moves it: its lifecycle
// (pending, fulfilled, rejected) starts and ends a run, and its stage actions move the stages between.
import { type PayloadAction, type WithSlice, createSlice } from '@reduxjs/toolkit'
import { CREATE_STAGES, type CreateStage } from '../../../common/api/uploads'
import { type MessageKey } from '../../api/errors'
import { rootReducer } from '../../app/rootReducer'
import { runPipeline, stageEnded, stageProgressed, stageStarted } from './pipeline'
import {
  INITIAL_PROGRESS,
  type PipelineMode,
  type StageProgress,
  WORK_STAGES,
  type WorkStage,
} from './stages'

export type PipelineState = {
  mode: PipelineMode
  stage: CreateStage
  progress: Record<WorkStage, StageProgress>
  /** A run is under way: the form is disabled. */
  busy: boolean
  /** The catalogue key the last failure showed. */
  error?: MessageKey
  /** The server's reason for refusing the last run, shown beside the stage that failed. */
  reason?: string
  /** The chart the last successful run made or updated. */
  chartId?: string
}

const freshProgress = (): Record<WorkStage, StageProgress> =>
  Object.fromEntries(WORK_STAGES.map((stage) => [stage, { ...INITIAL_PROGRESS }])) as Record<
    WorkStage,
    StageProgress
  >

const initialState: PipelineState = {
  mode: 'create',
  stage: CREATE_STAGES.waiting,
  progress: freshProgress(),
  busy: false,
}

const isWorkStage = (stage: CreateStage): stage is WorkStage =>
  (WORK_STAGES as readonly CreateStage[]).includes(stage)

const pipelineSlice = createSlice({
  // The store keeps it under `create`.
  name: 'create',
  initialState,
  reducers: {
    /** A new form: nothing has run. */
    resetPipeline: (_state, action: PayloadAction<PipelineMode>) => ({
      ...initialState,
      mode: action.payload,
    }),
  },
  extraReducers: (builder) =>
    builder
      .addCase(runPipeline.pending, (state, action) => {
        state.mode = action.meta.arg.mode
        state.stage = CREATE_STAGES.waiting
        state.progress = freshProgress()
        state.busy = true
        state.error = undefined
        state.reason = undefined
        state.chartId = undefined
      })
      .addCase(stageStarted, (state, action) => {
        state.stage = action.payload
        state.progress[action.payload] = { ...INITIAL_PROGRESS, status: 'active' }
      })
      .addCase(stageProgressed, (state, action) => {
        const { stage, percent, buffer } = action.payload
        const progress = state.progress[stage]
        progress.percent = Math.min(100, Math.max(progress.percent, percent))
        progress.buffer = Math.min(100, Math.max(progress.buffer, buffer, progress.percent))
      })
      .addCase(stageEnded, (state, action) => {
        const { stage, status } = action.payload
        state.progress[stage] = {
          status,
          percent: status === 'skipped' ? 0 : 100,
          buffer: status === 'skipped' ? 0 : 100,
        }
      })
      .addCase(runPipeline.fulfilled, (state, action) => {
        state.stage = CREATE_STAGES.finished
        state.busy = false
        state.chartId = action.payload
      })
      .addCase(runPipeline.rejected, (state, action) => {
        state.busy = false
        // Without a payload the run was stopped (the page went away): the stage it was at failed.
        const failed = action.payload?.stage ?? (isWorkStage(state.stage) ? state.stage : undefined)
        if (failed !== undefined) state.progress[failed].status = 'failed'
        state.error = action.payload?.error
        state.reason = action.payload?.reason
      }),
  selectors: {
    selectPipeline: (state) => state,
  },
})

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the slice's state, by merging
  export interface LazyLoadedSlices extends WithSlice<typeof pipelineSlice> {}
}

// In the store once the form's chunk loads; until then its selector answers the initial state.
const injected = pipelineSlice.injectInto(rootReducer)

export const { resetPipeline } = pipelineSlice.actions
export const { selectPipeline } = injected.selectors
