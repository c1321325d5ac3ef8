// spec §2 "Create and Edit": tags are added on Enter or comma and removed by Backspace on empty text or by
// clicking a chip. Each is trimmed, at most MAX_TAG_LENGTH code points long (as the server counts), never
// twice, and there are at most MAX_TAGS (common/api/uploads.ts).
import { type KeyboardEvent, useState } from 'react'
import { useIntl } from 'react-intl'
import { Tag } from 'antd'
import { MAX_TAGS, MAX_TAG_LENGTH } from '../../../common/api/uploads'
import { sliceCodePoints } from '../../../common/text'
import { addTags } from './validation'

/** Commas that end a tag: ASCII, fullwidth and the ideographic one (Japanese and Chinese keyboards). */
const SEPARATORS = /[,，、]/

export type TagsInputProps = {
  id: string
  value: string[]
  onChange: (tags: string[]) => void
  disabled?: boolean
}

export const TagsInput = ({ id, value, onChange, disabled }: TagsInputProps) => {
  const intl = useIntl()
  const [draft, setDraft] = useState('')
  const full = value.length >= MAX_TAGS

  const add = (raw: string[]) => {
    const next = addTags(value, raw, MAX_TAGS, MAX_TAG_LENGTH)
    if (next.length !== value.length) onChange(next)
  }
  const remove = (tag: string) => {
    if (!disabled) onChange(value.filter((existing) => existing !== tag))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An IME's Enter confirms its text; it does not end the tag.
    if (event.nativeEvent.isComposing) return
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      if (!full || !draft.trim()) {
        add([draft])
        setDraft('')
      }
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault()
      onChange(value.slice(0, -1))
    }
  }

  const onTextChange = (text: string) => {
    // Pasted or typed separators end every tag before the last one.
    if (SEPARATORS.test(text)) {
      const parts = text.split(SEPARATORS)
      add(parts.slice(0, -1))
      setDraft(parts.at(-1) ?? '')
    } else setDraft(sliceCodePoints(text, MAX_TAG_LENGTH))
  }

  return (
    <div className={`tags-input${disabled ? ' tags-input-disabled' : ''}`}>
      {value.map((tag) => (
        <Tag
          key={tag}
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-label={intl.formatMessage({ id: 'create.remove_tag' }, { tag })}
          closable={!disabled}
          onClose={(event) => {
            event.preventDefault()
            remove(tag)
          }}
          onClick={() => remove(tag)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault()
              remove(tag)
            }
          }}
          className="tags-input-chip"
        >
          {tag}
        </Tag>
      ))}
      <input
        id={id}
        className="tags-input-text"
        value={draft}
        disabled={disabled}
        placeholder={
          full
            ? intl.formatMessage({ id: 'create.tags_full' }, { max: MAX_TAGS })
            : intl.formatMessage({ id: 'create.tags_placeholder' })
        }
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  )
}
