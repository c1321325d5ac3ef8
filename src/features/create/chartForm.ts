// The create/edit form's fields as antd Form values, their rules, and the pipeline input a submit makes of
// them. The rules are the browser's checks of docs/spec.md §5 (validation.ts) and the shared limits
// (common/rules.ts, common/api/uploads.ts); the server checks everything again.
import { type FormRule } from 'antd'
import { type RawChart } from '../../../common/api/levels'
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  SCHEDULE_MAX_MS,
} from '../../../common/api/uploads'
import { LEVEL_MIN, levelMax } from '../../../common/rules'
import { codePointLength, stripControl } from '../../../common/text'
import { type Picked } from './FilePicker'
import { type PipelineInput } from './pipeline'
import { type PipelineMode } from './stages'
import { isLevelInRange } from './validation'

export type User = { handle: string; name: string }

/** The chart file after its check: the SUS as picked, its level data and how many warnings it gave. */
export type PickedChart = Picked<{ data: Uint8Array; warnings: number }>

export type ChartFormValues = {
  cover?: Picked
  music?: Picked
  chart?: PickedChart
  title: string
  composer: string
  artists: string
  author: string
  description: string
  level: number | null
  isOlivier: boolean
  isPublic: boolean
  /** Others may download the SUS (off by default). */
  allowSusDownload: boolean
  tags: string[]
  /** Create only: "I have read and accept the upload rules". */
  rulesAccepted: boolean
  /** When to publish, as a datetime-local input holds it (local time); '' for no schedule. */
  publishAt: string
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A time as a datetime-local input shows it, in local time to the second. */
export const toLocalInput = (time: number): string => {
  const d = new Date(time)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}
/** A datetime-local input's value (local time) as ms; NaN when it is not one. */
export const fromLocalInput = (value: string): number => new Date(value).getTime()

export type FileField = 'cover' | 'music' | 'chart'
export type TextField = 'title' | 'composer' | 'artists'

/** The author create sends by default; the server keeps '{name}#{the caller's handle}' whatever it gets. */
export const defaultAuthor = (user: User): string => `${user.name}#${user.handle}`

export const initialValues = (chart: RawChart | undefined, user: User): ChartFormValues =>
  chart
    ? {
        title: chart.title,
        composer: chart.composer,
        artists: chart.artists,
        author: chart.author,
        description: chart.description,
        level: chart.level,
        isOlivier: chart.isOliver === 1,
        isPublic: chart.isPublic === 1,
        allowSusDownload: chart.allowSusDownload === 1,
        tags: chart.tags,
        rulesAccepted: false,
        publishAt: chart.scheduledTime === null ? '' : toLocalInput(chart.scheduledTime),
      }
    : {
        title: '',
        composer: '',
        artists: '',
        author: defaultAuthor(user),
        description: '',
        level: null,
        isOlivier: false,
        isPublic: true,
        allowSusDownload: false,
        tags: [],
        rulesAccepted: false,
        publishAt: '',
      }

/** A one-line field as the server takes it: no control characters (common/text.ts), trimmed. */
export const cleanLine = (text: string | undefined): string => stripControl(text ?? '').trim()

/** The trigger of rules that run only when the form is submitted: a field is not called missing while it
 *  is being filled in, and any change to it clears the mark (Form.Item then runs only its other rules). */
const ON_SUBMIT = 'onSubmit'

/** docs/spec.md §5: a required field (create.required, and empty_field for the form) is missing when `missing`. */
const required = <T>(message: string, missing: (value: T | undefined) => boolean): FormRule => ({
  required: true,
  validateTrigger: ON_SUBMIT,
  validator: async (_rule, value: T | undefined) => {
    if (missing(value)) throw new Error(message)
  },
})

export type RuleMessages = {
  /** create.required */
  required: string
  /** create.level_range for the Olivier setting. */
  levelRange: (isOlivier: boolean) => string
  /** create.tags_limit */
  tagsLimit: string
  /** create.publish_at_range */
  schedule: string
  /** create.too_long for a limit. */
  tooLong: (max: number) => string
}

/** The fields with rules. */
type RuledField =
  FileField | TextField | 'author' | 'description' | 'level' | 'tags' | 'rulesAccepted' | 'publishAt'
export type ChartFormRules = Record<RuledField, FormRule[]>

/** Every field's rules, in the page's language. */
export const chartFormRules = (messages: RuleMessages, mode: PipelineMode): ChartFormRules => {
  /** Over the limit is refused with the limit named, never cut: the creator decides what to drop. */
  const atMost = (max: number): FormRule => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && codePointLength(value.trim()) > max) throw new Error(messages.tooLong(max))
    },
  })
  const text = [required<string>(messages.required, (value) => !cleanLine(value)), atMost(MAX_TITLE_LENGTH)]
  /** A file its check refused keeps the reason as the field's error until it is replaced or removed. */
  const file: FormRule = {
    validator: async (_rule, value: Picked | undefined) => {
      if (value?.error) throw new Error(value.error)
    },
  }
  return {
    title: text,
    composer: text,
    artists: text,
    // docs/spec.md §5: only the cover must be uploaded by the user; an edit keeps the chart's. A cover the check
    // refused shows why, not that it is missing.
    cover:
      mode === 'create'
        ? [file, required<Picked>(messages.required, (value) => value === undefined)]
        : [file],
    music: [file],
    chart: [file],
    level: [
      required<number | null>(messages.required, (value) => value === null || value === undefined),
      // docs/spec.md §5: 1-30; 1-10 when Olivier, whole numbers only.
      ({ getFieldValue }) => ({
        validator: async (_rule, value: number | null | undefined) => {
          const isOlivier = getFieldValue('isOlivier') === true
          if (value !== null && value !== undefined && !isLevelInRange(value, isOlivier))
            throw new Error(messages.levelRange(isOlivier))
        },
      }),
    ],
    tags: [{ type: 'array', max: MAX_TAGS, message: messages.tagsLimit }],
    author: [atMost(MAX_TITLE_LENGTH)],
    description: [atMost(MAX_DESCRIPTION_LENGTH)],
    rulesAccepted: [required<boolean>(messages.required, (value) => value !== true)],
    // A schedule is in the future, at most a year ahead.
    publishAt: [
      {
        validator: async (_rule, value: string | undefined) => {
          if (!value) return
          const time = fromLocalInput(value)
          const now = Date.now()
          if (!(time > now) || time > now + SCHEDULE_MAX_MS) throw new Error(messages.schedule)
        },
      },
    ],
  }
}

/** The range message's values for create.level_range. */
export const levelRangeValues = (isOlivier: boolean) => ({ min: LEVEL_MIN, max: levelMax(isOlivier) })

/** What a submit sends: the fields cleaned as the server takes them, the new files, and on edit the
 *  chart's hashes for the files not replaced. */
export const toPipelineInput = (
  values: ChartFormValues,
  mode: PipelineMode,
  user: User,
  chart?: RawChart,
): PipelineInput => {
  const sus = values.chart?.file ? values.chart : undefined
  const kept: Partial<PipelineInput['form']> =
    mode === 'edit' && chart
      ? {
          coverHash: chart.coverHash,
          backgroundHash: chart.backgroundHash ?? undefined,
          musicHash: chart.musicHash ?? undefined,
          susHash: chart.susHash ?? undefined,
          dataHash: chart.dataHash ?? undefined,
        }
      : {}
  return {
    mode,
    id: chart?.id,
    form: {
      ...kept,
      title: cleanLine(values.title),
      composer: cleanLine(values.composer),
      artists: cleanLine(values.artists),
      author: (chart ? chart.author : cleanLine(values.author)) || defaultAuthor(user),
      description: stripControl(values.description ?? '', 'multiline'),
      level: values.level ?? LEVEL_MIN,
      isOliver: values.isOlivier ? 1 : 0,
      isPublic: values.isPublic ? 1 : 0,
      allowSusDownload: values.allowSusDownload ? 1 : 0,
      tags: values.tags ?? [],
      publishAt: values.publishAt ? fromLocalInput(values.publishAt) : null,
    },
    files: {
      cover: values.cover?.file,
      music: values.music?.file,
      chart: sus?.file,
      data: sus?.data,
    },
    rulesAccepted: mode === 'create' && values.rulesAccepted === true,
  }
}
