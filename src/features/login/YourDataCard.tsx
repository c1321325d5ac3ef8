// A signed-in user's own data (docs/protocol.md §15.16): download the archive (a single-use link the
// browser follows), and delete the account after choosing what becomes of the charts and typing the handle.
// The deletion ends every session, this one too: the page forgets it and every answer read with it.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Flex, Input, Modal, Radio, Typography } from 'antd'
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons'
import { useDeleteAccountMutation, useExportDataMutation } from '../../api/user'
import { clearSession } from '../../api/session'
import { errorKeyOf } from '../../api/errors'
import { browser } from '../../app/browser'
import { sonolusApi } from '../../api/sonolusApi'
import { useAppDispatch } from '../../app/hooks'
import { showSuccess } from '../../app/messages/messagesSlice'
import { useFailureMessage } from '../../app/messages/useFailureMessage'

export const YourDataCard = ({ handle, suspended }: { handle: string; suspended: boolean }) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const [exportData, exporting] = useExportDataMutation()
  const [deleteAccount, deleting] = useDeleteAccountMutation()
  const [open, setOpen] = useState(false)
  const [charts, setCharts] = useState<'delete' | 'keep'>('delete')
  const [typed, setTyped] = useState('')
  useFailureMessage(
    exporting.isError ? errorKeyOf(exporting.error, 'fetch_failed') : undefined,
    exporting.error,
  )
  useFailureMessage(deleting.isError ? errorKeyOf(deleting.error, 'fetch_failed') : undefined, deleting.error)
  const confirmed = typed.trim().replace(/^#/, '') === handle

  const onExport = () =>
    exportData()
      .unwrap()
      .then((answer) => {
        dispatch(showSuccess('success.export_started'))
        browser.download(answer.url)
      })
      // The failure shows as a message (above).
      .catch(() => undefined)

  const onDelete = () =>
    deleteAccount({ handle: typed.trim(), charts })
      .unwrap()
      .then(() => {
        setOpen(false)
        clearSession()
        // Signed out from here on: nothing read with the old session is kept.
        dispatch(sonolusApi.util.resetApiState())
        dispatch(showSuccess('success.account_deleted'))
      })
      .catch(() => undefined)

  return (
    <Card title={<FormattedMessage id="account.title" />} data-testid="your-data" style={{ marginTop: 16 }}>
      <Flex vertical gap={16}>
        <div>
          <Button icon={<DownloadOutlined />} loading={exporting.isLoading} onClick={() => void onExport()}>
            <FormattedMessage id="account.export" />
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            <FormattedMessage id="account.export_hint" />
          </Typography.Paragraph>
        </div>
        <div>
          <Button danger icon={<DeleteOutlined />} disabled={suspended} onClick={() => setOpen(true)}>
            <FormattedMessage id="account.delete" />
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            <FormattedMessage id={suspended ? 'account.suspended' : 'account.delete_hint'} />
          </Typography.Paragraph>
        </div>
      </Flex>
      <Modal
        open={open}
        title={<FormattedMessage id="account.delete_title" />}
        onCancel={() => setOpen(false)}
        okText={<FormattedMessage id="account.delete_confirm" />}
        okButtonProps={{ danger: true, disabled: !confirmed, loading: deleting.isLoading }}
        onOk={() => void onDelete()}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon message={<FormattedMessage id="account.delete_hint" />} />
          <Typography.Text strong>
            <FormattedMessage id="account.charts" />
          </Typography.Text>
          <Radio.Group
            aria-label={intl.formatMessage({ id: 'account.charts' })}
            value={charts}
            onChange={(event) => setCharts(event.target.value as 'delete' | 'keep')}
          >
            <Flex vertical gap={4}>
              <Radio value="delete">
                <FormattedMessage id="account.charts_delete" />
              </Radio>
              <Radio value="keep">
                <FormattedMessage id="account.charts_keep" />
              </Radio>
            </Flex>
          </Radio.Group>
          <Input
            aria-label={intl.formatMessage({ id: 'account.confirm' }, { handle: `#${handle}` })}
            placeholder={`#${handle}`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Typography.Text type="secondary">
            <FormattedMessage id="account.confirm" values={{ handle: `#${handle}` }} />
          </Typography.Text>
        </Flex>
      </Modal>
    </Card>
  )
}
