// docs/spec.md §2 "Create and Edit": tags are added on Enter or comma and removed by Backspace on empty text or by
// clicking a chip. Each is trimmed, at most MAX_TAG_LENGTH code points long (as the server counts), never
// twice, and there are at most `max` (MAX_TAGS, common/api/uploads.ts, on a chart). A pasted list adds each
// of its tags. At the limit nothing more is taken, not even into the box, and onLimit says so (else
// typing piles up in the box, and a paste runs into the last tag). The chart list's tag filter
// uses it too, with its own limit.
import { type ClipboardEvent, type KeyboardEvent, useState } from 'react'
import { useIntl } from 'react-intl'
import { Tag } from 'antd'
import { MAX_TAGS, MAX_TAG_LENGTH } from '../../common/api/uploads'
import { sliceCodePoints, stripControl } from '../../common/text'

/** Adds the raw texts to the list as tags: trimmed, cut to maxLength, no repeat (in any case), at most
 *  maxTags; `refused` counts those the limit kept out. */
export const addTags = (
  list: readonly string[],
  raw: readonly string[],
  maxTags: number,
  maxLength: number,
): { tags: string[]; refused: number } => {
  const tags = [...list]
  let refused = 0
  for (const text of raw) {
    const tag = sliceCodePoints(stripControl(text).trim(), maxLength).trim()
    if (!tag) continue
    if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue
    if (tags.length >= maxTags) refused++
    else tags.push(tag)
  }
  return { tags, refused }
}

/** Commas that end a tag: ASCII, fullwidth and the ideographic one (Japanese and Chinese keyboards). */
const SEPARATORS = /[,，、]/

const NO_TAGS: string[] = []

/** A form control: Form.Item gives it the value and takes the changes. */
export type TagsInputProps = {
  id: string
  value?: string[]
  onChange?: (tags: string[]) => void
  /** true when a tag or text was refused for the limit; false once a tag is removed and there is room. */
  onLimit?: (refused: boolean) => void
  disabled?: boolean
  /** Tags at most (a chart's MAX_TAGS unless told). */
  max?: number
  /** The box's placeholder while there is room. */
  placeholder?: string
  /** Labels the text box when no <label> does. */
  'aria-labelledby'?: string
  'data-testid'?: string
}

export const TagsInput = ({
  id,
  value = NO_TAGS,
  onChange,
  onLimit,
  disabled,
  max = MAX_TAGS,
  placeholder,
  'aria-labelledby': labelledBy,
  'data-testid': testId,
}: TagsInputProps) => {
  const intl = useIntl()
  const [draft, setDraft] = useState('')
  const full = value.length >= max

  /** Adds `parts` as tags and keeps `rest` as the text being typed, as far as the limit allows. */
  const take = (parts: readonly string[], rest: string) => {
    const { tags, refused } = addTags(value, parts, max, MAX_TAG_LENGTH)
    if (tags.length !== value.length) onChange?.(tags)
    const nowFull = tags.length >= max
    setDraft(nowFull ? '' : sliceCodePoints(rest, MAX_TAG_LENGTH))
    if (refused > 0 || (nowFull && rest.trim() !== '')) onLimit?.(true)
  }
  const remove = (tag: string) => {
    if (disabled) return
    onChange?.(value.filter((existing) => existing !== tag))
    onLimit?.(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An IME's Enter confirms its text; it does not end the tag.
    if (event.nativeEvent.isComposing) return
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      take([draft], '')
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault()
      remove(value[value.length - 1])
    }
  }

  // Typed (or IME) separators end every tag before the last one, which stays in the box.
  const onTextChange = (text: string) => {
    const parts = text.split(SEPARATORS)
    take(parts.slice(0, -1), parts.at(-1) ?? '')
  }

  // A pasted list is finished: each of its parts becomes a tag, the last one too. The paste replaces the
  // selection, so the text around the cursor joins the first and last parts. Text without a separator is
  // pasted as usual and goes through onTextChange.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain')
    if (!SEPARATORS.test(pasted)) return
    event.preventDefault()
    const { selectionStart, selectionEnd } = event.currentTarget
    const text =
      draft.slice(0, selectionStart ?? draft.length) + pasted + draft.slice(selectionEnd ?? draft.length)
    take(text.split(SEPARATORS), '')
  }

  return (
    <div className={`tags-input${disabled ? ' tags-input-disabled' : ''}`} data-testid={testId}>
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
        aria-labelledby={labelledBy}
        placeholder={
          full
            ? intl.formatMessage({ id: 'create.tags_full' }, { max })
            : (placeholder ?? intl.formatMessage({ id: 'create.tags_placeholder' }))
        }
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
    </div>
  )
}
