// The takedown request form under /docs/takedown: anyone, logged in or not, names themselves,
// a contact, the work, the chart addresses and a statement; the request goes to the moderators' queue.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Card, Form, Input } from 'antd'
import { TAKEDOWN_LIMITS, type TakedownRequest } from '../../../common/api/moderation'
import { stripControl } from '../../../common/text'
import { serverErrorOf, statusOf } from '../../api/errors'
import { useTakedownMutation } from '../../api/moderation'
import { useAppDispatch } from '../../app/hooks'
import { codePointCount } from '../../components/codePointCount'
import { showError } from '../../app/messages/messagesSlice'
import { useSubmit } from '../../app/messages/useSubmit'

type Field = keyof TakedownRequest
const FIELDS: Field[] = ['claimant', 'contact', 'work', 'urls', 'statement']
/** Multi-line fields keep their line breaks (addresses one a line, the statement's paragraphs). */
const MULTILINE: Field[] = ['urls', 'statement']
/** antd's count options, made once (see ChartFormPage). */
const COUNTS = Object.fromEntries(
  FIELDS.map((field) => [field, codePointCount(TAKEDOWN_LIMITS[field], true)]),
) as Record<Field, ReturnType<typeof codePointCount>>

const EMPTY: TakedownRequest = { claimant: '', contact: '', work: '', urls: '', statement: '' }

export const TakedownForm = () => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const submit = useSubmit()
  const [takedown, sending] = useTakedownMutation()
  const [values, setValues] = useState<TakedownRequest>(EMPTY)
  const [missing, setMissing] = useState<Field[]>([])

  const send = async () => {
    const clean = Object.fromEntries(
      FIELDS.map((field) => [
        field,
        stripControl(values[field], MULTILINE.includes(field) ? 'multiline' : 'line').trim(),
      ]),
    ) as TakedownRequest
    const empty = FIELDS.filter((field) => !clean[field])
    setMissing(empty)
    if (empty.length > 0) {
      dispatch(showError('error.empty_field'))
      return
    }
    try {
      await submit(
        () => takedown(clean).unwrap(),
        'success.takedown',
        // The server's 400 when no address names a chart of this site.
        (error) =>
          statusOf(error) === 400 && serverErrorOf(error) === 'bad_request' ? 'takedown.no_chart' : undefined,
      )
      setValues(EMPTY)
    } catch {
      // useSubmit has shown the message; the form keeps what was typed.
    }
  }

  const field = (name: Field) => {
    const props = {
      id: `takedown-${name}`,
      value: values[name],
      count: COUNTS[name],
      onChange: (event: { target: { value: string } }) => {
        const value = event.target.value
        setValues((current) => ({ ...current, [name]: value }))
        if (value.trim()) setMissing((current) => current.filter((item) => item !== name))
      },
    }
    return (
      <Form.Item
        key={name}
        label={<FormattedMessage id={`takedown.${name}`} />}
        htmlFor={`takedown-${name}`}
        required
        validateStatus={missing.includes(name) ? 'error' : undefined}
        help={missing.includes(name) ? intl.formatMessage({ id: 'create.required' }) : undefined}
        extra={<FormattedMessage id={`takedown.${name}_hint`} />}
      >
        {MULTILINE.includes(name) ? (
          <Input.TextArea {...props} autoSize={{ minRows: name === 'urls' ? 3 : 6, maxRows: 16 }} />
        ) : (
          <Input {...props} />
        )}
      </Form.Item>
    )
  }

  return (
    <Card title={<FormattedMessage id="takedown.form_title" />}>
      <Form layout="vertical" onFinish={() => void send()} disabled={sending.isLoading}>
        {FIELDS.map(field)}
        <Button type="primary" htmlType="submit" loading={sending.isLoading}>
          <FormattedMessage id="takedown.send" />
        </Button>
      </Form>
    </Card>
  )
}
