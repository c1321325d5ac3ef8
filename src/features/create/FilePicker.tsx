// One file field of the create/edit form, as an antd form control: its value is the picked file after its
// check (or the reason the check refused it), so the field's rule can show that reason (chartForm.ts).
// It shows our own button and the file's name instead of the browser's control.
import { useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Flex, Form } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { formatSize } from '../../../common/format'

/** A picked file that passed its check (with what the check made of it), or why the check refused it. */
export type Picked<Extra extends object = object> =
  ({ file: File; error?: undefined } & Extra) | { file?: undefined; error: string }

export type FilePickerProps<V extends Picked> = {
  id: string
  /** The field's label, for the Remove button's name. */
  label: string
  accept: string
  /** The chart has this file already (edit): picking none keeps it. */
  existing?: boolean
  disabled?: boolean
  /** The file's check: what the field holds for it. */
  check: (file: File) => V | Promise<V>
  /** Set by Form.Item. */
  value?: V
  /** Set by Form.Item. */
  onChange?: (value: V | undefined) => void
}

export const FilePicker = <V extends Picked>({
  id,
  label,
  accept,
  existing,
  disabled,
  check,
  value,
  onChange,
}: FilePickerProps<V>) => {
  const intl = useIntl()
  const input = useRef<HTMLInputElement>(null)
  // Checks take a moment (reading the file): only the last pick's answer counts.
  const latest = useRef(0)
  // Any error of the field (a refused file, or a required one missing) can be cleared with Remove.
  const { status } = Form.Item.useStatus()
  const file = value?.file

  const pick = async (picked: File) => {
    const token = ++latest.current
    const checked = await check(picked)
    if (token === latest.current) onChange?.(checked)
  }
  const clear = () => {
    latest.current++
    onChange?.(undefined)
  }

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
          if (picked) void pick(picked)
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
      {(file || value?.error || status === 'error') && (
        <Button
          type="link"
          size="small"
          disabled={disabled}
          onClick={clear}
          aria-label={intl.formatMessage({ id: 'create.remove_file_named' }, { name: label })}
        >
          <FormattedMessage id="create.remove_file" />
        </Button>
      )}
    </Flex>
  )
}
