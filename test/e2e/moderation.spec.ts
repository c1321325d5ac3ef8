// Moderation end to end: a user reports a chart and a comment; the moderator sees both in the
// queue, hides the chart with a reason and suspends the commenter; the owner sees the hidden chart with the
// reason and the audit entry, and asks for a review; the suspended user's comment shows the suspended
// message; the chart is gone from the list, the search and the app's level list; restoring brings it back.
import { type Browser, type Page, expect } from '@playwright/test'
import { test } from './test'
import { logIn } from './login'
import { MODERATION_CHART_ID, MODERATION_PEOPLE } from './seed'

const TITLE = 'Moderation Target'
const NOT_FOUND = 'There is no chart with this id'

const signedIn = async (
  browser: Browser,
  person: (typeof MODERATION_PEOPLE)[keyof typeof MODERATION_PEOPLE],
) => {
  const page = await (await browser.newContext()).newPage()
  await logIn(page, person)
  return page
}

/** Performs a moderator action from a dialog: the reason, then the dialog's own button. */
const confirmAction = async (page: Page, action: string, reason: string) => {
  const dialog = page.getByRole('dialog')
  await dialog.locator('#moderation-reason').fill(reason)
  await dialog.getByRole('button', { name: action, exact: true }).click()
  await expect(page.getByText('Action applied successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
}

const listed = async (page: Page) => {
  await page.goto(`/chart/list?title=${encodeURIComponent('Moderation')}`)
  // The list has loaded when it shows its cards, or says that none match: the network going quiet can come
  // before the list's own request.
  const cards = page.getByTestId('chart-card')
  await expect(cards.or(page.getByText('No charts match “Moderation”')).first()).toBeVisible()
  return cards.filter({ hasText: TITLE }).count()
}

test('reports reach the queue; the moderator hides and suspends; the owner is told; restore brings it back', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000)
  expect(await listed(page)).toBe(1)

  // A user reports the chart and its comment.
  const reporter = await signedIn(browser, MODERATION_PEOPLE.reporter)
  await reporter.goto(`/chart/${MODERATION_CHART_ID}/info`)
  await expect(reporter.getByTestId('chart-title')).toHaveText(TITLE)
  const comment = reporter.getByTestId('comment').filter({ hasText: 'Cheap followers' })
  await expect(comment).toBeVisible()
  await reporter
    .getByRole('button', { name: /Report$/ })
    .first()
    .click()
  let dialog = reporter.getByRole('dialog', { name: 'Report this chart' })
  await dialog.getByRole('radio', { name: 'Copyright / official game assets' }).check()
  await dialog.locator('#report-note').fill('The jacket is the official game art')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(reporter.getByText('Report sent successfully')).toBeVisible()
  await comment.getByRole('button', { name: /Report$/ }).click()
  dialog = reporter.getByRole('dialog', { name: 'Report this comment' })
  await dialog.getByRole('radio', { name: 'Spam' }).check()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(reporter.getByText('Report sent successfully').last()).toBeVisible()

  // The moderator sees both in the queue, hides the chart and suspends the commenter.
  const moderator = await signedIn(browser, MODERATION_PEOPLE.moderator)
  await moderator.getByRole('link', { name: 'Report queue' }).click()
  await expect(moderator).toHaveURL(/\/moderation$/)
  // The comment's group names its chart too.
  const chartGroup = moderator
    .getByTestId('queue-group')
    .filter({ hasText: TITLE, hasNotText: 'Cheap followers' })
  const commentGroup = moderator.getByTestId('queue-group').filter({ hasText: 'Cheap followers' })
  await expect(chartGroup).toContainText('The jacket is the official game art')
  await expect(chartGroup).toContainText('Careful Reporter')
  await expect(commentGroup).toContainText('Spam')
  await chartGroup.getByRole('button', { name: 'Hide', exact: true }).click()
  await confirmAction(moderator, 'Hide', 'Uses the official game jacket')
  await commentGroup.getByRole('button', { name: 'Suspend the author' }).click()
  await confirmAction(moderator, 'Suspend', 'Spam links')
  // Acted on, the chart's reports leave the queue.
  await expect(chartGroup).toHaveCount(0)

  // Gone for everyone else: the list, the search, the chart's page and the app's level list.
  expect(await listed(page)).toBe(0)
  await page.goto(`/chart/${MODERATION_CHART_ID}/info`)
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
  await expect(page.getByTestId('chart-title')).toHaveCount(0)
  const app = await page.request.get('/sonolus/levels/list?type=quick&keywords=Moderation&localization=en')
  expect(
    ((await app.json()) as { items: { title: string }[] }).items.map((item) => item.title),
  ).not.toContain(TITLE)
  const quick = await page.request.get('/sonolus/levels/list?localization=en')
  expect(
    ((await quick.json()) as { items: { title: string }[] }).items.map((item) => item.title),
  ).not.toContain(TITLE)

  // The owner finds it among their charts, hidden, with the reason and the audit entry; asks for a review.
  const owner = await signedIn(browser, MODERATION_PEOPLE.owner)
  await owner.goto('/chart/mine')
  await owner.getByTestId('chart-card').filter({ hasText: TITLE }).click()
  const alert = owner.getByTestId('hidden-alert')
  await expect(alert).toContainText('hidden by a moderator')
  await expect(alert).toContainText('Uses the official game jacket')
  const history = owner.locator('.ant-card').filter({ hasText: 'Moderation history' })
  await expect(history).toContainText('Uses the official game jacket')
  await alert.getByRole('button', { name: 'Request review' }).click()
  await expect(owner.getByText('Review requested successfully')).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Review requested' })).toBeDisabled()

  // The suspended commenter can read, but their comment is refused with the reason.
  const commenter = await signedIn(browser, MODERATION_PEOPLE.commenter)
  await commenter.goto('/chart/list?title=Midnight')
  await commenter.getByTestId('chart-card').filter({ hasText: 'Midnight Relay' }).click()
  await commenter.getByRole('textbox', { name: 'Write a comment (markdown)' }).fill('More cheap followers')
  await commenter.getByRole('button', { name: 'Submit' }).click()
  await expect(commenter.getByText(/Your account is suspended until .* \(Spam links\)/)).toBeVisible()

  // The review request is in the queue; the moderator restores the chart, and it is back.
  await moderator.reload()
  const review = chartGroup
  await expect(review).toContainText('Review requested by the owner')
  await review.getByRole('button', { name: 'Restore', exact: true }).click()
  await confirmAction(moderator, 'Restore', 'The owner showed a licence')
  expect(await listed(page)).toBe(1)
  await owner.reload()
  await expect(owner.getByTestId('hidden-alert')).toHaveCount(0)
  await expect(owner.getByTestId('chart-title')).toHaveText(TITLE)
})
