import { expect, test } from '@playwright/test';
import { openApp } from './setup/e2e-app';
import { removeSeededRuns, seedMarkedRuns } from './setup/seeded-runs';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// A daily user's store: hundreds of runs, found by a search, one read in the Workbench and the list picked up again.
const RUNS = 500;
const MARKER = 'e2e-many-runs';
const seeded: string[] = [];

test.beforeAll(() => {
  seeded.push(...seedMarkedRuns(MARKER, RUNS, '2026-11-01T09:00:00.000Z'));
});
test.afterAll(() => removeSeededRuns(seeded));

test('a run opened from far down a searched list of 500 comes back to the same place in the list, search kept', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-traces').click();
  await page.getByTestId('traces-search').fill(MARKER);
  const total = page.getByTestId('traces-total');
  await expect(total).toHaveAttribute('data-total', String(RUNS));
  // The search is applied (the store holds no other runs, so the count alone does not tell).
  await expect(total).toContainText('matching');
  const list = page.getByTestId('traces-list');
  // Newest first: row 300 is the run seeded 300th from the end.
  await list.evaluate((element) => {
    element.scrollTop = 300 * 40;
  });
  const row = list.locator('[data-testid="trace-row"][data-index="305"]');
  await expect(row).toBeVisible();
  const traceId = await row.getAttribute('data-trace-id');
  const offset = await list.evaluate((element) => element.scrollTop);
  expect(offset).toBeGreaterThan(250 * 40);
  await row.getByTestId('trace-open').click();
  await expect(page.getByTestId('outcome-banner')).toBeVisible();

  await page.getByTestId('nav-traces').click();
  await expect(page.getByTestId('traces-search')).toHaveValue(MARKER);
  await expect(total).toHaveAttribute('data-total', String(RUNS));
  // The run just read is in view again, where it was, not 300 rows up at the top of the list.
  await expect(list.locator(`[data-testid="trace-row"][data-trace-id="${traceId ?? ''}"]`)).toBeVisible();
  expect(await list.evaluate((element) => element.scrollTop)).toBe(offset);

  // A new search starts at the top.
  await page.getByTestId('traces-search').fill(`${MARKER} 01`);
  await expect(total).toHaveAttribute('data-total', '10');
  expect(await list.evaluate((element) => element.scrollTop)).toBe(0);
});

test('deleting a run far down the list keeps the list in place and the focus on the row that takes its place, so the next can be deleted by keyboard', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-traces').click();
  await page.getByTestId('traces-search').fill(MARKER);
  const total = page.getByTestId('traces-total');
  await expect(total).toContainText('matching');
  const count = Number(await total.getAttribute('data-total'));
  const list = page.getByTestId('traces-list');
  await list.evaluate((element) => {
    element.scrollTop = 200 * 40;
  });
  const row = list.locator('[data-testid="trace-row"][data-index="210"]');
  await expect(row).toBeVisible();
  const [deleted, next] = await Promise.all([
    row.getAttribute('data-trace-id'),
    list.locator('[data-testid="trace-row"][data-index="211"]').getAttribute('data-trace-id'),
  ]);
  const offset = await list.evaluate((element) => element.scrollTop);
  await row.getByTestId('trace-delete').click();
  await page.getByTestId('traces-confirm-delete').click();
  await expect(total).toHaveAttribute('data-total', String(count - 1));
  await expect(row).toHaveAttribute('data-trace-id', next ?? '');
  expect(await list.evaluate((element) => element.scrollTop)).toBe(offset);
  // The focus is on the row that took the deleted one's place, not lost on the page.
  await expect(row).toBeFocused();
  await expect(list.locator(`[data-trace-id="${deleted ?? ''}"]`)).toHaveCount(0);

  // The keyboard goes on from there: Delete asks again, Enter on the dialog's Delete deletes.
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('traces-confirm-dialog')).toBeVisible();
  await page.getByTestId('traces-confirm-delete').focus();
  await page.keyboard.press('Enter');
  await expect(total).toHaveAttribute('data-total', String(count - 2));
  await expect(row).toBeFocused();
  await expect(list.locator(`[data-trace-id="${next ?? ''}"]`)).toHaveCount(0);
});
