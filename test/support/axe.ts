import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page and returns its WCAG A/AA violations, described for a test failure. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol: the site's CSP (scripts from the site
  // only) rightly refuses an inline script tag.
  // Once a document: checking the same page again (at another width) finds axe already there.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  // A toast or dialog still fading in has the contrast of its half-way opacity: axe judges what
  // settles. Endless animations (skeletons, spinners) are left running.
  await page.evaluate(() =>
    Promise.allSettled(
      (globalThis as unknown as { document: { getAnimations(): Animation[] } }).document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const violations = await page.evaluate(async () => {
    // Runs in the browser, where the injected script defined axe.
    const { axe, document } = globalThis as unknown as {
      axe: { run: (context: unknown, options: object) => Promise<{ violations: Violation[] }> };
      document: unknown;
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations;
  });
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
