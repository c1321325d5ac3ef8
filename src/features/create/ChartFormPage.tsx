// spec §2 "Create and Edit": the upload section (cover with a thumbnail, music, chart file), the info
// section and the progress readout; edit is the same form on an existing chart, with the author locked.
// Create needs a login (not_login); edit also needs the chart's author handle to be the user's
// (permission_denied, spec §5/§6). The browser checks the files and fields first (spec §5), then the
// pipeline thunk uploads and saves, and the page goes to the chart's info 3000 ms after it finishes.
// Create also asks the creator to accept the upload rules (/docs/rules, issue 14).
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useParams } from 'react-router-dom'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Spin,
  Switch,
} from 'antd'
import { PictureOutlined, UploadOutlined } from '@ant-design/icons'
import {
  CREATE_STAGES,
  MAX_DESCRIPTION_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
} from '../../../common/api/uploads'
import { type RawChart } from '../../../common/api/levels'
import { ChartError, convertSus } from '../../../common/chart'
import { formatSize, levelLabel, splitAuthor } from '../../../common/format'
import { LEVEL_MIN, OLIVIER_LEVEL_MAX, REDIRECT_AFTER_SAVE_MS, levelMax } from '../../../common/rules'
import { stripControl } from '../../../common/text'
import { type ErrorKey, errorKeyOf, statusOf } from '../../api/errors'
import { useGetLevelQuery } from '../../api/levels'
import { useAppDispatch, useAppSelector, useBases, useCurrentUser } from '../../app/hooks'
import { chartInfoPath, docsPath } from '../../app/routes'
import { Scaffold } from '../../components/Scaffold'
import { LoginPrompt } from '../../components/LoginPrompt'
import { codePointCount } from '../../components/codePointCount'
import { showError } from '../messages/messagesSlice'
import { type PipelineMode, resetCreate, selectCreate } from './createSlice'
import { type PipelineInput, runPipeline } from './pipeline'
import { ProgressReadout } from './ProgressReadout'
import { TagsInput } from './TagsInput'
import { clampLevel, isImageFile, isLevelInRange, isMp3File, isSusName, isTooLarge } from './validation'

/** antd's count options, made once: a new object each render makes the field measure itself again. */
const TITLE_COUNT = codePointCount(MAX_TITLE_LENGTH)
const DESCRIPTION_COUNT = codePointCount(MAX_DESCRIPTION_LENGTH, true)

type User = { handle: string; name: string }

type Fields = {
  title: string
  composer: string
  artists: string
  author: string
  description: string
  level: number | null
  isOlivier: boolean
  isPublic: boolean
  /** Others may download the SUS (issue 15; off by default). */
  allowSusDownload: boolean
  tags: string[]
  /** Create only: "I have read and accept the upload rules". */
  rulesAccepted: boolean
}

type FieldName = keyof Fields | 'cover' | 'music' | 'chart'

type PickedChart = { file: File; data: Uint8Array; warnings: number }
type Picked = { cover?: File; music?: File; chart?: PickedChart }

const COVER_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp'
const MUSIC_ACCEPT = '.mp3,audio/mpeg'
const CHART_ACCEPT = '.sus'

const initialFields = (chart: RawChart | undefined, user: User): Fields =>
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
      }
    : {
        title: '',
        composer: '',
        artists: '',
        // The server stores '{name}#{the caller's handle}' whatever comes before the '#'.
        author: `${user.name}#${user.handle}`,
        description: '',
        level: null,
        isOlivier: false,
        isPublic: true,
        allowSusDownload: false,
        tags: [],
        rulesAccepted: false,
      }

type FilePickerProps = {
  id: string
  /** The field's label, for the Remove button's name. */
  label: string
  accept: string
  file?: File
  /** The chart has this file already (edit): picking none keeps it. */
  existing?: boolean
  /** The last pick failed its check: Remove clears that. */
  failed?: boolean
  disabled: boolean
  onPick: (file: File) => void
  onClear: () => void
}

const FilePicker = ({
  id,
  label,
  accept,
  file,
  existing,
  failed,
  disabled,
  onPick,
  onClear,
}: FilePickerProps) => {
  const intl = useIntl()
  const input = useRef<HTMLInputElement>(null)
  return (
    <Flex gap={8} align="center" wrap>
      {/* Our button stands in for the native control, whose "No file chosen" is the browser's, in the
          browser's language, and never names the file once it is taken (the input is emptied so the same
          file can be picked again). It stays in the page for its label, but takes no room and no tab stop:
          antd's form styles make a file input display:block, which beats the hidden attribute. */}
      <input
        ref={input}
        id={id}
        type="file"
        className="file-picker-input"
        tabIndex={-1}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const picked = event.target.files?.[0]
          event.target.value = ''
          if (picked) onPick(picked)
        }}
      />
      <Button
        icon={<UploadOutlined />}
        disabled={disabled}
        aria-describedby={`${id}-name`}
        onClick={() => input.current?.click()}
      >
        <FormattedMessage id="create.pick_file" />
      </Button>
      <span id={`${id}-name`} className="text-secondary" data-testid={`${id}-name`}>
        {file ? (
          `${file.name} (${formatSize(file.size)})`
        ) : (
          <FormattedMessage id={existing ? 'create.current_file' : 'create.no_file'} />
        )}
      </span>
      {(file || failed) && (
        <Button
          type="link"
          size="small"
          disabled={disabled}
          onClick={onClear}
          aria-label={intl.formatMessage({ id: 'create.remove_file_named' }, { name: label })}
        >
          <FormattedMessage id="create.remove_file" />
        </Button>
      )}
    </Flex>
  )
}

const ChartForm = ({ mode, user, chart }: { mode: PipelineMode; user: User; chart?: RawChart }) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const bases = useBases()
  const { busy, stage, chartId } = useAppSelector(selectCreate)
  const [fields, setFields] = useState<Fields>(() => initialFields(chart, user))
  const [picked, setPicked] = useState<Picked>({})
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [coverUrl, setCoverUrl] = useState<string>()
  const run = useRef<{ abort: () => void }>(undefined)
  const ran = useRef(false)
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)

  // A fresh readout for this form; a run still going when the page goes away is stopped.
  useEffect(() => {
    dispatch(resetCreate(mode))
    return () => run.current?.abort()
  }, [dispatch, mode])

  // spec §4: 7 finished, then the chart's info after 3000 ms.
  useEffect(() => {
    if (!ran.current || stage !== CREATE_STAGES.finished || !chartId) return
    const timer = setTimeout(() => navigate(chartInfoPath(chartId)), REDIRECT_AFTER_SAVE_MS)
    return () => clearTimeout(timer)
  }, [stage, chartId, navigate])

  useEffect(() => {
    if (!picked.cover) return
    const url = URL.createObjectURL(picked.cover)
    setCoverUrl(url)
    return () => {
      URL.revokeObjectURL(url)
      setCoverUrl(undefined)
    }
  }, [picked.cover])

  const set = <K extends keyof Fields>(name: K, value: Fields[K]) =>
    setFields((current) => ({ ...current, [name]: value }))
  const setError = (name: FieldName, message: string | undefined) =>
    setErrors((current) => {
      // The same state again: typing in a field that has nothing to say draws nothing.
      if (current[name] === message) return current
      const next = { ...current }
      if (message) next[name] = message
      else delete next[name]
      return next
    })

  /** spec §5: at most 20 MB, else file_too_large (inline and as the catalogue message). */
  const rejectLarge = (name: FieldName, file: File): boolean => {
    if (!isTooLarge(file)) return false
    setPicked((current) => ({ ...current, [name]: undefined }))
    setError(name, t('error.file_too_large'))
    dispatch(showError('error.file_too_large'))
    return true
  }

  /** Takes a cover or music file that passes its check, else shows why and keeps none. */
  const pickChecked = async (
    name: 'cover' | 'music',
    file: File,
    passes: (file: File) => boolean | Promise<boolean>,
    messageId: string,
  ) => {
    if (rejectLarge(name, file)) return
    if (!(await passes(file))) {
      setPicked((current) => ({ ...current, [name]: undefined }))
      return setError(name, t(messageId))
    }
    setPicked((current) => ({ ...current, [name]: file }))
    setError(name, undefined)
  }
  const pickCover = (file: File) => void pickChecked('cover', file, isImageFile, 'create.cover_not_image')
  // spec §5: mp3 only, by its name and by its first bytes.
  const pickMusic = (file: File) => pickChecked('music', file, isMp3File, 'create.music_not_mp3')

  const pickChart = async (file: File) => {
    if (rejectLarge('chart', file)) return
    setPicked((current) => ({ ...current, chart: undefined }))
    if (!isSusName(file.name)) return setError('chart', t('create.chart_not_sus'))
    try {
      // spec §5: converted (and gzipped at level 9) here; a failure shows 'Error' plus the message.
      const conversion = convertSus(await file.text())
      setPicked((current) => ({
        ...current,
        chart: { file, data: conversion.gzipped, warnings: conversion.warnings.length },
      }))
      setError('chart', undefined)
    } catch (error) {
      const message =
        error instanceof ChartError && error.line > 0
          ? t('create.sus_error_at', { line: error.line, column: error.column, message: error.detail })
          : (error as Error).message
      setError('chart', `${t('preview.error')}: ${message}`)
    }
  }

  const clearFile = (name: 'cover' | 'music' | 'chart') => {
    setPicked((current) => ({ ...current, [name]: undefined }))
    setError(name, undefined)
  }

  const levelError = (level: number | null, isOlivier: boolean) =>
    level !== null && !isLevelInRange(level, isOlivier)
      ? t('create.level_range', { min: LEVEL_MIN, max: levelMax(isOlivier) })
      : undefined

  const submit = () => {
    if (busy) return
    const next: Partial<Record<FieldName, string>> = {}
    // A file that failed its check is not silently left out: it has to be fixed or removed first.
    for (const name of ['cover', 'music', 'chart'] as const) if (errors[name]) next[name] = errors[name]
    // The server refuses control characters (common/text.ts): a pasted tab or line break goes here.
    const line = (text: string) => stripControl(text).trim()
    const clean = {
      title: line(fields.title),
      composer: line(fields.composer),
      artists: line(fields.artists),
    }
    const missing: FieldName[] = []
    if (!clean.title) missing.push('title')
    if (!clean.composer) missing.push('composer')
    if (!clean.artists) missing.push('artists')
    if (fields.level === null) missing.push('level')
    // spec §5: only the cover must be uploaded by the user (an edit keeps the chart's).
    if (mode === 'create' && !picked.cover && !next.cover) missing.push('cover')
    if (mode === 'create' && !fields.rulesAccepted) missing.push('rulesAccepted')
    for (const name of missing) next[name] = t('create.required')
    const range = levelError(fields.level, fields.isOlivier)
    if (range) next.level = range
    setErrors(next)
    if (missing.length > 0) dispatch(showError('error.empty_field'))
    if (Object.keys(next).length > 0) return

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
    const input: PipelineInput = {
      mode,
      id: chart?.id,
      form: {
        ...kept,
        ...clean,
        author: (chart ? chart.author : line(fields.author)) || `${user.name}#${user.handle}`,
        description: stripControl(fields.description, 'multiline'),
        level: fields.level ?? LEVEL_MIN,
        isOliver: fields.isOlivier ? 1 : 0,
        isPublic: fields.isPublic ? 1 : 0,
        allowSusDownload: fields.allowSusDownload ? 1 : 0,
        tags: fields.tags,
      },
      files: {
        cover: picked.cover,
        music: picked.music,
        chart: picked.chart?.file,
        data: picked.chart?.data,
      },
      rulesAccepted: mode === 'create' && fields.rulesAccepted,
    }
    ran.current = true
    run.current = dispatch(runPipeline(input))
  }

  /** A yes/no field of the form. */
  const switchItem = (name: 'isPublic' | 'allowSusDownload', labelId: string) =>
    item(
      name,
      <FormattedMessage id={labelId} />,
      <Switch id={`create-${name}`} checked={fields[name]} onChange={(checked) => set(name, checked)} />,
    )
  const item = (name: FieldName, label: ReactNode, children: ReactNode, extra?: ReactNode) => (
    <Form.Item
      label={label}
      htmlFor={`create-${name}`}
      required={
        ['title', 'composer', 'artists', 'level'].includes(name) ||
        ((name === 'cover' || name === 'rulesAccepted') && !chart)
      }
      validateStatus={errors[name] ? 'error' : undefined}
      help={errors[name]}
      extra={extra}
    >
      {children}
    </Form.Item>
  )

  // The server takes at most MAX_TITLE_LENGTH code points for each of these.
  const textField = (name: 'title' | 'composer' | 'artists') =>
    item(
      name,
      <FormattedMessage id={`create.${name}`} />,
      <Input
        id={`create-${name}`}
        value={fields[name]}
        count={TITLE_COUNT}
        onChange={(event) => {
          set(name, event.target.value)
          if (event.target.value.trim()) setError(name, undefined)
        }}
      />,
    )

  /** One of the three file pickers, in its form item. */
  const fileField = (
    name: 'cover' | 'music' | 'chart',
    accept: string,
    file: File | undefined,
    existing: boolean,
    onPick: (file: File) => unknown,
    hintId?: string,
  ) =>
    item(
      name,
      <FormattedMessage id={`create.${name}`} />,
      <FilePicker
        id={`create-${name}`}
        label={t(`create.${name}`)}
        accept={accept}
        file={file}
        existing={existing}
        failed={!!errors[name]}
        disabled={busy}
        onPick={(picked) => void onPick(picked)}
        onClear={() => clearFile(name)}
      />,
      hintId ? <FormattedMessage id={hintId} /> : undefined,
    )

  const shownCover = coverUrl ?? (chart ? `${bases.data}${chart.coverHash}` : undefined)

  return (
    <Form layout="vertical" disabled={busy} onFinish={submit} className="create-form">
      <Flex vertical gap={16}>
        <Card title={<FormattedMessage id="create.section_upload" />}>
          <Flex gap={24} wrap>
            <div className="create-cover-thumb">
              {shownCover ? (
                <img src={shownCover} alt={t('create.cover_preview')} />
              ) : (
                <PictureOutlined aria-hidden />
              )}
            </div>
            <Flex vertical style={{ flex: 1, minWidth: 280 }}>
              {fileField('cover', COVER_ACCEPT, picked.cover, !!chart, pickCover, 'create.cover_hint')}
              {fileField('music', MUSIC_ACCEPT, picked.music, !!chart?.musicHash, pickMusic)}
              {fileField(
                'chart',
                CHART_ACCEPT,
                picked.chart?.file,
                !!chart?.susHash,
                pickChart,
                'create.chart_hint',
              )}
              {picked.chart && picked.chart.warnings > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  message={t('preview.warnings', { count: picked.chart.warnings })}
                />
              )}
            </Flex>
          </Flex>
        </Card>

        <Card title={<FormattedMessage id="create.section_info" />}>
          {textField('title')}
          {textField('composer')}
          {textField('artists')}
          {item(
            'author',
            <FormattedMessage id="create.author" />,
            <Input
              id="create-author"
              value={fields.author}
              count={TITLE_COUNT}
              // spec §2: the author cannot be changed on edit.
              disabled={mode === 'edit' || busy}
              onChange={(event) => set('author', event.target.value)}
            />,
            mode === 'edit' ? (
              <FormattedMessage id="create.author_locked" />
            ) : (
              <FormattedMessage
                id="create.author_hint"
                values={{ handle: splitAuthor(`${user.name}#${user.handle}`).handle }}
              />
            ),
          )}
          <Flex gap={24} wrap>
            {item(
              'isOlivier',
              <FormattedMessage id="create.is_olivier" />,
              <Switch
                id="create-isOlivier"
                checked={fields.isOlivier}
                onChange={(checked) => {
                  // Olivier narrows the range to I-X: a level above it becomes X rather than an error.
                  const level = fields.level === null ? null : clampLevel(fields.level, checked)
                  setFields((current) => ({ ...current, isOlivier: checked, level }))
                  setError('level', levelError(level, checked))
                }}
              />,
            )}
            {item(
              'level',
              <FormattedMessage id="create.level" />,
              fields.isOlivier ? (
                // spec §5: 1-10 when Olivier, shown as Roman numerals I-X.
                <Select
                  id="create-level"
                  style={{ width: 180 }}
                  value={fields.level ?? undefined}
                  placeholder={t('create.level_placeholder')}
                  options={Array.from({ length: OLIVIER_LEVEL_MAX }, (_, index) => ({
                    value: index + 1,
                    label: levelLabel(index + 1, true),
                  }))}
                  onChange={(value: number) => {
                    set('level', value)
                    setError('level', levelError(value, true))
                  }}
                />
              ) : (
                // The arrows stop at the ends of the range, and a typed level outside it is clamped
                // when the field is left; until then it is not taken (no onChange), so onInput names the
                // range as it is typed.
                <InputNumber
                  id="create-level"
                  style={{ width: 180 }}
                  min={LEVEL_MIN}
                  max={levelMax(false)}
                  value={fields.level}
                  placeholder={t('create.level_placeholder')}
                  onChange={(value) => {
                    const level = typeof value === 'number' ? value : null
                    set('level', level)
                    setError('level', levelError(level, false))
                  }}
                  onInput={(text) => {
                    const typed = Number(text)
                    if (text.trim() !== '' && Number.isFinite(typed))
                      setError('level', levelError(typed, false))
                  }}
                />
              ),
            )}
            {switchItem('isPublic', 'create.is_public')}
            {switchItem('allowSusDownload', 'create.allow_sus_download')}
          </Flex>
          {item(
            'tags',
            <FormattedMessage id="create.tags" />,
            <TagsInput
              id="create-tags"
              value={fields.tags}
              disabled={busy}
              onChange={(tags) => set('tags', tags)}
              onLimit={(refused) =>
                setError('tags', refused ? t('create.tags_limit', { max: MAX_TAGS }) : undefined)
              }
            />,
            <FormattedMessage id="create.tags_hint" values={{ count: fields.tags.length, max: MAX_TAGS }} />,
          )}
          {item(
            'description',
            <FormattedMessage id="create.description" />,
            <Input.TextArea
              id="create-description"
              value={fields.description}
              count={DESCRIPTION_COUNT}
              rows={6}
              onChange={(event) => set('description', event.target.value)}
            />,
            // Where people write: images from other sites show as links (the site's content policy).
            <FormattedMessage id="create.description_hint" />,
          )}
          {mode === 'create' &&
            item(
              'rulesAccepted',
              <FormattedMessage id="create.rules" />,
              <Checkbox
                id="create-rulesAccepted"
                checked={fields.rulesAccepted}
                onChange={(event) => {
                  set('rulesAccepted', event.target.checked)
                  if (event.target.checked) setError('rulesAccepted', undefined)
                }}
              >
                <FormattedMessage id="create.rules_accept" />
              </Checkbox>,
              <FormattedMessage
                id="create.rules_hint"
                values={{
                  // A new tab: following the link must not lose what the form holds.
                  link: (words) => (
                    <a href={docsPath('rules')} target="_blank" rel="noopener noreferrer">
                      {words}
                    </a>
                  ),
                }}
              />,
            )}
        </Card>

        <Card title={<FormattedMessage id="create.section_progress" />}>
          <ProgressReadout />
        </Card>

        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" size="large" loading={busy}>
            <FormattedMessage id={mode === 'edit' ? 'create.submit_edit' : 'create.submit_create'} />
          </Button>
        </Flex>
      </Flex>
    </Form>
  )
}

const ChartFormScreen = ({ mode, id }: { mode: PipelineMode; id: string }) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { user, isLoading: checkingLogin } = useCurrentUser()
  const { data, error, isLoading } = useGetLevelQuery(id, { skip: mode !== 'edit' || !user })

  const chart = data?.rawItem
  const status = statusOf(error)
  const notOwner = !!chart && !!user && splitAuthor(chart.author).handle !== user.handle
  let errorKey: ErrorKey | undefined
  if (!checkingLogin && !user) errorKey = 'not_login'
  else if (error && status !== 404) errorKey = errorKeyOf(error, 'permission_denied')
  else if (notOwner) errorKey = 'permission_denied'
  // A visitor is asked to log in, once, with the way to do it (issue 15); other failures are errors.
  useEffect(() => {
    if (errorKey && errorKey !== 'not_login') dispatch(showError(`error.${errorKey}`))
  }, [errorKey, dispatch])

  const title = <FormattedMessage id={mode === 'edit' ? 'route.chart_edit' : 'route.chart_create'} />
  let body: ReactNode
  if (checkingLogin || (mode === 'edit' && user && isLoading)) {
    body = <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
  } else if (errorKey === 'not_login') {
    body = <LoginPrompt />
  } else if (errorKey) {
    body = (
      <Result
        status={errorKey === 'fetch_failed' ? 'error' : '403'}
        title={<FormattedMessage id={`error.${errorKey}`} />}
      />
    )
  } else if (mode === 'edit' && !chart) {
    body = <Result status="404" title={<FormattedMessage id="chart.info.not_found" />} />
  } else {
    body = <ChartForm mode={mode} user={user!} chart={chart} />
  }
  return (
    <Scaffold title={title} subtitle={chart?.title}>
      {body}
    </Scaffold>
  )
}

/** One form per route and chart: moving between create and edit (or two charts) starts afresh. */
export const ChartFormPage = ({ mode }: { mode: PipelineMode }) => {
  const { id = '' } = useParams()
  return <ChartFormScreen key={`${mode}:${id}`} mode={mode} id={id} />
}

export default ChartFormPage
