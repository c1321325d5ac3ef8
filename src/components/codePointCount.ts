// antd's `count` for a text field whose limit counts code points, the unit the server counts
// (common/text.ts): the counter shows code points (an emoji is 1, not 2), and typing or pasting past the
// limit is cut at `max` code points, never through an emoji. Use it instead of `maxLength`, which counts
// UTF-16 units (and the browser's maxlength as well).
import { type InputProps } from 'antd'
import { codePointLength, sliceCodePoints } from '../../common/text'

export const codePointCount = (max: number, show = false): NonNullable<InputProps['count']> => ({
  max,
  show,
  strategy: codePointLength,
  exceedFormatter: (text, config) => sliceCodePoints(text, config.max),
})

/** The same count for a field whose form refuses text over the limit instead of cutting it: a long paste
 *  stays whole (nothing is lost without a word), and the counter shows, in the error colour, only once the
 *  text is over. The form's rule names the limit. */
export const codePointLimit = (max: number): NonNullable<InputProps['count']> => ({
  max,
  strategy: codePointLength,
  show: ({ count }) => (count > max ? `${count} / ${max}` : null),
})
