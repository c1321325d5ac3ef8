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
