import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, fillComparison, openApp, runQuery, snapshot } from './setup/e2e-app';
import { TOUR_QUERY } from './setup/screen-tour';

test.describe.configure({ mode: 'serial' });

/** The test id (or, without one, the tag and text) of the element that has the focus. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return element.getAttribute('data-testid') ?? `${element.tagName.toLowerCase()}:${element.textContent?.trim().slice(0, 40) ?? ''}`;
  });
}

test('the first Tab stop is a visible "Skip to content" link that moves focus to the screen heading', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to content');
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.height > 0).toBe(true);
  await snapshot(page, 'keyboard-skip-link');
  await page.keyboard.press('Enter');
  // Connect is the first screen; its heading is in the main region, and one more Tab stays there.
  expect(await page.evaluate(() => document.getElementById('main-content')?.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main-content')?.contains(document.activeElement))).toBe(true);
});

test('switching screens moves focus to the new screen heading, in Korean too', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-traces').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#traces-title')).toBeFocused();
  await chooseLanguage(page, 'ko');
  try {
    await page.getByTestId('nav-settings').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content :is(h1, h2)').first()).toBeFocused();
  } finally {
    await chooseLanguage(page, 'en');
  }
});

test('a run moves focus to its outcome, and "Show in provenance graph" to the graph heading', async ({ page }) => {
  await openApp(page);
  await runQuery(page, { ...TOUR_QUERY, viaKeyboard: true });
  await expect(page.getByTestId('run-results').getByTestId('outcome-banner')).toBeFocused();
  const show = page.getByTestId('show-in-graph');
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('graph-canvas')).toBeVisible();
  const heading = page.locator('#main-content h2').first();
  await expect(heading).toBeFocused();
  expect(await focused(page)).not.toBe('body');
});

test('opening a trace from Traces moves focus to the stored run note, and the delete dialog keeps and returns focus', async ({ page }) => {
  await openApp(page);
  await runQuery(page, TOUR_QUERY);
  await page.getByTestId('nav-traces').click();
  const row = page.getByTestId('trace-row').first();
  await expect(row).toBeVisible();

  const remove = row.getByTestId('trace-delete');
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('traces-confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('traces-confirm-cancel')).toBeFocused();
  // Tab cycles inside the modal dialog: never back to the page behind it.
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('dialog[open]')?.contains(document.activeElement) ?? false)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();

  await row.getByTestId('trace-open').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-note')).toBeFocused();
});

test('Compare moves focus to the leak banner of the comparison it made, and of a kept one reopened', async ({ page }) => {
  // Seen in the walk at 1024×700: the Compare button is disabled while it runs, so focus fell to the page.
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await fillComparison(page, { query: '연봉 조정 정책 salary adjustment performance review 배포 롤백', a: 'u-hana', b: 'u-guest' });
  await page.getByTestId('compare-button').focus();
  await page.keyboard.press('Enter');
  const banner = page.getByTestId('comparison').getByTestId('leak-banner');
  await expect(banner).toBeVisible({ timeout: 90_000 });
  await expect(banner).toBeFocused();

  const open = page.getByTestId('saved-comparison').first().getByTestId('saved-comparison-open');
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeFocused();
  expect(await focused(page)).toBe('leak-banner');
});
