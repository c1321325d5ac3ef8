// A Map as a bounded keep (a Map iterates in insertion order): the entry set last is the newest, and the
// oldest go first past the bound. Used where a few lines of caching need no TTL or tags (ResponseCache has
// those). withinMs bounds how long a caller waits.

/** Sets `key` as the newest entry of `map`, and drops the oldest entries past `max`. */
export const setBounded = <K, V>(map: Map<K, V>, key: K, value: V, max: number): void => {
  map.delete(key)
  map.set(key, value)
  while (map.size > max) map.delete(map.keys().next().value as K)
}

/** What `work` settles to, or what `late()` gives (or throws) once `ms` have passed first; the timer never
 *  outlives the race. */
export const withinMs = async <T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> => {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<L>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late())
      } catch (error) {
        reject(error as Error)
      }
    }, ms)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
  }
}
