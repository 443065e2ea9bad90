import { expect, test, type Page } from '@playwright/test';
import { openApp, snapshot } from './setup/e2e-app';
import { chooseLook, prepareRun, TOUR, visit } from './setup/screen-tour';

test.describe.configure({ timeout: 240_000 });

// Korean wraps between words, as English does: a narrow legend, column or intro never splits 검사 into
// 검 / 사. Seen on the provenance graph's legend and the Compare screen's intro at 1024×700.

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1400, height: 900 },
] as const;

/**
 * The visible Hangul words (runs of Hangul syllables) whose letters lie on more than one line, each
 * with the text it is in. A word wider than its whole box may still break; no word here is.
 */
async function splitKoreanWords(page: Page): Promise<string[]> {
  return page
    .locator('main, [role="main"], body')
    .first()
    .evaluate((root) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('option, select, textarea, input, svg, canvas, [hidden], [aria-hidden="true"]')) continue;
        const box = parent.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > window.innerHeight * 3) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[\uAC00-\uD7A3]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) split.push(`${match[0]}   ← in: ${text.trim().slice(0, 120)}`);
        }
      }
      return split;
    });
}

test('the detector finds a Korean word split across lines', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.style.width = '40px';
    probe.style.wordBreak = 'normal';
    probe.textContent = '접근정책검사';
    document.body.prepend(probe);
  });
  expect(await splitKoreanWords(page)).toEqual([expect.stringMatching(/^접근정책검사 /)]);
});

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} in Korean no screen breaks a word between syllables`, async ({ page }) => {
    await page.setViewportSize(size);
    await openApp(page);
    await chooseLook(page, 'ko', 'light');
    await prepareRun(page);
    for (const screen of TOUR) {
      await visit(page, screen);
      if (screen === 'graph') {
        // The legend's entries are the narrowest Korean text: each keeps its words whole.
        const breaks = await page
          .getByTestId('graph-legend')
          .locator('li')
          .evaluateAll((items) => items.map((item) => getComputedStyle(item).wordBreak));
        expect(breaks.length).toBeGreaterThan(5);
        expect.soft(new Set(breaks), 'word-break of the graph legend entries').toEqual(new Set(['keep-all']));
        await page.getByTestId('graph-legend').scrollIntoViewIfNeeded();
      }
      await snapshot(page, `ko-wrap-${screen}-${size.width}`);
      expect.soft(await splitKoreanWords(page), `Korean words split on ${screen} at ${size.width}×${size.height}`).toEqual([]);
    }
  });
}

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await openApp(page);
  await chooseLook(page, 'en', 'light');
  await page.close();
});
