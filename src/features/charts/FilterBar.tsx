// The chart list's filter bar: tags, level, length and notes-per-second ranges, Olivier, the
// three level-data features, one card per song, and the sort. Words are the page's one search box, not a
// field here. Every change is the page's `onChange` with the whole filter set; the page writes it to the
// address. Sliders apply when let go.
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Card, Flex, Radio, Select, Slider, Switch } from 'antd'
import { ClearOutlined } from '@ant-design/icons'
import { CHART_SORTS, FEATURE_FILTERS, OLIVIER_FILTERS, TAG_FILTER_MAX } from '../../../common/rules'
import { formatLength, levelLabel } from '../../../common/format'
import { OLIVIER_DIFFICULTY_OFFSET } from '../../../common/rules'
import { type MessageId } from '../../messageIds'
import { TagsInput } from '../../components/TagsInput'
import {
  type ChartFilters,
  DEFAULT_FILTERS,
  FEATURES,
  type FeatureName,
  RANGES,
  type RangeName,
  type Range,
  cleanTags,
  isFiltered,
} from './filters'
import './filterBar.css'

const SORT_LABELS: Record<(typeof CHART_SORTS)[number], MessageId> = {
  newest: 'chart.filter.sort_newest',
  likes: 'chart.filter.sort_likes',
  rating: 'chart.filter.sort_rating',
  trending: 'chart.filter.sort_trending',
  plays: 'chart.filter.sort_plays',
  title: 'chart.filter.sort_title',
  length: 'chart.filter.sort_length',
  nps: 'chart.filter.sort_nps',
}
const OLIVIER_LABELS: Record<(typeof OLIVIER_FILTERS)[number], MessageId> = {
  any: 'chart.filter.any',
  only: 'chart.filter.olivier_only',
  exclude: 'chart.filter.olivier_none',
}
const FEATURE_LABELS: Record<FeatureName, MessageId> = {
  scratches: 'chart.filter.scratches',
  splitLines: 'chart.filter.split_lines',
  speedChanges: 'chart.filter.speed_changes',
}
const FEATURE_VALUE_LABELS: Record<(typeof FEATURE_FILTERS)[number], MessageId> = {
  any: 'chart.filter.any',
  with: 'chart.filter.with',
  without: 'chart.filter.without',
}
const RANGE_LABELS: Record<RangeName, MessageId> = {
  level: 'chart.filter.level',
  length: 'chart.filter.length',
  nps: 'chart.filter.nps',
}

/** How a range's bound reads: the level chip's words, m:ss, or notes per second. */
const boundText = (name: RangeName, value: number): string => {
  if (name === 'level')
    return value > OLIVIER_DIFFICULTY_OFFSET
      ? levelLabel(value - OLIVIER_DIFFICULTY_OFFSET, true)
      : levelLabel(value, false)
  if (name === 'length') return formatLength(value)
  return value.toFixed(1)
}

const RangeFilter = ({
  name,
  value,
  onChange,
}: {
  name: RangeName
  value: Range
  onChange: (value: Range) => void
}) => {
  const intl = useIntl()
  const { min, max, step } = RANGES[name]
  // The slider moves freely; the list follows when it is let go.
  const [draft, setDraft] = useState<Range>(value)
  useEffect(() => setDraft(value), [value])
  const label = intl.formatMessage({ id: RANGE_LABELS[name] })
  const any = draft[0] === min && draft[1] === max
  return (
    <div className="chart-filter chart-filter-range" data-testid={`filter-${name}`}>
      <span className="chart-filter-label">
        {label}:{' '}
        <span className="text-secondary" data-testid={`filter-${name}-value`}>
          {any ? (
            <FormattedMessage id="chart.filter.any" />
          ) : (
            `${boundText(name, draft[0])} – ${boundText(name, draft[1])}${draft[1] === max ? '+' : ''}`
          )}
        </span>
      </span>
      <Slider
        range
        min={min}
        max={max}
        step={step}
        value={draft}
        onChange={(next) => setDraft(next as Range)}
        onChangeComplete={(next) => onChange(next as Range)}
        tooltip={{ formatter: (v) => (v === undefined ? '' : boundText(name, v)) }}
        ariaLabelForHandle={[
          intl.formatMessage({ id: 'chart.filter.minimum' }, { name: label }),
          intl.formatMessage({ id: 'chart.filter.maximum' }, { name: label }),
        ]}
      />
    </div>
  )
}

export const FilterBar = ({
  filters,
  onChange,
}: {
  filters: ChartFilters
  onChange: (filters: ChartFilters) => void
}) => {
  const intl = useIntl()
  const set = <K extends keyof ChartFilters>(key: K, value: ChartFilters[K]) =>
    onChange({ ...filters, [key]: value })
  const filtered = isFiltered(filters) || filters.sort !== DEFAULT_FILTERS.sort

  return (
    <Card
      size="small"
      className="chart-filters"
      data-testid="chart-filters"
      title={<FormattedMessage id="chart.filter.title" />}
      extra={
        <Button
          size="small"
          icon={<ClearOutlined />}
          disabled={!filtered}
          // The search box is not the filter bar's: its words stay.
          onClick={() => onChange({ ...DEFAULT_FILTERS, title: filters.title, keywords: filters.keywords })}
          data-testid="filter-reset"
        >
          <FormattedMessage id="chart.filter.reset" />
        </Button>
      }
    >
      <Flex wrap gap="12px 24px" align="flex-end">
        <div className="chart-filter">
          <span className="chart-filter-label" id="filter-tags-label">
            <FormattedMessage id="chart.filter.tags" />
          </span>
          <TagsInput
            id="filter-tags"
            aria-labelledby="filter-tags-label"
            value={filters.tags}
            max={TAG_FILTER_MAX}
            placeholder={intl.formatMessage({ id: 'chart.filter.tags_placeholder' })}
            onChange={(tags) => set('tags', cleanTags(tags))}
            data-testid="filter-tags"
          />
        </div>
        <div className="chart-filter">
          <span className="chart-filter-label" id="filter-sort-label">
            <FormattedMessage id="chart.filter.sort" />
          </span>
          <Select
            aria-labelledby="filter-sort-label"
            value={filters.sort}
            onChange={(sort) => set('sort', sort)}
            options={CHART_SORTS.map((sort) => ({
              value: sort,
              label: intl.formatMessage({ id: SORT_LABELS[sort] }),
            }))}
            style={{ minWidth: 160 }}
            data-testid="filter-sort"
          />
        </div>
        <div className="chart-filter">
          <span className="chart-filter-label" id="filter-olivier-label">
            <FormattedMessage id="chart.filter.olivier" />
          </span>
          <Radio.Group
            aria-labelledby="filter-olivier-label"
            optionType="button"
            value={filters.olivier}
            onChange={(event) => set('olivier', event.target.value as ChartFilters['olivier'])}
            options={OLIVIER_FILTERS.map((value) => ({
              value,
              label: intl.formatMessage({ id: OLIVIER_LABELS[value] }),
            }))}
            data-testid="filter-olivier"
          />
        </div>
        {(Object.keys(RANGES) as RangeName[]).map((name) => (
          <RangeFilter key={name} name={name} value={filters[name]} onChange={(value) => set(name, value)} />
        ))}
        {FEATURES.map((feature) => (
          <div className="chart-filter" key={feature}>
            <span className="chart-filter-label" id={`filter-${feature}-label`}>
              <FormattedMessage id={FEATURE_LABELS[feature]} />
            </span>
            <Select
              aria-labelledby={`filter-${feature}-label`}
              value={filters[feature]}
              onChange={(value) => set(feature, value)}
              options={FEATURE_FILTERS.map((value) => ({
                value,
                label: intl.formatMessage({ id: FEATURE_VALUE_LABELS[value] }),
              }))}
              style={{ minWidth: 120 }}
              data-testid={`filter-${feature}`}
            />
          </div>
        ))}
        <div className="chart-filter">
          <span className="chart-filter-label" id="filter-songs-label">
            <FormattedMessage id="chart.filter.songs" />
          </span>
          <Switch
            aria-labelledby="filter-songs-label"
            checked={filters.songs}
            onChange={(songs) => set('songs', songs)}
            data-testid="filter-songs"
          />
        </div>
      </Flex>
    </Card>
  )
}
