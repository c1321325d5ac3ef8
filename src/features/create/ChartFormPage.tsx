// docs/spec.md §2 "Create and Edit": the upload section (cover with a thumbnail, music, chart file), the info
// section and the progress readout; edit is the same form on an existing chart, with the author locked.
// Create needs a login (not_login); edit also needs the chart's author handle to be the user's
// (permission_denied, docs/spec.md §5/§6). The browser checks the files and fields first (docs/spec.md §5), then the
// pipeline thunk uploads and saves, and the page goes to the chart's info 3000 ms after it finishes.
// Create also asks the creator to accept the upload rules (/docs/rules).
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { LevelItem } from '@sonolus/core'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useParams } from 'react-router-dom'
import { Button, Card, Flex, Form, Result, Spin } from 'antd'
import { CREATE_STAGES, MAX_TAGS } from '../../../common/api/uploads'
import { type RawChart } from '../../../common/api/levels'
import { REDIRECT_AFTER_SAVE_MS } from '../../../common/rules'
import { type MessageKey, errorKeyOf, statusOf } from '../../api/errors'
import { useGetLevelQuery } from '../../api/levels'
import { useAppDispatch, useAppSelector, useCurrentUser } from '../../app/hooks'
import { chartInfoPath } from '../../app/routes'
import { chartStanding } from '../../app/chartRole'
import { Scaffold } from '../../components/Scaffold'
import { LoginPrompt } from '../../components/LoginPrompt'
import { showError } from '../../app/messages/messagesSlice'
import { useFailureMessage } from '../../app/messages/useFailureMessage'
import {
  type ChartFormValues,
  type User,
  chartFormRules,
  initialValues,
  levelRangeValues,
  toPipelineInput,
} from './chartForm'
import { clearDraft, draftKey, readDraft, writeDraft } from './draft'
import { InfoCard } from './InfoCard'
import { runPipeline } from './pipeline'
import { resetPipeline, selectPipeline } from './pipelineSlice'
import { ProgressReadout } from './ProgressReadout'
import { type PipelineMode } from './stages'
import { UploadCard } from './UploadCard'
import { WatchCard } from './WatchCard'

const ChartForm = ({
  mode,
  user,
  chart,
  item,
}: {
  mode: PipelineMode
  user: User
  chart?: RawChart
  item?: LevelItem
}) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [form] = Form.useForm<ChartFormValues>()
  const { busy, stage, chartId } = useAppSelector(selectPipeline)
  const run = useRef<{ abort: () => void }>(undefined)
  const ran = useRef(false)
  const draft = draftKey(mode, chart?.id)
  // Read once: later renders must not put an older draft back over what is being typed.
  const [startValues] = useState(() => ({ ...initialValues(chart, user), ...readDraft(draft) }))

  // A fresh readout for this form; a run still going when the page goes away is stopped.
  useEffect(() => {
    dispatch(resetPipeline(mode))
    return () => run.current?.abort()
  }, [dispatch, mode])

  // docs/spec.md §4: 7 finished, then the chart's info after 3000 ms.
  useEffect(() => {
    if (!ran.current || stage !== CREATE_STAGES.finished || !chartId) return
    clearDraft(draft)
    const timer = setTimeout(() => navigate(chartInfoPath(chartId)), REDIRECT_AFTER_SAVE_MS)
    return () => clearTimeout(timer)
  }, [stage, chartId, navigate, draft])

  const required = intl.formatMessage({ id: 'create.required' })
  const rules = chartFormRules(
    {
      required,
      levelRange: (isOlivier) =>
        intl.formatMessage({ id: 'create.level_range' }, levelRangeValues(isOlivier)),
      tagsLimit: intl.formatMessage({ id: 'create.tags_limit' }, { max: MAX_TAGS }),
      schedule: intl.formatMessage({ id: 'create.publish_at_range' }),
      tooLong: (max) => intl.formatMessage({ id: 'create.too_long' }, { max }),
    },
    mode,
  )

  // docs/spec.md §5: the checks passed (a file that failed its check is not silently left out: it has to be
  // fixed or removed first), so the pipeline uploads and saves.
  const submit = (values: ChartFormValues) => {
    if (busy) return
    ran.current = true
    run.current = dispatch(runPipeline(toPipelineInput(values, mode, user, chart)))
  }
  // docs/spec.md §8: a missing required field says empty_field besides marking the field.
  const refused = ({ errorFields }: { errorFields: { errors: string[] }[] }) => {
    if (errorFields.some((field) => field.errors.includes(required))) dispatch(showError('error.empty_field'))
  }

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={busy}
      initialValues={startValues}
      onValuesChange={(_, values) => writeDraft(draft, values)}
      onFinish={submit}
      onFinishFailed={refused}
      className="create-form"
    >
      <Flex vertical gap={16}>
        <UploadCard chart={chart} busy={busy} rules={rules} />
        <WatchCard chart={chart} item={item} />
        <InfoCard mode={mode} user={user} busy={busy} rules={rules} />
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
  const { user, isLoading: checkingLogin } = useCurrentUser()
  const { data, error, isLoading } = useGetLevelQuery(id, { skip: mode !== 'edit' || !user })

  const chart = data?.rawItem
  const status = statusOf(error)
  // Its owner and its co-authors edit it.
  const notOwner = !!chart && !!user && !chartStanding(chart, user.handle)
  let errorKey: MessageKey | undefined
  if (!checkingLogin && !user) errorKey = 'not_login'
  else if (error && status !== 404) errorKey = errorKeyOf(error, 'permission_denied')
  else if (notOwner) errorKey = 'permission_denied'
  // A visitor is asked to log in, once, with the way to do it; other failures are errors.
  useFailureMessage(errorKey === 'not_login' ? undefined : errorKey, error)

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
    body = <ChartForm mode={mode} user={user!} chart={chart} item={data?.item} />
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
