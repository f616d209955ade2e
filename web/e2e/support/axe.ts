import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, Result } from 'axe-core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * axe-core's browser build. It goes in through the DevTools protocol (page.evaluate), not as a
 * <script> tag (page.addScriptTag): the portal's Content-Security-Policy allows no inline script,
 * so a tag would be blocked, and reported as the violation every test checks there is none of.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const line = (v: Result) =>
  `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes
    .slice(0, 10)
    .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
    .join('\n')}${v.nodes.length > 10 ? `\n    … and ${v.nodes.length - 10} more` : ''}`

/**
 * Runs axe on the page once its finite animations have ended: no critical or serious violation,
 * each listed when there are some. A toast fading in is half transparent for 180 ms, and axe
 * measuring that frame reports its text's contrast against the blend, which no user reads.
 * Endless animations (the live pulse, loading bars) are not waited for.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE)
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document) => Promise<AxeResults> } }).axe.run(document),
  )
  const bad = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
  expect(bad.map(line), `${what}: axe-core's critical and serious violations`).toEqual([])
}
