// The parts of the player that follow the time shown: each renders on its own as the time moves.
import { memo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Slider, Typography } from 'antd'
import { type HudTimeline } from './hud'
import { formatMoment } from './moments'
import { type TimeStore, useShownTime } from './timeStore'

const JUDGMENTS = ['perfect', 'great', 'good', 'miss'] as const
/** How long a judgment stays on screen. */
const JUDGMENT_SHOWN = 0.6

export const ClockReadout = memo(({ store, end }: { store: TimeStore; end: number }) => {
  const time = useShownTime(store)
  return (
    <Typography.Text className="watch-clock" data-testid="watch-clock">
      {formatMoment(time)} / {formatMoment(end)}
    </Typography.Text>
  )
})
ClockReadout.displayName = 'ClockReadout'

export const SeekSlider = memo(
  ({
    store,
    end,
    disabled,
    onSeek,
  }: {
    store: TimeStore
    end: number
    disabled: boolean
    onSeek: (time: number) => void
  }) => {
    const intl = useIntl()
    const time = useShownTime(store)
    return (
      <Slider
        min={0}
        max={Math.max(end, 1)}
        step={0.1}
        value={Math.round(time * 10) / 10}
        disabled={disabled}
        tooltip={{ formatter: (value) => formatMoment(value ?? 0) }}
        onChange={onSeek}
        aria-label={intl.formatMessage({ id: 'watch.seek' })}
      />
    )
  },
)
SeekSlider.displayName = 'SeekSlider'

/** The judgment display: score, combo, the latest judgment and the counts so far. */
export const HudReadout = memo(({ store, hud }: { store: TimeStore; hud: HudTimeline }) => {
  const time = useShownTime(store)
  const state = hud.at(time)
  return (
    <div className="watch-hud" data-testid="watch-hud">
      <span className="watch-score" data-testid="watch-score">
        {String(state.score).padStart(7, '0')}
      </span>
      {state.combo > 0 && (
        <span className="watch-combo" data-testid="watch-combo">
          <FormattedMessage id="watch.combo" values={{ combo: state.combo }} />
        </span>
      )}
      {state.last && time - state.last.time < JUDGMENT_SHOWN && (
        <span className={`watch-judgment watch-judgment-${state.last.judgment}`} data-testid="watch-judgment">
          <FormattedMessage id={`watch.judgment.${state.last.judgment}`} />
        </span>
      )}
      <span className="watch-counts" data-testid="watch-counts">
        {JUDGMENTS.map((name) => (
          <span key={name} data-judgment={name} data-count={state.counts[name]}>
            <FormattedMessage id={`watch.judgment.${name}`} /> {state.counts[name]}
          </span>
        ))}
      </span>
    </div>
  )
})
HudReadout.displayName = 'HudReadout'
