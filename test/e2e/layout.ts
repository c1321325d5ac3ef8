// Layout checks for narrow screens: every visible element inside a container lies within the container and
// within each ancestor that clips it, and the page does not scroll sideways. An element cut by a clipping
// ancestor (a card's fixed width, an ellipsis row) is what a reader on a phone cannot see.
import { type Locator, type Page, expect } from '@playwright/test'

/** Describes the elements under `root` that cross their container or a clipping ancestor (empty: none). */
export const crossings = (root: Locator, elides: string[] = []): Promise<string[]> =>
  root.evaluate((container, elides) => {
    const tolerance = 1
    const name = (el: Element) => {
      const testId = el.getAttribute('data-testid')
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : ''
      const text = (el.textContent ?? '').trim().slice(0, 30)
      return `${el.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}${cls ? `.${cls}` : ''} "${text}"`
    }
    const outside = (inner: DOMRect, outer: DOMRect) =>
      inner.left < outer.left - tolerance ||
      inner.right > outer.right + tolerance ||
      inner.top < outer.top - tolerance ||
      inner.bottom > outer.bottom + tolerance
    const found: string[] = []
    const viewport = new DOMRect(0, -Infinity, document.documentElement.clientWidth, Infinity)
    const own = container.getBoundingClientRect()
    if (outside(own, viewport)) found.push(`${name(container)} crosses the screen edge`)
    for (const el of container.querySelectorAll('*')) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'contents') continue
      // Antd's screen-reader and wave helpers lie outside on purpose.
      if (el.closest('[aria-hidden="true"], .ant-wave, .ant-click-animating-node')) continue
      // A row that ends with "…" on purpose (a card's tags) may cut what follows.
      if (elides.some((selector) => el.parentElement?.closest(selector))) continue
      const clips: Element[] = []
      let scrolls = false
      for (let up = el.parentElement; up && up !== container; up = up.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(up)
        // What a scroller holds is reached by scrolling it (the chart preview's strip).
        if ([overflowX, overflowY].some((value) => value === 'auto' || value === 'scroll')) scrolls = true
        else if (overflowX !== 'visible' || overflowY !== 'visible') clips.push(up)
      }
      if (scrolls) continue
      if (outside(box, own)) {
        found.push(`${name(el)} crosses ${name(container)}`)
        continue
      }
      const cut = clips.find((clip) => outside(box, clip.getBoundingClientRect()))
      if (cut) found.push(`${name(el)} is cut by ${name(cut)}`)
    }
    return found
  }, elides)

/** Asserts that the page does not scroll sideways and that each container's content fits it; what lies
 *  inside an `elides` row may be cut by its ellipsis. */
export const expectFits = async (page: Page, containers: Locator, elides: string[] = []) => {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client)
  const count = await containers.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) expect(await crossings(containers.nth(i), elides)).toEqual([])
}
