// spec §4 "Create/edit progress": where the create/edit pipeline is (0 waiting … 7 finished), how far each
// stage got, and how the last run ended. The pipeline thunk (pipeline.ts) moves it; the form reads it.
import { type PayloadAction, createSlice } from '@reduxjs/toolkit'
import { CREATE_STAGES, type CreateStage } from '../../../common/api/uploads'
import { type ErrorKey } from '../../api/errors'

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

/** spec §4: an upload's progress starts at 0 with buffer 10; both grow per chunk. */
export type StageProgress = { status: StageStatus; percent: number; buffer: number }
export const INITIAL_PROGRESS: StageProgress = { status: 'waiting', percent: 0, buffer: 10 }

export type PipelineMode = 'create' | 'edit'

export type CreateState = {
  mode: PipelineMode
  stage: CreateStage
  progress: Record<WorkStage, StageProgress>
  /** A run is under way: the form is disabled. */
  busy: boolean
  /** The catalogue key the last failure showed. */
  error?: ErrorKey
  /** The chart the last successful run made or updated. */
  chartId?: string
}

const freshProgress = (): Record<WorkStage, StageProgress> =>
  Object.fromEntries(WORK_STAGES.map((stage) => [stage, { ...INITIAL_PROGRESS }])) as Record<
    WorkStage,
    StageProgress
  >

const initialState: CreateState = {
  mode: 'create',
  stage: CREATE_STAGES.waiting,
  progress: freshProgress(),
  busy: false,
}

const createSliceOf = createSlice({
  name: 'create',
  initialState,
  reducers: {
    /** A new form: nothing has run. */
    resetCreate: (_state, action: PayloadAction<PipelineMode>) => ({ ...initialState, mode: action.payload }),
    pipelineStarted(state, action: PayloadAction<PipelineMode>) {
      state.mode = action.payload
      state.stage = CREATE_STAGES.waiting
      state.progress = freshProgress()
      state.busy = true
      state.error = undefined
      state.chartId = undefined
    },
    stageStarted(state, action: PayloadAction<WorkStage>) {
      state.stage = action.payload
      state.progress[action.payload] = { ...INITIAL_PROGRESS, status: 'active' }
    },
    stageProgressed(state, action: PayloadAction<{ stage: WorkStage; percent: number; buffer: number }>) {
      const { stage, percent, buffer } = action.payload
      const progress = state.progress[stage]
      progress.percent = Math.min(100, Math.max(progress.percent, percent))
      progress.buffer = Math.min(100, Math.max(progress.buffer, buffer, progress.percent))
    },
    stageEnded(state, action: PayloadAction<{ stage: WorkStage; status: 'done' | 'stored' | 'skipped' }>) {
      const { stage, status } = action.payload
      state.progress[stage] = {
        status,
        percent: status === 'skipped' ? 0 : 100,
        buffer: status === 'skipped' ? 0 : 100,
      }
    },
    pipelineFinished(state, action: PayloadAction<string>) {
      state.stage = CREATE_STAGES.finished
      state.busy = false
      state.chartId = action.payload
    },
    pipelineFailed(state, action: PayloadAction<{ stage: WorkStage; error: ErrorKey }>) {
      state.progress[action.payload.stage].status = 'failed'
      state.busy = false
      state.error = action.payload.error
    },
  },
})

export const {
  resetCreate,
  pipelineStarted,
  stageStarted,
  stageProgressed,
  stageEnded,
  pipelineFinished,
  pipelineFailed,
} = createSliceOf.actions
export const createReducer = createSliceOf.reducer

type StateWithCreate = { create: CreateState }
export const selectCreate = (state: StateWithCreate): CreateState => state.create
