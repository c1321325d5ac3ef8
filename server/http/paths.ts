// Which addresses are the API's: their misses are JSON 404s, and they get the API's headers, not a page's.
/** Paths the SPA never owns: their misses are real 404s with a JSON body. */
const API_PREFIXES = ['/sonolus/', '/upload/', '/content/', '/healthz']
/** Each prefix without its slash: `/sonolus` alone is the API's too. */
const API_ROOTS = API_PREFIXES.map((prefix) => prefix.replace(/\/$/, ''))

/** Runs on every request (the security headers): no allocation on the way. */
export const isApiPath = (url: string): boolean => {
  for (let i = 0; i < API_PREFIXES.length; i++)
    if (url.startsWith(API_PREFIXES[i]) || url === API_ROOTS[i]) return true
  return false
}
