// Every screen the tests reach gets an accessibility check (axe-core: no serious or critical
// violations) at phone and desktop size, and a screenshot at each size for docs/screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'screenshots');
const sizes = [
  { label: '390x844', width: 390, height: 844 },
  { label: '1440x900', width: 1440, height: 900 },
];

export interface A11yFinding {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * axe-core with the WCAG 2.2 A/AA rules (issue 28: 2.0, 2.1 and 2.2's tags, target size among
 * them): the serious and critical findings on the current page.
 * With E2E_AXE_LOG=<file>, every finding (minor and moderate too) is appended there as JSON lines.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  if (process.env.E2E_AXE_LOG) {
    for (const violation of results.violations) {
      const line = {
        url: page.url(),
        rule: violation.id,
        impact: violation.impact,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      };
      fs.appendFileSync(process.env.E2E_AXE_LOG, `${JSON.stringify(line)}\n`);
    }
  }
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/** Fails (softly, so the story goes on) on serious or critical findings, attaching them to the report. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const summary = await seriousA11yViolations(page);
  if (summary.length) {
    await test.info().attach(`axe-${screen}`, { body: JSON.stringify(summary, null, 2), contentType: 'application/json' });
  }
  expect.soft(summary, `serious or critical accessibility violations on ${screen} (${page.url()})`).toEqual([]);
}

/**
 * On arrival at a screen: the accessibility check and docs/screenshots/<screen>-<size>.png at
 * 390x844 and 1440x900, then the viewport goes back. `focus` is scrolled into view first when the
 * interesting part sits below the fold.
 */
export async function visitScreen(page: Page, screen: string, focus?: Locator): Promise<void> {
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForFunction((width) => window.innerWidth === width, size.width);
    await expectAccessible(page, `${screen} at ${size.label}`);
    if (focus) await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, `${screen}-${size.label}.png`), animations: 'disabled', caret: 'hide' });
  }
  if (original) await page.setViewportSize(original);
}
