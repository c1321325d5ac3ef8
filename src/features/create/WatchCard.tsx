// Before publishing: the chart as converted from the picked SUS (or, on edit with no new SUS, the chart's
// current level data) played in the browser player, with the picked music, through the engine the chart
// will use (on create, our engine: the one a new chart gets unless the operator configured another).
import { useMemo } from 'react'
import { FormattedMessage } from 'react-intl'
import { Card, Form } from 'antd'
import type { LevelItem } from '@sonolus/core'
import { type RawChart } from '../../../common/api/levels'
import { SIRIUS_ENGINE } from '../../../engine/item'
import { useGetEngineQuery } from '../../api/server'
import { useBases } from '../../app/hooks'
import { WatchPlayer } from '../watch'
import { type ChartFormValues } from './chartForm'
import { useObjectUrl } from './useObjectUrl'

export const WatchCard = ({ chart, item }: { chart?: RawChart; item?: LevelItem }) => {
  const bases = useBases()
  const form = Form.useFormInstance<ChartFormValues>()
  const sus = Form.useWatch('chart', form)
  const music = Form.useWatch('music', form)
  const engine = useGetEngineQuery(SIRIUS_ENGINE.name, { skip: !!item }).data?.item
  const musicUrl = useObjectUrl(music?.file)

  const data = sus?.file ? sus.data : undefined
  const level = useMemo(
    () =>
      data
        ? { bytes: data }
        : chart?.dataHash && !sus?.error
          ? { url: `${bases.data}${chart.dataHash}` }
          : undefined,
    [data, chart?.dataHash, sus?.error, bases.data],
  )
  const playerItem = useMemo(
    () =>
      item ??
      (engine
        ? { engine, useSkin: { useDefault: true as const }, useEffect: { useDefault: true as const } }
        : undefined),
    [item, engine],
  )
  if (!level || !playerItem) return null
  const shownMusic = musicUrl ?? (chart?.musicHash ? `${bases.data}${chart.musicHash}` : undefined)
  return (
    <Card title={<FormattedMessage id="create.watch" />} data-testid="create-watch">
      <WatchPlayer
        item={playerItem}
        level={level}
        musicUrl={shownMusic}
        dataBase={bases.data}
        sonolusBase={bases.sonolus}
      />
    </Card>
  )
}
