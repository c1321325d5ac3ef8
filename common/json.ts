// JSON read from users is bounded in depth before anything walks it: one pass over the text, counting
// brackets outside strings, with no recursion and no allocation.
import { JSON_MAX_DEPTH } from './rules.js'

/** True when the JSON text nests arrays and objects deeper than `max`. Invalid JSON is not judged here
 *  (JSON.parse will refuse it); only the depth is. */
export const jsonTooDeep = (text: string, max: number = JSON_MAX_DEPTH): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--
  }
  return false
}
