// A moderator's news post, new or edited: a title and a body in markdown, both required (an empty
// one is marked by the form and says empty_field, and nothing is sent), with counters at the server's
// limits. Success closes the dialog; a failure shows in the error bar and leaves it open to try again.
// Only moderators open it, so it loads on demand (NewsCard): the home page's visitors never fetch its form.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form, Input, Modal } from 'antd'
import { NEWS_BODY_MAX, NEWS_TITLE_MAX, type NewsItem } from '../../../common/api/people'
import { stripControl } from '../../../common/text'
import { type NewsPost, useCreateNewsMutation, useEditNewsMutation } from '../../api/people'
import { useAppDispatch } from '../../app/hooks'
import { codePointCount } from '../../components/codePointCount'
import { showError } from '../../app/messages/messagesSlice'
import { useSubmit } from '../../app/messages/useSubmit'
import { explainMissing } from './newsErrors'

const TITLE_COUNT = codePointCount(NEWS_TITLE_MAX, true)
const BODY_COUNT = codePointCount(NEWS_BODY_MAX, true)

export type NewsDialogProps = {
  /** The post to edit; a new post when absent. */
  item?: NewsItem
  onClose: () => void
  /** After a post is saved (before the dialog closes). */
  onSaved?: () => void
}

export const NewsDialog = ({ item, onClose, onSaved }: NewsDialogProps) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const [form] = Form.useForm<NewsPost>()
  const [createNews] = useCreateNewsMutation()
  const [editNews] = useEditNewsMutation()
  const submit = useSubmit()
  const [busy, setBusy] = useState(false)
  const required = intl.formatMessage({ id: 'create.required' })
  const rules = [{ required: true, whitespace: true, message: required }]

  const save = async (values: NewsPost) => {
    // The server refuses control characters and trims, as the counters count.
    const post = {
      title: stripControl(values.title ?? '').trim(),
      body: stripControl(values.body ?? '', 'multiline').trim(),
    }
    setBusy(true)
    try {
      await submit(
        () => (item ? editNews({ id: item.id, ...post }) : createNews(post)).unwrap(),
        'success.save',
        explainMissing,
      )
      onSaved?.()
      onClose()
    } catch {
      // useSubmit has shown the message; the dialog stays open to try again.
    } finally {
      setBusy(false)
    }
  }

  // docs/spec.md §8: a missing required field says empty_field besides marking the field.
  const refused = ({ errorFields }: { errorFields: { errors: string[] }[] }) => {
    if (errorFields.some((field) => field.errors.includes(required))) dispatch(showError('error.empty_field'))
  }

  return (
    <Modal
      open
      title={<FormattedMessage id={item ? 'news.edit_title' : 'news.write'} />}
      okText={<FormattedMessage id={item ? 'news.save' : 'news.publish'} />}
      cancelText={<FormattedMessage id="chart.info.cancel" />}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
    >
      <Form
        form={form}
        name="news"
        layout="vertical"
        disabled={busy}
        initialValues={{ title: item?.title ?? '', body: item?.body ?? '' }}
        onFinish={(values) => void save(values)}
        onFinishFailed={refused}
      >
        <Form.Item name="title" label={<FormattedMessage id="news.field_title" />} rules={rules}>
          <Input count={TITLE_COUNT} />
        </Form.Item>
        <Form.Item
          name="body"
          label={<FormattedMessage id="news.field_body" />}
          rules={rules}
          extra={<FormattedMessage id="news.body_hint" />}
        >
          <Input.TextArea count={BODY_COUNT} autoSize={{ minRows: 6, maxRows: 16 }} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export default NewsDialog
