import { expect, test, type Page } from '@playwright/test';
import { openApp, snapshot } from './setup/e2e-app';
import { findOnTour } from './setup/screen-tour';

test.describe.configure({ mode: 'serial' });

/**
 * The boxes that may scroll sideways at 1024 px: the Traces grid, whose run actions stay in view when it
 * is scrolled (small-screens.spec.ts holds it to that).
 */
const SCROLLS_BY_DESIGN = new Set(['traces-list']);

/**
 * What a person at 1024 px would trip on: the window, the main region or a box scrolling sideways, and
 * text cut short with "…" that has no tooltip giving it whole (on it or a box around it). Text hidden
 * for screen readers alone (a 1 px box) is not looked at.
 */
async function tripsSideways(page: Page): Promise<string[]> {
  return page.evaluate(
    (byDesign) => {
      const name = (element: Element) =>
        element.getAttribute('data-testid') ?? (element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${element.className}`);
      const found: string[] = [];
      const root = document.scrollingElement;
      if (root && root.scrollWidth > root.clientWidth)
        found.push(`the window scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('.app-header, #main-content, #main-content *'))) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        const over = element.scrollWidth - element.clientWidth;
        if (over <= 1) continue;
        const style = getComputedStyle(element);
        const scrolls = ['auto', 'scroll'].includes(style.overflowX) || element.id === 'main-content';
        if (scrolls && !byDesign.includes(element.getAttribute('data-testid') ?? ''))
          found.push(`${name(element)} scrolls sideways by ${over} px`);
        if (!scrolls && style.textOverflow === 'ellipsis' && !element.closest('[title]'))
          found.push(`${name(element)} cuts "${(element.textContent ?? '').slice(0, 60)}" with no tooltip`);
      }
      return found;
    },
    [...SCROLLS_BY_DESIGN],
  );
}

for (const language of ['en', 'ko'] as const) {
  test(`at 1024 px in ${language} no screen scrolls sideways, and text cut short has its whole in a tooltip`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1024, height: 700 });
    await openApp(page);
    const found = await findOnTour(page, language, async (screen) => {
      await snapshot(page, `walk-1024-${language}-${screen}`);
      return tripsSideways(page);
    });
    expect(found, found.join('\n')).toEqual([]);
  });
}
