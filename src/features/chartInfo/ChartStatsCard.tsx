// What a chart is like, from its level data: notes in all and by kind, length, tempo, average
// and peak notes per second, and whether it has scratches, split lines or speed changes. A chart without
// level data (or whose stats are not read yet) says so.
import { FormattedMessage } from 'react-intl'
import { Card, Descriptions, Empty } from 'antd'
import { type RawChart } from '../../../common/api/levels'
import { NOTE_KINDS, type NoteKind } from '../../../common/chart/stats'
import { formatBpm, formatLength, formatNps } from '../../../common/format'
import { type MessageId } from '../../messageIds'

const KIND_LABELS: Record<NoteKind, MessageId> = {
  tap: 'chart.stats.kind_tap',
  critical: 'chart.stats.kind_critical',
  flick: 'chart.stats.kind_flick',
  hold: 'chart.stats.kind_hold',
  scratchHold: 'chart.stats.kind_scratch_hold',
  holdEnd: 'chart.stats.kind_hold_end',
  scratchHoldEnd: 'chart.stats.kind_scratch_hold_end',
  relay: 'chart.stats.kind_relay',
  holdEighth: 'chart.stats.kind_hold_eighth',
}

const yesNo = (value: boolean) => <FormattedMessage id={value ? 'chart.stats.yes' : 'chart.stats.no'} />

export const ChartStatsCard = ({ chart }: { chart: RawChart }) => {
  const stats = chart.stats
  return (
    <Card title={<FormattedMessage id="chart.stats.title" />} data-testid="chart-stats">
      {!stats ? (
        <Empty description={<FormattedMessage id="chart.stats.none" />} />
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            {
              key: 'notes',
              label: <FormattedMessage id="chart.stats.notes" />,
              children: <span data-testid="chart-stats-notes">{stats.noteCount}</span>,
            },
            {
              key: 'length',
              label: <FormattedMessage id="chart.stats.length" />,
              children: <span data-testid="chart-stats-length">{formatLength(stats.duration)}</span>,
            },
            {
              key: 'bpm',
              label: <FormattedMessage id="chart.stats.bpm" />,
              children:
                stats.bpmMin === null || stats.bpmMax === null
                  ? '-'
                  : stats.bpmMin === stats.bpmMax
                    ? formatBpm(stats.bpmMin)
                    : `${formatBpm(stats.bpmMin)} – ${formatBpm(stats.bpmMax)}`,
            },
            {
              key: 'npsAverage',
              label: <FormattedMessage id="chart.stats.nps_average" />,
              children: <span data-testid="chart-stats-nps">{formatNps(stats.npsAverage)}</span>,
            },
            {
              key: 'npsPeak',
              label: <FormattedMessage id="chart.stats.nps_peak" />,
              children: formatNps(stats.npsPeak),
            },
            {
              key: 'plays',
              label: <FormattedMessage id="chart.stats.plays" />,
              children: chart.playCount,
            },
            {
              key: 'scratches',
              label: <FormattedMessage id="chart.filter.scratches" />,
              children: yesNo(stats.hasScratches),
            },
            {
              key: 'splitLines',
              label: <FormattedMessage id="chart.filter.split_lines" />,
              children: yesNo(stats.hasSplitLines),
            },
            {
              key: 'speedChanges',
              label: <FormattedMessage id="chart.filter.speed_changes" />,
              children: yesNo(stats.hasSpeedChanges),
            },
            {
              key: 'kinds',
              label: <FormattedMessage id="chart.stats.by_kind" />,
              span: 'filled',
              children: (
                <span data-testid="chart-stats-kinds">
                  {NOTE_KINDS.filter((kind) => (stats.counts[kind] ?? 0) > 0)
                    .map((kind) => ({ kind, count: stats.counts[kind] }))
                    .map(({ kind, count }, i) => (
                      <span key={kind}>
                        {i > 0 && ' · '}
                        <FormattedMessage id={KIND_LABELS[kind]} /> {count}
                      </span>
                    ))}
                </span>
              ),
            },
          ]}
        />
      )}
    </Card>
  )
}
