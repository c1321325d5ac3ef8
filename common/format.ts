// Display formats shared by the SPA and the server (spec §9).

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** spec §9: sizes in B/KB/MB/GB/TB in 1024 steps, 2 decimals. */
export const formatSize = (bytes: number): string => {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`
}
