/** axe in the journeys: every rule the page breaks, as `rule: targets`, and the two widths. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { DESKTOP_VIEWPORT, MOBILE_VIEWPORT } from './harness';

export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** axe at phone and laptop width on the page as it is now; leaves the page at phone width. */
export async function expectAccessibleAtBothWidths(page: Page, what: string = page.url()) {
  for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${what} a ${String(viewport.width)} px`).toEqual([]);
  }
  await page.setViewportSize(MOBILE_VIEWPORT);
}
