import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, fillQuery, lens, openApp, snapshot, submitQuery } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A run may be slow on a busy shared machine: these tests are about the layout and state, not speed. */
const RUN_MS = 60_000;
const QUERY = 'payments database failover runbook';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

test.beforeAll(() => {
  // One query through the CLI first, so a cold server does not spend the UI's waits.
  lens(['query', QUERY, '--as', 'u-sora', '--timeout-ms', String(2 * RUN_MS), '--json']);
});

/** Whether the element lies wholly inside the viewport as it is now (the app scrolls inside its main panel). */
async function inViewport(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width + 1;
}

async function runDemoQuery(page: Page, mode = 'hybrid'): Promise<void> {
  await fillQuery(page, { query: QUERY, principal: 'u-sora', mode, timeoutMs: RUN_MS });
  expect(await submitQuery(page, false)).toBe('ok');
}

/** The numbers of one table column, top to bottom. */
async function columnNumbers(page: Page, column: string): Promise<number[]> {
  const cells = await page.getByTestId('item-row').locator(`td[data-column="${column}"]`).allTextContents();
  return cells.map((text) => Number(text));
}

/** The workbench state remembered for the demo connection, as stored in the browser. */
async function storedState(page: Page): Promise<{ key: string; value: Record<string, unknown> }[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('lens.state.v1:'))
      .map((key) => ({ key, value: JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown> })),
  );
}

test('after a run the form collapses to one line and the results take the screen, at 1440×900 and 1024×700, in English and Korean', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]);
  await openApp(page);
  await runDemoQuery(page);

  const summary = page.getByTestId('query-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('query-input')).toHaveCount(0);
  await expect(page.getByTestId('summary-query')).toHaveText(QUERY);
  await expect(page.getByTestId('summary-principal')).toHaveText('as u-sora');
  await expect(page.getByTestId('summary-mode')).toBeVisible();
  await expect(page.getByTestId('summary-top_k')).toHaveText('top 10');
  // One line: no taller than one row of its buttons (the form it replaces is over 500 px).
  expect((await summary.boundingBox())?.height ?? 999).toBeLessThan(60);
  // Focus goes to what the run opened: its outcome, at the head of the results.
  await expect(page.getByTestId('run-results').getByTestId('outcome-banner')).toBeFocused();
  // Cards: the first item is on the first screen.
  await expect(page.getByTestId('item').first()).toBeVisible();
  expect(await inViewport(page, page.getByTestId('item').first().locator('.wb-item-head'))).toBe(true);

  await page.getByTestId('view-table').click();
  const rows = page.getByTestId('item-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  for (const language of ['en', 'ko'] as const) {
    await chooseLanguage(page, language);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (let index = 0; index < 5; index += 1)
        expect(await inViewport(page, rows.nth(index)), `row ${index + 1} at ${size.width}×${size.height}`).toBe(true);
      await snapshot(page, `daily-01-table-${size.width}x${size.height}-${language}`);
    }
  }
  await page.getByTestId('view-cards').click();
  await snapshot(page, 'daily-02-cards-1024x700-ko');
  await chooseLanguage(page, 'en');
  await page.setViewportSize(SIZES[0]);
  await snapshot(page, 'daily-02-cards-1440x900-en');
});

test('the summary line re-opens the form on the part chosen, and Enter or Run again runs the request again', async ({ page }) => {
  await openApp(page);
  await runDemoQuery(page);
  const results = page.getByTestId('run-results');
  const first = await results.getAttribute('data-trace-id');

  await page.getByTestId('summary-principal').click();
  await expect(page.getByTestId('principal-select')).toBeFocused();
  await expect(page.getByTestId('principal-select')).toHaveValue('u-sora');
  // Enter in a field of the re-opened form runs it, and the form collapses again.
  await page.getByTestId('top-k-input').fill('5');
  await page.getByTestId('top-k-input').press('Enter');
  await expect(results).not.toHaveAttribute('data-trace-id', first ?? '');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('summary-top_k')).toHaveText('top 5');
  await expect(page.getByTestId('item')).toHaveCount(5);
  const second = await results.getAttribute('data-trace-id');

  // "/" outside a field re-opens the form with the question focused.
  await page.getByTestId('summary-run').focus();
  await page.keyboard.press('/');
  await expect(page.getByTestId('query-input')).toBeFocused();
  await page.getByTestId('query-input').press('Control+Enter');
  await expect(results).not.toHaveAttribute('data-trace-id', second ?? '');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  const third = await results.getAttribute('data-trace-id');

  await page.getByTestId('summary-run').click();
  await expect(results).not.toHaveAttribute('data-trace-id', third ?? '');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('query-summary')).toBeVisible();
});

test('the table sorts by every column, filters with an honest count, opens a card, and the choice of table survives a reload', async ({
  page,
}) => {
  await openApp(page);
  await runDemoQuery(page);
  await page.getByTestId('view-table').click();
  await expect(page.getByTestId('view-table')).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('item-row');
  const total = await rows.count();
  expect(total).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('table-count')).toHaveText(`${total} of ${total} shown`);

  // Every column sorts and says so in aria-sort; a second press turns it around.
  const headers = page.locator('.wb-item-table thead th[data-column]');
  const columns = await headers.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column') ?? ''));
  expect(columns).toEqual(expect.arrayContaining(['rank', 'title', 'type', 'freshness', 'score:fused', 'tokens']));
  for (const column of columns) {
    await page.getByTestId(`sort-${column}`).click();
    await expect(page.locator(`th[data-column="${column}"]`)).toHaveAttribute('aria-sort', /ascending|descending/);
    await expect(headers.locator('xpath=self::*[@aria-sort="ascending" or @aria-sort="descending"]')).toHaveCount(1);
  }
  await page.getByTestId('sort-tokens').click();
  const tokens = page.locator('th[data-column="tokens"]');
  const direction = await tokens.getAttribute('aria-sort');
  const values = await columnNumbers(page, 'tokens');
  expect(values).toEqual([...values].sort((a, b) => (direction === 'ascending' ? a - b : b - a)));
  // The keyboard sorts too: Enter on the focused header turns the order around.
  await page.getByTestId('sort-tokens').focus();
  await page.keyboard.press('Enter');
  await expect(tokens).toHaveAttribute('aria-sort', direction === 'ascending' ? 'descending' : 'ascending');
  expect(await columnNumbers(page, 'tokens')).toEqual([...values].reverse());
  await snapshot(page, 'daily-03-table-sorted');

  // Filter by text: the count follows the rows and never exceeds what exists.
  const firstTitle = (await rows.first().locator('td[data-column="title"]').textContent()) ?? '';
  await page.getByTestId('table-filter-text').fill(firstTitle);
  const shown = await rows.count();
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(shown).toBeLessThanOrEqual(total);
  await expect(page.getByTestId('table-count')).toHaveText(`${shown} of ${total} shown`);
  for (const title of await rows.locator('td[data-column="title"]').allTextContents()) expect(title).toContain(firstTitle);
  await page.getByTestId('table-filter-text').fill('no title has this text');
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId('table-count')).toHaveText(`0 of ${total} shown`);
  await page.getByTestId('table-empty').getByRole('button').click();
  await expect(rows).toHaveCount(total);

  // Filter by type and by freshness.
  const types = await page
    .getByTestId('table-filter-type')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const type = types.find((value) => value !== '') ?? '';
  await page.getByTestId('table-filter-type').selectOption(type);
  for (const cell of await rows.locator('td[data-column="type"]').allTextContents()) expect(cell).toBe(type);
  await page.getByTestId('table-filter-freshness').selectOption('stale');
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-freshness', 'stale');
  await expect(page.getByTestId('table-count')).toHaveText(new RegExp(`^\\d+ of ${total} shown$`));
  await page.getByTestId('table-filter-type').selectOption('');
  await page.getByTestId('table-filter-freshness').selectOption('');

  // A title opens the item's card under its row, with its provenance.
  await rows.first().getByTestId('row-open').click();
  const card = page.getByTestId('row-card').getByTestId('item');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-document-id', (await rows.first().getAttribute('data-document-id')) ?? '');
  await expect(rows.first().getByTestId('row-open')).toHaveAttribute('aria-expanded', 'true');
  await snapshot(page, 'daily-04-table-card-open');

  await page.reload();
  await page.getByTestId('nav-workbench').click();
  await runDemoQuery(page);
  await expect(page.getByTestId('view-table')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('item-table')).toBeVisible();
  await page.getByTestId('view-cards').click();
});

test('the table’s sort and filter survive a reload, per connection; a remembered column this build does not know falls back to the run order', async ({
  page,
}) => {
  await openApp(page);
  await runDemoQuery(page);
  await page.getByTestId('view-table').click();
  const rows = page.getByTestId('item-row');
  const total = await rows.count();
  expect(total).toBeGreaterThanOrEqual(5);
  const tokens = page.locator('th[data-column="tokens"]');
  await page.getByTestId('sort-tokens').click();
  await expect(tokens).toHaveAttribute('aria-sort', 'descending');
  // The type of the first row: the filter leaves that row and any other of its type.
  const type = (await rows.first().locator('td[data-column="type"]').textContent()) ?? '';
  await page.getByTestId('table-filter-type').selectOption(type);
  const shown = await rows.count();
  expect(shown).toBeGreaterThanOrEqual(1);
  const sortedTokens = await columnNumbers(page, 'tokens');
  expect(sortedTokens).toEqual([...sortedTokens].sort((a, b) => b - a));

  await page.reload();
  await runDemoQuery(page);
  await expect(page.getByTestId('item-table')).toBeVisible();
  await expect(tokens).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByTestId('table-filter-type')).toHaveValue(type);
  await expect(page.getByTestId('table-count')).toHaveText(`${shown} of ${total} shown`);
  for (const cell of await rows.locator('td[data-column="type"]').allTextContents()) expect(cell).toBe(type);
  expect(await columnNumbers(page, 'tokens')).toEqual(sortedTokens);
  await snapshot(page, 'daily-06-table-remembered');
  const stored = await storedState(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.value).toMatchObject({ table: { sort: 'tokens', direction: 'descending', type } });

  // A store from another build: a column and a direction this one does not know, a filter of the wrong type.
  await page.evaluate((key) => {
    const state = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...state, table: { sort: 'score:rerank', direction: 'sideways', type: 42, text: '' } }));
  }, stored[0]?.key ?? '');
  await page.reload();
  await runDemoQuery(page);
  await expect(page.getByTestId('item-table')).toBeVisible();
  await expect(page.locator('th[data-column="rank"]')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('table-filter-type')).toHaveValue('');
  await expect(page.getByTestId('table-count')).toHaveText(`${total} of ${total} shown`);
  const ranks = await columnNumbers(page, 'rank');
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  await page.getByTestId('view-cards').click();
});

test('principal, mode, options, question and the open screen survive a reload; a remembered principal that is gone stays unset with a note, and Run waits', async ({
  page,
}) => {
  await openApp(page);
  await fillQuery(page, { query: 'kafka retention decision', principal: 'u-dohyun', mode: 'fulltext', timeoutMs: 25_000 });
  await page.getByTestId('top-k-input').fill('7');
  await page.getByTestId('max-tokens-input').fill('3000');
  await page.getByTestId('doc-types-input').fill('adr, runbook');
  await page.getByTestId('stale-policy-select').selectOption('filter');
  await page.getByTestId('nav-traces').click();

  await page.reload();
  await expect(page.getByTestId('nav-traces')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('nav-workbench').click();
  await expect(page.getByTestId('query-input')).toHaveValue('kafka retention decision');
  await expect(page.getByTestId('principal-select')).toHaveValue('u-dohyun');
  await expect(page.getByTestId('mode-select')).toHaveValue('fulltext');
  await expect(page.getByTestId('top-k-input')).toHaveValue('7');
  await expect(page.getByTestId('max-tokens-input')).toHaveValue('3000');
  await expect(page.getByTestId('timeout-input')).toHaveValue('25000');
  await expect(page.getByTestId('doc-types-input')).toHaveValue('adr, runbook');
  await expect(page.getByTestId('stale-policy-select')).toHaveValue('filter');
  await expect(page.getByTestId('principal-gone-note')).toHaveCount(0);
  // Kept under a versioned key named by the connection, without credentials.
  const stored = await storedState(page);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.key).toMatch(/^lens\.state\.v1:bolt:\/\/127\.0\.0\.1:\d+\|$/);
  expect(stored[0]?.value).toMatchObject({ screen: 'workbench', form: { principalId: 'u-dohyun', mode: 'fulltext' } });

  // A principal that no longer exists (a folder loaded since, a local copy removed): the form does
  // not run as anyone else. The select shows no principal, a note names the one gone, and Run waits.
  await page.evaluate((key) => {
    const state = JSON.parse(localStorage.getItem(key) ?? '{}') as { form: Record<string, string> };
    localStorage.setItem(key, JSON.stringify({ ...state, form: { ...state.form, principalId: 'u-left-the-company' } }));
  }, stored[0]?.key ?? '');
  await page.reload();
  const note = page.getByTestId('principal-gone-note');
  await expect(note).toHaveAttribute('data-missing', 'u-left-the-company');
  await expect(note).toContainText('u-left-the-company');
  const select = page.getByTestId('principal-select');
  await expect(select).toHaveValue('');
  await expect(select.locator('option:checked')).toHaveText('— choose a principal —');
  await expect(page.getByTestId('run-button')).toBeDisabled();
  await expect(page.getByTestId('mode-select')).toHaveValue('fulltext');
  // Neither Enter in a field nor the run shortcut runs the query as someone else.
  const runs: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/query.run')) runs.push(request.url());
  });
  await page.getByTestId('top-k-input').press('Enter');
  await page.getByTestId('query-input').press('Control+Enter');
  // A run would start at once; give it the time to, then see that none did.
  await page.waitForTimeout(1000);
  expect(runs).toEqual([]);
  await expect(page.getByTestId('query-input')).toBeVisible();
  await expect(page.getByTestId('outcome-banner')).toHaveCount(0);
  await chooseLanguage(page, 'ko');
  await expect(note).toContainText('이제 이 그래프의 주체가 아닙니다');
  await snapshot(page, 'daily-05-principal-gone-ko');
  await chooseLanguage(page, 'en');
  // Choosing a principal puts the note away, and Run can go.
  await select.selectOption('u-sora');
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('run-button')).toBeEnabled();

  // Damaged state is ignored: the app starts on its defaults.
  await page.evaluate((key) => localStorage.setItem(key, '{not json'), stored[0]?.key ?? '');
  await page.reload();
  await expect(page.getByTestId('nav-connect')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('nav-workbench').click();
  await expect(page.getByTestId('query-input')).toHaveValue('');
  await expect(page.getByTestId('mode-select')).toHaveValue('hybrid');
});

test('each connection keeps its own state: another graph starts from defaults, and switching back restores the first', async ({ page }) => {
  await openApp(page);
  await fillQuery(page, { query: 'the demo graph question', principal: 'u-dohyun', mode: 'vector' });
  await page.getByTestId('nav-connect').click();
  await page.getByTestId('profile-id').fill('second-graph');
  await page.getByTestId('profile-uri').fill('bolt://127.0.0.1:9');
  await page.getByTestId('profile-user').fill('neo4j');
  await page.getByTestId('profile-database').fill('other');
  await page.getByTestId('profile-save').click();
  const profile = page.locator('[data-testid="profile"][data-profile-id="second-graph"]');
  await profile.getByRole('button').click();
  await expect(profile).toHaveAttribute('data-in-use', 'true');
  try {
    await page.reload();
    // Nothing is remembered for the second graph: the first screen and an empty form.
    await expect(page.getByTestId('nav-connect')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('nav-workbench').click();
    await expect(page.getByTestId('query-input')).toHaveValue('');
    await expect(page.getByTestId('mode-select')).toHaveValue('hybrid');
    await page.getByTestId('query-input').fill('the second graph question');
    await page.getByTestId('nav-connect').click();
    const keys = (await storedState(page)).map((entry) => entry.key);
    expect(keys).toContain('lens.state.v1:bolt://127.0.0.1:9|other');
  } finally {
    await page.getByTestId('nav-connect').click();
    await page.getByTestId('use-default').click();
    await expect(profile).not.toHaveAttribute('data-in-use', 'true');
  }
  await page.reload();
  await page.getByTestId('nav-workbench').click();
  await expect(page.getByTestId('query-input')).toHaveValue('the demo graph question');
  await expect(page.getByTestId('mode-select')).toHaveValue('vector');
  await expect(page.getByTestId('principal-select')).toHaveValue('u-dohyun');
});

test('coming back to the window reads the graph’s principals and document types again: a folder loaded where the app runs shows without reopening the screen', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-workbench').click();
  const hint = page.getByTestId('doc-types-hint');
  await expect(hint).toContainText('adr (');
  // What the graph holds changes behind the screen's back (as `lens demo load` of another folder
  // would): the next answers name a type and a principal the demo has not.
  let changed = false;
  await page.route('**/api/graph.document_types', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    await route.fulfill({ response, body: changed ? text.replace('"adr"', '"postmortem"') : text });
  });
  await page.route('**/api/principals.list', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    await route.fulfill({ response, body: changed ? text.replace(/"u-sora"/gu, '"u-newcomer"') : text });
  });
  changed = true;
  // Nothing is read while the user stays: the hint still names what was read when the screen opened.
  await page.waitForTimeout(500);
  await expect(hint).toContainText('adr (');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(hint).toContainText('postmortem (');
  await expect(hint).not.toContainText('adr (');
  await expect(page.getByTestId('principal-select').locator('option[value="u-newcomer"]')).toHaveCount(1);
  await expect(page.getByTestId('principal-select').locator('option[value="u-sora"]')).toHaveCount(0);
  await page.unroute('**/api/graph.document_types');
  await page.unroute('**/api/principals.list');
});
