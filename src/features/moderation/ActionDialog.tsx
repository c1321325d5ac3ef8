// The small form behind every moderator action: a required reason (the author sees it), a duration for a
// suspension or its change, the suspension in force when there is one, and a warning before a delete. An
// empty reason shows empty_field and sends nothing.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Flex, Form, Input, Modal, Select } from 'antd'
import {
  MODERATION_REASON_MAX,
  type ModerationAction,
  SUSPEND_CHOICES_HOURS,
  type Suspension,
  type TargetRef,
} from '../../../common/api/moderation'
import { stripControl } from '../../../common/text'
import { useModerateMutation } from '../../api/moderation'
import { useAppDispatch } from '../../app/hooks'
import { type MessageId } from '../../messageIds'
import { codePointCount } from '../../components/codePointCount'
import { showError } from '../../app/messages/messagesSlice'
import { SuspensionText } from './TargetPreviewView'
import { useDialogSubmit } from './useDialogSubmit'

const REASON_COUNT = codePointCount(MODERATION_REASON_MAX, true)
const DEFAULT_HOURS = 24

/** A duration in hours as people say it: whole days as days. */
export const durationLabel = (hours: number): { id: MessageId; values: { n: number } } =>
  hours % 24 === 0
    ? { id: 'moderation.days', values: { n: hours / 24 } }
    : { id: 'moderation.hours', values: { n: hours } }

export type ActionDialogProps = {
  target: TargetRef
  action: ModerationAction
  /** How the target is named in the title: a chart's title, a user's name#handle… */
  label: string
  /** A user's suspension in force, shown while it is lifted, changed or turned into a ban. */
  current?: Suspension | null
  onClose: () => void
}

/** The actions that set a suspension's length. */
const TIMED: ModerationAction[] = ['suspend', 'change']

export const ActionDialog = ({ target, action, label, current, onClose }: ActionDialogProps) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { busy, send } = useDialogSubmit(onClose)
  const [moderate] = useModerateMutation()
  const [reason, setReason] = useState('')
  const [hours, setHours] = useState(DEFAULT_HOURS)
  const [missing, setMissing] = useState(false)
  const actionLabel = intl.formatMessage({ id: `moderation.action.${action}` })
  const danger = action === 'delete' || action === 'ban'

  const confirm = async () => {
    // The server refuses control characters and counts code points, as the counter does.
    const clean = stripControl(reason, 'multiline').trim()
    if (!clean) {
      setMissing(true)
      dispatch(showError('error.empty_field'))
      return
    }
    await send(
      () =>
        moderate({ target, action, reason: clean, ...(TIMED.includes(action) ? { hours } : {}) }).unwrap(),
      'success.moderation',
    )
  }

  return (
    <Modal
      open
      title={intl.formatMessage({ id: 'moderation.dialog_title' }, { action: actionLabel, target: label })}
      okText={actionLabel}
      cancelText={<FormattedMessage id="chart.info.cancel" />}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <Flex vertical gap={8}>
        {action === 'delete' && (
          <Alert type="error" showIcon message={<FormattedMessage id="moderation.delete_warning" />} />
        )}
        {current && (
          <Alert
            type="info"
            data-testid="current-suspension"
            message={
              <FormattedMessage
                id="moderation.current_suspension"
                values={{ status: <SuspensionText suspension={current} /> }}
              />
            }
          />
        )}
        <Form layout="vertical" component="div">
          {TIMED.includes(action) && (
            <Form.Item label={<FormattedMessage id="moderation.duration" />} htmlFor="moderation-hours">
              <Select
                id="moderation-hours"
                value={hours}
                onChange={setHours}
                options={SUSPEND_CHOICES_HOURS.map((choice) => {
                  const { id, values } = durationLabel(choice)
                  return { value: choice, label: intl.formatMessage({ id }, values) }
                })}
              />
            </Form.Item>
          )}
          {/* The required mark and, once it is left empty, the error say "Required"; the hint says only who
              reads the reason, so the word is not shown twice. */}
          <Form.Item
            label={<FormattedMessage id="moderation.reason" />}
            htmlFor="moderation-reason"
            required
            validateStatus={missing ? 'error' : undefined}
            help={missing ? <FormattedMessage id="create.required" /> : undefined}
            extra={<FormattedMessage id="moderation.reason_hint" />}
          >
            <Input.TextArea
              id="moderation-reason"
              aria-required
              aria-invalid={missing}
              value={reason}
              count={REASON_COUNT}
              autoSize={{ minRows: 3, maxRows: 8 }}
              onChange={(event) => {
                setReason(event.target.value)
                if (event.target.value.trim()) setMissing(false)
              }}
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  )
}
