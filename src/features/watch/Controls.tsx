// The player's controls that are not about time: speed (the player's clock), and the engine's own options
// (note speed, mirror) when its configuration has them; and the chart's note density under the seek bar.
import { memo, useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Select, Slider, Space, Switch, Tooltip, Typography } from 'antd'
import type { EngineConfiguration } from '@sonolus/core'
import { hasMirror, noteSpeedOption } from '../../api/watchFiles'

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const

export const OptionControls = ({
  configuration,
  rate,
  onRate,
  noteSpeed,
  onNoteSpeed,
  mirror,
  onMirror,
}: {
  configuration?: EngineConfiguration
  rate: number
  onRate: (rate: number) => void
  noteSpeed?: number
  onNoteSpeed: (speed: number) => void
  mirror: boolean
  onMirror: (mirror: boolean) => void
}) => {
  const intl = useIntl()
  const speedOption = configuration ? noteSpeedOption(configuration) : undefined
  return (
    <>
      <Space size={4} align="center">
        <Typography.Text type="secondary">
          <FormattedMessage id="watch.speed" />
        </Typography.Text>
        <Tooltip title={<FormattedMessage id="watch.speed_pitch" />}>
          <Select
            size="small"
            value={rate}
            onChange={onRate}
            style={{ width: 84 }}
            aria-label={intl.formatMessage({ id: 'watch.speed' })}
            options={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
            data-testid="watch-speed"
          />
        </Tooltip>
      </Space>
      {speedOption && (
        <Space size={4} align="center" className="watch-note-speed">
          <Typography.Text type="secondary">
            <FormattedMessage id="watch.note_speed" />
          </Typography.Text>
          <Slider
            min={speedOption.min}
            max={speedOption.max}
            step={speedOption.step}
            value={noteSpeed ?? speedOption.def}
            onChangeComplete={onNoteSpeed}
            style={{ width: 100 }}
            aria-label={intl.formatMessage({ id: 'watch.note_speed' })}
          />
        </Space>
      )}
      {configuration && hasMirror(configuration) && (
        <Space size={4} align="center">
          <Switch
            size="small"
            checked={mirror}
            onChange={onMirror}
            aria-label={intl.formatMessage({ id: 'watch.mirror' })}
            data-testid="watch-mirror"
          />
          <Typography.Text type="secondary">
            <FormattedMessage id="watch.mirror" />
          </Typography.Text>
        </Space>
      )}
    </>
  )
}

const DENSITY_BINS = 120

/** Notes per stretch of the chart, as heights from 0 to 1: where the chart is busy, at a glance. */
export const densityOf = (times: readonly number[], end: number): number[] => {
  if (end <= 0) return []
  const bins = new Array<number>(DENSITY_BINS).fill(0)
  for (const time of times)
    bins[Math.min(DENSITY_BINS - 1, Math.max(0, Math.floor((time / end) * DENSITY_BINS)))]!++
  const most = Math.max(1, ...bins)
  return bins.map((count) => count / most)
}

/** The chart at a glance above the seek bar: its note density, and a mark at each tempo change. */
export const DensityStrip = memo(
  ({ noteTimes, tempoTimes, end }: { noteTimes?: number[]; tempoTimes?: number[]; end: number }) => {
    const density = useMemo(() => (noteTimes ? densityOf(noteTimes, end) : []), [noteTimes, end])
    return (
      <svg className="watch-density" viewBox={`0 0 ${DENSITY_BINS} 1`} preserveAspectRatio="none" aria-hidden>
        {density.map((value, bin) => (
          <rect key={bin} x={bin} y={1 - value} width={1} height={value} />
        ))}
        {tempoTimes?.map((time) => (
          <rect
            key={`t${time}`}
            className="watch-tempo"
            x={(time / end) * DENSITY_BINS}
            y={0}
            width={0.3}
            height={1}
          />
        ))}
      </svg>
    )
  },
)
DensityStrip.displayName = 'DensityStrip'
