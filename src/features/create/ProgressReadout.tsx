// docs/spec.md §2/§4: the create/edit progress readout: the stage the pipeline is at (0 waiting … 7 finished) and
// each stage's state, with the upload's progress (percent, and the buffer that runs ahead of it). A stage the
// server refused keeps the server's reason beside it, after the message bar has gone.
import { type ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Progress } from 'antd'
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  CloudServerOutlined,
  LoadingOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons'
import { CREATE_STAGES, type CreateStage } from '../../../common/api/uploads'
import { useAppSelector } from '../../app/hooks'
import { type MessageId } from '../../messageIds'
import { selectPipeline } from './pipelineSlice'
import { type StageStatus, WORK_STAGES } from './stages'

const STAGE_COUNT = CREATE_STAGES.finished

const ICONS: Record<StageStatus, ReactNode> = {
  waiting: <ClockCircleOutlined />,
  active: <LoadingOutlined />,
  done: <CheckCircleFilled className="create-stage-done" />,
  stored: <CloudServerOutlined className="create-stage-done" />,
  skipped: <MinusCircleOutlined />,
  failed: <CloseCircleFilled className="create-stage-failed" />,
}

export const stageNameId = (stage: CreateStage, mode: 'create' | 'edit'): MessageId =>
  stage === CREATE_STAGES.create && mode === 'edit' ? 'create.stage_6_edit' : `create.stage_${stage}`

export const ProgressReadout = () => {
  const intl = useIntl()
  const { stage, progress, mode, busy, reason } = useAppSelector(selectPipeline)
  const finished = stage === CREATE_STAGES.finished
  const rows: { stage: CreateStage; status: StageStatus; percent?: number; buffer?: number }[] = [
    ...WORK_STAGES.map((work) => ({ stage: work, ...progress[work] })),
    { stage: CREATE_STAGES.finished, status: finished ? 'done' : 'waiting' },
  ]

  return (
    <div className="create-progress">
      <p className="create-stage" data-testid="create-stage" data-stage={stage} aria-live="polite">
        {intl.formatMessage(
          { id: 'create.stage_label' },
          { stage, total: STAGE_COUNT, name: intl.formatMessage({ id: stageNameId(stage, mode) }) },
        )}
      </p>
      <ol className="create-stages" aria-label={intl.formatMessage({ id: 'create.section_progress' })}>
        {rows.map((row) => (
          <li
            key={row.stage}
            className="create-stage-row"
            data-testid={`create-stage-${row.stage}`}
            data-status={row.status}
          >
            <span className="create-stage-icon" aria-hidden>
              {ICONS[row.status]}
            </span>
            <span className="create-stage-name">
              <FormattedMessage id={stageNameId(row.stage, mode)} />
            </span>
            <span className="create-stage-status">
              <FormattedMessage id={`create.status_${row.status}`} />
            </span>
            {row.stage <= CREATE_STAGES.data && row.status !== 'skipped' && row.status !== 'waiting' && (
              <div
                className="create-stage-bar"
                data-testid={`create-progress-${row.stage}`}
                data-percent={Math.round(row.percent ?? 0)}
                data-buffer={Math.round(row.buffer ?? 0)}
              >
                <Progress
                  size="small"
                  percent={row.buffer}
                  success={{ percent: row.percent }}
                  status={row.status === 'failed' ? 'exception' : busy ? 'active' : 'normal'}
                  format={() => `${Math.round(row.percent ?? 0)}%`}
                />
              </div>
            )}
            {row.status === 'failed' && reason && (
              <div className="create-stage-reason" data-testid="create-failure-reason">
                {reason}
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}
