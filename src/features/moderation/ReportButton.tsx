// "Report" on a chart or a comment, for logged-in users who are not its author: a reason from
// the fixed list, an optional note, then "Report sent successfully" (or "already reported" when the
// server kept an earlier open report of the same user).
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, type ButtonProps, Form, Input, Modal, Radio, Space } from 'antd'
import { FlagOutlined } from '@ant-design/icons'
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
  type TargetRef,
} from '../../../common/api/moderation'
import { stripControl } from '../../../common/text'
import { useReportMutation } from '../../api/moderation'
import { useAppDispatch } from '../../app/hooks'
import { codePointCount } from '../../components/codePointCount'
import { showError } from '../../app/messages/messagesSlice'
import { useDialogSubmit } from './useDialogSubmit'

const NOTE_COUNT = codePointCount(REPORT_NOTE_MAX, true)

const ReportDialog = ({ target, onClose }: { target: TargetRef; onClose: () => void }) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { busy, send: submit } = useDialogSubmit(onClose)
  const [report] = useReportMutation()
  const [reason, setReason] = useState<ReportReason>()
  const [note, setNote] = useState('')

  const send = async () => {
    if (!reason) {
      dispatch(showError('error.empty_field'))
      return
    }
    const clean = stripControl(note, 'multiline').trim()
    await submit(
      () => report({ target, reason, ...(clean ? { note: clean } : {}) }).unwrap(),
      (answer) => (answer.duplicate ? 'success.report_duplicate' : 'success.report'),
    )
  }

  return (
    <Modal
      open
      title={<FormattedMessage id={`report.title_${target.type}`} />}
      okText={<FormattedMessage id="report.send" />}
      cancelText={<FormattedMessage id="chart.info.cancel" />}
      okButtonProps={{ loading: busy }}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={<FormattedMessage id="report.reason" />} required>
          <Radio.Group
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason)}
            aria-label={intl.formatMessage({ id: 'report.reason' })}
          >
            <Space direction="vertical">
              {REPORT_REASONS.map((value) => (
                <Radio key={value} value={value}>
                  <FormattedMessage id={`moderation.reason.${value}`} />
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={<FormattedMessage id="report.note" />} htmlFor="report-note">
          <Input.TextArea
            id="report-note"
            value={note}
            count={NOTE_COUNT}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export const ReportButton = ({
  target,
  ...button
}: { target: TargetRef } & Omit<ButtonProps, 'onClick' | 'target'>) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={<FlagOutlined />} {...button} onClick={() => setOpen(true)}>
        <FormattedMessage id="report.button" />
      </Button>
      {open && <ReportDialog target={target} onClose={() => setOpen(false)} />}
    </>
  )
}
