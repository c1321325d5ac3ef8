// Chart info's versions: each version of the level data with its dates and what it changed in the notes
// against the one before (added, removed, moved, and when in the chart). The current version's changes can be
// marked on the preview below. Sirius level data counts its beats in seconds (docs/chart-format.md §2):
// they are shown as the preview's clock shows them. Shown once a chart has more than one version.
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Card, List, Typography } from 'antd'
import { AimOutlined } from '@ant-design/icons'
import { type ChartVersions } from '../../../common/api/levels'
import { splitAuthor } from '../../../common/format'
import { useGetVersionChangesQuery, useGetVersionsQuery } from '../../api/leaderboards'
import { type PreviewMark } from '../preview'
import { formatMoment } from '../watch'

type Version = ChartVersions['current']

export const VersionsCard = ({
  chartId,
  onMarks,
}: {
  chartId: string
  /** The current version's changed notes, to mark on the preview; undefined clears them. */
  onMarks: (marks: PreviewMark[] | undefined) => void
}) => {
  const intl = useIntl()
  const versions = useGetVersionsQuery(chartId).data
  const [marking, setMarking] = useState(false)
  const changes = useGetVersionChangesQuery(
    { id: chartId, version: versions?.current.version ?? 0 },
    { skip: !marking || !versions?.current.changes },
  ).data
  // The changes arrive after the click: they are marked when they do, and cleared with the button.
  useEffect(() => {
    if (!marking || !changes) return
    onMarks(
      changes.notes.map((note, index) => ({
        key: `change-${index}`,
        beat: note.beat,
        lane: note.lane,
        laneLength: note.laneLength,
        tone: note.kind,
        label: intl.formatMessage(
          { id: `versions.mark_${note.kind}` },
          { time: formatMoment(note.beat), from: formatMoment(note.fromBeat ?? note.beat) },
        ),
      })),
    )
  }, [marking, changes, onMarks, intl])

  if (!versions || versions.earlier.length === 0) return null
  const date = (time: number) => intl.formatDate(time, { dateStyle: 'medium', timeStyle: 'short' })
  const rows: { version: Version; current: boolean }[] = [
    { version: versions.current, current: true },
    ...versions.earlier.map((version) => ({ version, current: false })),
  ]
  return (
    <Card title={<FormattedMessage id="versions.title" />} data-testid="versions">
      <List
        dataSource={rows}
        rowKey={(row) => row.version.version}
        renderItem={({ version, current }) => (
          <List.Item
            data-testid={`version-${version.version}`}
            actions={
              current && version.changes
                ? [
                    <Button
                      key="mark"
                      size="small"
                      icon={<AimOutlined />}
                      onClick={() => {
                        if (marking) onMarks(undefined)
                        setMarking(!marking)
                      }}
                    >
                      <FormattedMessage id={marking ? 'versions.unmark' : 'versions.mark'} />
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <>
                  {current ? (
                    <FormattedMessage
                      id="versions.current"
                      values={{ version: version.version, date: date(version.time) }}
                    />
                  ) : (
                    <FormattedMessage
                      id="versions.earlier"
                      values={{
                        version: version.version,
                        from: date(version.time),
                        to: date(version.replacedTime ?? version.time),
                      }}
                    />
                  )}
                  {/* Who uploaded it: the owner or a co-author. */}
                  {version.editor && (
                    <Typography.Text type="secondary" data-testid="uploaded-by">
                      {' · '}
                      <FormattedMessage
                        id="versions.by"
                        values={{ name: splitAuthor(version.editor).name }}
                      />
                    </Typography.Text>
                  )}
                </>
              }
              description={
                version.changes ? (
                  <>
                    <FormattedMessage
                      id="versions.changes"
                      values={{
                        added: version.changes.added,
                        removed: version.changes.removed,
                        moved: version.changes.moved,
                      }}
                    />{' '}
                    {version.changes.spans.length > 0 && (
                      <FormattedMessage
                        id="versions.spans"
                        values={{
                          spans: version.changes.spans
                            .map((span) =>
                              span.from === span.to
                                ? formatMoment(span.from)
                                : `${formatMoment(span.from)}–${formatMoment(span.to)}`,
                            )
                            .join(', '),
                        }}
                      />
                    )}
                    {current && marking && changes?.notesCut && (
                      <Typography.Text type="secondary">
                        {' '}
                        <FormattedMessage id="versions.cut" values={{ count: changes.notes.length }} />
                      </Typography.Text>
                    )}
                  </>
                ) : (
                  <FormattedMessage id={version.version === 1 ? 'versions.first' : 'versions.unknown'} />
                )
              }
            />
          </List.Item>
        )}
      />
    </Card>
  )
}
