// docs/spec.md §4 "Create/edit progress" as one thunk: 1 cover, 2 background (composed from the cover here), 3
// music, 4 chart file (SUS), 5 level data (the SUS converted and gzipped in the browser), 6 create or
// update the level, 7 finished. Each upload is skipped when there is no new file (an edit then keeps the
// chart's hash) and when the server has the file already (201). A failure is logged, shown with its
// catalogue message (docs/spec.md §8), and ends the run; the slice then re-enables the form. A file or chart the
// server refuses shows the server's reason (showFailure): only a failure of the network says network.
import { createAction, createAsyncThunk } from '@reduxjs/toolkit'
import { CREATE_STAGES, type LevelFormBody, type UploadKind } from '../../../common/api/uploads'
import { MAX_UPLOAD_BYTES } from '../../../common/rules'
import { type MessageKey, answerOf, catalogueKeyOf } from '../../api/errors'
import { levelsApi } from '../../api/levels'
import { UploadError, putChunks, uploadsApi } from '../../api/uploads'
import { SERVERS, type ServerId } from '../../api/servers'
import { sha1OfBlob } from '../../app/sha1'
import { showFailure, showSuccess } from '../../app/messages/messagesSlice'
import { composeBackground } from './background'
import { type PipelineMode, type WorkStage } from './stages'

export type PipelineFiles = {
  cover?: Blob
  music?: Blob
  /** The SUS file as picked. */
  chart?: Blob
  /** Its level data: convertSus's gzip (level 9) of the converted chart. */
  data?: Uint8Array
}

export type PipelineInput = {
  mode: PipelineMode
  /** The chart being edited. */
  id?: string
  /** The form's fields. On edit its hashes are the chart's current ones, kept for files not replaced. */
  form: Omit<LevelFormBody, 'coverHash'> & { coverHash?: string }
  files: PipelineFiles
  /** Create only: the creator ticked "I have read and accept the upload rules". */
  rulesAccepted?: boolean
}

export type PipelineFailure = {
  stage: WorkStage
  error: MessageKey
  /** What the server said when it refused the stage's call (a file that is not what it claims, a field). */
  reason?: string
}

type StateWithServer = { settings: { server: ServerId } }

// The run's progress between its start (pending) and its end (fulfilled or rejected).
export const stageStarted = createAction<WorkStage>('create/stageStarted')
export const stageProgressed = createAction<{ stage: WorkStage; percent: number; buffer: number }>(
  'create/stageProgressed',
)
export const stageEnded = createAction<{ stage: WorkStage; status: 'done' | 'stored' | 'skipped' }>(
  'create/stageEnded',
)

/** The catalogue key a failure shows: the server's own key when it sends one (file_too_large,
 *  empty_field, permission_denied2…); else on401 for a bare 401, and the stage's key for the rest
 *  (network failures included: docs/spec.md §8 names upload_failed and create_failed for them). */
export const failureKey = (error: unknown, fallback: MessageKey, on401: MessageKey): MessageKey => {
  if (error instanceof UploadError) return error.key
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const key = 'data' in error ? catalogueKeyOf(error.data) : undefined
    if (key && key !== 'fetch_failed') return key
    if (error.status === 401) return on401
  }
  return fallback
}

const percentOf = (bytes: number, size: number) => (size > 0 ? (bytes / size) * 100 : 100)

export const runPipeline = createAsyncThunk<
  string,
  PipelineInput,
  { state: StateWithServer; rejectValue: PipelineFailure }
>('create/run', async (input, { dispatch, getState, signal, rejectWithValue }) => {
  const uploadBase = SERVERS[getState().settings.server].bases().upload
  let stage: WorkStage = CREATE_STAGES.cover

  const begin = (next: WorkStage) => {
    stage = next
    dispatch(stageStarted(next))
  }

  /** Uploads one file for the current stage and returns its hash; undefined when there is none. */
  const send = async (blob: Blob | undefined, type: UploadKind): Promise<string | undefined> => {
    const current = stage
    if (!blob) {
      dispatch(stageEnded({ stage: current, status: 'skipped' }))
      return undefined
    }
    if (blob.size > MAX_UPLOAD_BYTES) throw new UploadError('file_too_large', `${type} is ${blob.size} bytes`)
    const sha1 = await sha1OfBlob(blob)
    const start = await dispatch(
      uploadsApi.endpoints.startUpload.initiate({ sha1, size: blob.size, type }, { track: false }),
    ).unwrap()
    if (start.code === 201) {
      dispatch(stageEnded({ stage: current, status: 'stored' }))
      return sha1
    }
    await putChunks({
      file: blob,
      uploadUrl: start.uploadUrl,
      token: start.token,
      received: start.received,
      uploadBase,
      signal,
      onProgress: (received, sending) =>
        dispatch(
          stageProgressed({
            stage: current,
            percent: percentOf(received, blob.size),
            buffer: percentOf(sending, blob.size),
          }),
        ),
    })
    dispatch(stageEnded({ stage: current, status: 'done' }))
    return sha1
  }

  try {
    const { files, form } = input
    // The server refuses a create without the rules accepted: nothing is uploaded for it either.
    if (input.mode === 'create' && !input.rulesAccepted)
      throw new UploadError('empty_field', 'the upload rules were not accepted')
    begin(CREATE_STAGES.cover)
    const coverHash = (await send(files.cover, 'cover')) ?? form.coverHash
    begin(CREATE_STAGES.background)
    // A new cover gets a new background; an edit that keeps its cover keeps its background.
    const background = files.cover ? await composeBackground(files.cover) : undefined
    const backgroundHash = (await send(background, 'background')) ?? form.backgroundHash
    begin(CREATE_STAGES.music)
    const musicHash = (await send(files.music, 'music')) ?? form.musicHash
    begin(CREATE_STAGES.chart)
    const susHash = (await send(files.chart, 'chart')) ?? form.susHash
    begin(CREATE_STAGES.data)
    const data = files.data ? new Blob([files.data as BlobPart], { type: 'application/gzip' }) : undefined
    const dataHash = (await send(data, 'data')) ?? form.dataHash

    begin(CREATE_STAGES.create)
    if (!coverHash) throw new UploadError('empty_field', 'a chart needs a cover')
    const body: LevelFormBody = { ...form, coverHash, backgroundHash, musicHash, susHash, dataHash }
    let id: string
    if (input.mode === 'edit' && input.id) {
      await dispatch(
        levelsApi.endpoints.editLevel.initiate({ id: input.id, form: body }, { track: false }),
      ).unwrap()
      id = input.id
    } else {
      const created = dispatch(
        uploadsApi.endpoints.createLevel.initiate({ ...body, rulesAccepted: true }, { track: false }),
      )
      id = (await created.unwrap()).id
    }
    dispatch(stageEnded({ stage: CREATE_STAGES.create, status: 'done' }))
    dispatch(showSuccess('success.save'))
    return id
  } catch (error) {
    // `begin` moved the stage inside the closures above; TypeScript cannot see that.
    const failed = stage as WorkStage
    const creating = failed === CREATE_STAGES.create
    // docs/spec.md §8: a 401 on create is permission_denied; on the edit (a submit call) and the uploads,
    // permission_denied2.
    const key = failureKey(
      error,
      creating ? 'create_failed' : 'upload_failed',
      creating && input.mode === 'create' ? 'permission_denied' : 'permission_denied2',
    )
    // The page went away mid-run: nobody is there to read a message.
    if (!signal.aborted) {
      console.error(`create/edit failed at stage ${failed}:`, error)
      dispatch(showFailure(error, key))
    }
    const reason = answerOf(error)?.reason
    return rejectWithValue(
      reason === undefined ? { stage: failed, error: key } : { stage: failed, error: key, reason },
    )
  }
})
