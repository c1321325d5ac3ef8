// docs/spec.md §9 "Relative time", with the exact time on hover. A time that is not a number (a field an
// answer lacks) shows as '-', rather than take the page down with it.
import { useIntl } from 'react-intl'
import { relativeTime } from '../../common/format'

export const RelativeTime = ({ time, now = Date.now() }: { time: number; now?: number }) => {
  const intl = useIntl()
  if (!Number.isFinite(time) || !Number.isFinite(new Date(time).getTime())) return <time>-</time>
  const relative = relativeTime(time, now)
  const text =
    relative.unit === 'date'
      ? relative.iso
      : intl.formatMessage({ id: `time.${relative.unit}s_ago` }, { n: relative.value })
  return (
    <time dateTime={new Date(time).toISOString()} title={new Date(time).toISOString()}>
      {text}
    </time>
  )
}
