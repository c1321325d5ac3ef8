// Chart info's moderation parts. The owner of a hidden chart sees why and may ask for a
// review; moderators get hide/restore; both see the chart's moderation history.
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Alert, Button, Card, Flex } from 'antd'
import { type ChartModeration, type ModerationAction } from '../../../common/api/moderation'
import { type RawChart } from '../../../common/api/levels'
import { useRequestReviewMutation } from '../../api/moderation'
import { useSubmit } from '../../app/messages/useSubmit'
import { ActionDialog } from './ActionDialog'
import { AuditEntryList } from './AuditEntryList'
import { NoticeList } from './NoticeList'

export type ChartModerationProps = {
  chart: RawChart
  moderation: ChartModeration | undefined
  owner: boolean
  moderator: boolean
}

/** The hidden alert (with the owner's review request) and the moderators' buttons. */
export const ChartModerationBar = ({ chart, moderation, owner, moderator }: ChartModerationProps) => {
  const submit = useSubmit()
  const [requestReview, review] = useRequestReviewMutation()
  const [action, setAction] = useState<ModerationAction>()
  const hidden = !!moderation?.hidden
  if (!hidden && !moderator) return null

  const requested = !!moderation?.reviewRequested
  return (
    <>
      {hidden && (
        <Alert
          type="warning"
          showIcon
          data-testid="hidden-alert"
          message={<FormattedMessage id="moderation.chart_hidden" />}
          description={
            moderation?.reason ? (
              <FormattedMessage id="moderation.reason_value" values={{ reason: moderation.reason }} />
            ) : undefined
          }
          action={
            owner && (
              <Button
                disabled={requested}
                loading={review.isLoading}
                onClick={() =>
                  void submit(() => requestReview(chart.id).unwrap(), 'success.review_requested').catch(
                    () => undefined,
                  )
                }
              >
                <FormattedMessage
                  id={requested ? 'moderation.review_requested' : 'moderation.request_review'}
                />
              </Button>
            )
          }
        />
      )}
      {moderator && (
        <Flex gap={8} wrap>
          <Button onClick={() => setAction(hidden ? 'restore' : 'hide')}>
            <FormattedMessage id={`moderation.action.${hidden ? 'restore' : 'hide'}`} />
          </Button>
        </Flex>
      )}
      {action && (
        <ActionDialog
          target={{ type: 'chart', id: chart.id }}
          action={action}
          label={chart.title}
          onClose={() => setAction(undefined)}
        />
      )}
    </>
  )
}

/** The chart's audit entries, newest first: moderators read the record, its owner the sentences their
 *  notices read. */
export const ChartModerationHistory = ({
  moderation,
  moderator = false,
}: {
  moderation: ChartModeration | undefined
  moderator?: boolean
}) =>
  moderation && moderation.log.length > 0 ? (
    <Card title={<FormattedMessage id="moderation.history" />}>
      {moderator ? (
        <AuditEntryList entries={moderation.log} showTarget={false} showModerator />
      ) : (
        <NoticeList entries={moderation.log} />
      )}
    </Card>
  ) : null
