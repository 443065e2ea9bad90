import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, openApp, snapshot, tabTo } from './setup/e2e-app';
import { chooseLook } from './setup/screen-tour';
import { removeSeededRuns, seedMarkedRuns } from './setup/seeded-runs';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// A reviewer's store: more runs than one page of the list, of several principals, sizes and durations.
const RUNS = 230;
const MARKER = 'e2e-sorted-runs';
const PRINCIPALS = ['u-minjun', 'u-alice', 'u-guest'];
const seeded: string[] = [];
const itemsOf = (index: number) => (index * 7) % 11;

test.beforeAll(() => {
  seeded.push(
    ...seedMarkedRuns(MARKER, RUNS, '2026-10-01T09:00:00.000Z', (index) => ({
      options: { principal: { principal_id: PRINCIPALS[index % PRINCIPALS.length]! }, itemCount: itemsOf(index), deniedCount: index % 5 },
      record: (run) => ({ ...run, elapsed_ms: 100 + ((index * 37) % 400) }),
    })),
  );
});

// The language is a setting the server keeps: the specs after this one read the app in English.
test.afterEach(async ({ page }) => {
  await chooseLanguage(page, 'en');
});

test.afterAll(() => removeSeededRuns(seeded));

/** Opens Traces in English searching the seeded runs, all of them counted. */
async function openSeededInEnglish(page: Page): Promise<void> {
  await openApp(page);
  await chooseLook(page, 'en', 'light');
  await page.getByTestId('nav-traces').click();
  await page.getByTestId('traces-search').fill(MARKER);
  await expect(page.getByTestId('traces-total')).toHaveAttribute('data-total', String(RUNS));
  // The search is applied: where the store holds only the seeded runs, the count alone does not tell, and a run checked
  // before the search settles belongs to the unfiltered list, whose selection the search then clears.
  await expect(page.getByTestId('traces-total')).toContainText('matching');
}

/** The item counts of the rows drawn, in list order. */
async function itemCounts(page: Page): Promise<number[]> {
  return page
    .getByTestId('traces-list')
    .locator('[data-testid="trace-row"]')
    .evaluateAll((rows) =>
      rows
        .map((row) => [Number(row.getAttribute('data-index')), Number(row.querySelectorAll('[role="gridcell"]')[7]?.textContent)] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, count]) => count),
    );
}

test('at 1024 px in Korean, runs sort by items with the keyboard, announced by aria-sort, kept across pages, a search and a visit elsewhere', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 760 });
  await openApp(page);
  await chooseLook(page, 'ko', 'light');
  await page.getByTestId('nav-traces').click();
  await page.getByTestId('traces-search').fill(MARKER);
  const total = page.getByTestId('traces-total');
  await expect(total).toHaveAttribute('data-total', String(RUNS));
  const list = page.getByTestId('traces-list');
  const itemsHeader = list.getByRole('columnheader').filter({ has: page.getByTestId('traces-sort-items') });
  await expect(list.getByRole('columnheader').filter({ has: page.getByTestId('traces-sort-time') })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(itemsHeader).toHaveAttribute('aria-sort', 'none');

  // Keyboard only: Tab to the Items header, Enter sorts most first, Space turns it around.
  await page.getByTestId('traces-search').focus();
  await tabTo(page, 'traces-sort-items');
  await page.keyboard.press('Enter');
  await expect(itemsHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(list).toHaveAttribute('aria-label', '기록된 실행(항목 기준 내림차순)');
  await expect.poll(async () => (await itemCounts(page))[0]).toBe(10);
  await page.keyboard.press('Space');
  await expect(itemsHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await itemCounts(page))[0]).toBe(0);
  const counts = await itemCounts(page);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));

  // Past the first page of 200 the order goes on: the last rows hold the most items.
  await list.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(list.locator(`[data-testid="trace-row"][data-index="${RUNS - 1}"]`)).toBeVisible();
  const tail = await itemCounts(page);
  expect(tail.at(-1)).toBe(10);
  expect(tail).toEqual([...tail].sort((a, b) => a - b));

  // A narrower search keeps the order.
  await page.getByTestId('traces-search').fill(`${MARKER} 01`);
  await expect(total).toHaveAttribute('data-total', '10');
  await expect(itemsHeader).toHaveAttribute('aria-sort', 'ascending');
  const narrowed = await itemCounts(page);
  expect(narrowed).toEqual([...narrowed].sort((a, b) => a - b));

  // So does a visit to another screen.
  await page.getByTestId('nav-workbench').click();
  await page.getByTestId('nav-traces').click();
  await expect(list.getByRole('columnheader').filter({ has: page.getByTestId('traces-sort-items') })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('checked runs stay checked across another screen and a new order, the bulk buttons say how many they act on, a new search clears them', async ({
  page,
}) => {
  await openSeededInEnglish(page);
  const total = page.getByTestId('traces-total');
  const rows = page.getByTestId('traces-list').locator('[data-testid="trace-row"]');
  const first = rows.nth(0);
  const second = rows.nth(1);
  const chosen = [await first.getAttribute('data-trace-id'), await second.getAttribute('data-trace-id')];
  await first.getByTestId('trace-select').check();
  await second.getByTestId('trace-select').check();
  await expect(page.getByTestId('traces-export-selected')).toHaveText('Export the 2 selected runs');
  await expect(page.getByTestId('traces-delete-selected')).toHaveText('Delete the 2 selected runs');
  // Export all is the whole store, not what the search shows: its button says so.
  await expect(page.getByTestId('traces-export-all')).toHaveText('Export all runs, not only the matching ones');

  await page.getByTestId('nav-workbench').click();
  await expect(page.getByTestId('query-input')).toBeVisible();
  await page.getByTestId('nav-traces').click();
  await expect(page.getByTestId('traces-selected-count')).toHaveText('2 selected');
  for (const id of chosen)
    await expect(page.locator(`[data-testid="trace-row"][data-trace-id="${id ?? ''}"]`)).toHaveAttribute('aria-selected', 'true');

  // Sorting shows the same runs: the selection stays.
  await page.getByTestId('traces-sort-principal').click();
  await expect(page.getByTestId('traces-selected-count')).toHaveText('2 selected');

  // A new search is another list: it starts with nothing checked.
  await page.getByTestId('traces-search').fill(`${MARKER} 02`);
  await expect(total).toHaveAttribute('data-total', '10');
  await expect(page.getByTestId('traces-selected-count')).toHaveCount(0);
});

test('keyboard only: Space checks a run, Shift+Tab reaches the bulk export, Enter exports it, and the focus stays on that button', async ({
  page,
}) => {
  await openSeededInEnglish(page);
  await page.keyboard.press('Tab');
  await tabTo(page, 'trace-row');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('traces-selected-count')).toHaveText('1 selected');
  await tabTo(page, 'traces-export-selected', 60, true);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await download;
  await expect(page.getByTestId('traces-status')).toContainText('Exported 1 run');
  // The button was disabled while the export ran: the focus is given back to it, not left on the page's body.
  await expect(page.getByTestId('traces-export-selected')).toBeFocused();
});

test('at 1024 px in Korean, every sort header shows its whole name and its order mark on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 760 });
  await openApp(page);
  await chooseLook(page, 'ko', 'light');
  await page.getByTestId('nav-traces').click();
  await page.getByTestId('traces-search').fill(MARKER);
  await expect(page.getByTestId('traces-total')).toHaveAttribute('data-total', String(RUNS));
  const list = page.getByTestId('traces-list');
  // Each header sorted in turn (its first order: ▼ or ▲), checked while its mark is drawn.
  for (const by of ['time', 'principal', 'mode', 'items', 'withheld', 'elapsed']) {
    const button = page.getByTestId(`traces-sort-${by}`);
    if (by !== 'time') await button.click();
    await expect(list.getByRole('columnheader').filter({ has: button })).toHaveAttribute('aria-sort', /^(ascending|descending)$/);
    await expect(list.locator('[data-testid="trace-row"]').first()).toBeVisible();
    await button.scrollIntoViewIfNeeded();
    const fit = await button.evaluate((element) => {
      const cell = element.closest('[role="columnheader"]') as HTMLElement;
      const mark = element.querySelector('.trace-sort-mark') as HTMLElement;
      const lines = new Set(Array.from(element.getClientRects()).map((rect) => Math.round(rect.top))).size;
      const [box, own, markBox] = [cell.getBoundingClientRect(), element.getBoundingClientRect(), mark.getBoundingClientRect()];
      return {
        text: element.textContent,
        clipped: element.scrollWidth > element.clientWidth || cell.scrollWidth > cell.clientWidth,
        lines,
        markInside: markBox.width > 0 && markBox.right <= box.right + 0.5 && markBox.right <= own.right + 0.5,
      };
    });
    expect.soft(fit, `the ${by} header`).toEqual({ text: fit.text, clipped: false, lines: 1, markInside: true });
  }
  // For a person to look at: the headers over loaded rows, scrolled to each end of the list's width.
  await expect(list.locator('[data-testid="trace-row"]').first()).toBeVisible();
  await snapshot(page, 'ko-traces-sort-headers-1024-right');
  await list.evaluate((element) => element.scrollTo({ left: 0 }));
  await snapshot(page, 'ko-traces-sort-headers-1024-left');
});
