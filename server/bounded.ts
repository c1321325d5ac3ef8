// A Map as a bounded keep (a Map iterates in insertion order): the entry set last is the newest, and the
// oldest go first past the bound. Used where a few lines of caching need no TTL or tags (ResponseCache has
// those).

/** Sets `key` as the newest entry of `map`, and drops the oldest entries past `max`. */
export const setBounded = <K, V>(map: Map<K, V>, key: K, value: V, max: number): void => {
  map.delete(key)
  map.set(key, value)
  while (map.size > max) map.delete(map.keys().next().value as K)
}
