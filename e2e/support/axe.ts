import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's rules about colour: all a theme changes, so a second theme's walk needs only these. */
export const colourRules = ['color-contrast', 'link-in-text-block'];

/** Serious or critical axe findings on the page as it stands, each with its elements and axe's summary. */
export async function seriousViolations(page: Page, rules?: string[]) {
  // A pointer resting on a control would check its hover colours, not the page's; and colours still
  // fading (a row's hover, a tag appearing) or dimmed by a loading spinner would be measured half
  // way: settle them first.
  await page.mouse.move(0, 0);
  // A table still loading shows its rows half transparent under the spinner.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  // axe.run in the page itself (its "legacy" mode) rather than a partial run per frame finished in a new blank
  // page: that page cost 1-2 s of every scan here (a full scan 2.9-4.4 s against 1.4-2.1 s). What it gives
  // up is cross-origin frames, and the back-office's pages have none (a menu's iframe page shows someone
  // else's site); same-origin frames are still scanned.
  // Only violations are read: axe then keeps one node per rule of the passes and the rest instead of every one.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const results = await (rules ? axe.withRules(rules) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary})`).join(', ')}`,
    );
}
