import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, openApp, runQuery, snapshot } from './setup/e2e-app';
import { TOUR_QUERY } from './setup/screen-tour';

test.describe.configure({ mode: 'serial' });

interface BundleRun {
  trace_id: string;
  mode: string;
  request: { trace_id?: string };
  response: { trace_id: string };
}
interface Bundle {
  format: string;
  runs: BundleRun[];
}

/** Exports one run through the row's Export action and returns the bundle the app wrote. */
async function exportRun(page: Page, traceId: string): Promise<Bundle> {
  const download = page.waitForEvent('download');
  await page.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`).getByTestId('trace-export').click();
  const file = await (await download).path();
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Bundle;
}

/** Chooses a bundle in the Import file picker and waits for the result panel to say what happened. */
async function importBundle(page: Page, name: string, bundle: unknown) {
  await page
    .getByTestId('traces-import-file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) });
  const counts = page.getByTestId('traces-import-counts');
  await expect(counts).toBeVisible();
  return counts;
}

test('a run exported by the app, then deleted, comes back through Import, and a second import finds it already present', async ({
  page,
}) => {
  await openApp(page);
  await runQuery(page, TOUR_QUERY);
  const traceId = (await page.getByTestId('run-results').getAttribute('data-trace-id')) ?? '';
  await page.getByTestId('nav-traces').click();
  const row = page.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`);
  await expect(row).toBeVisible();
  const bundle = await exportRun(page, traceId);
  expect(bundle.runs.map((run) => run.trace_id)).toEqual([traceId]);

  await row.getByTestId('trace-delete').click();
  await page.getByTestId('traces-confirm-delete').click();
  await expect(row).toHaveCount(0);

  const counts = await importBundle(page, 'one-run.json', bundle);
  await expect(counts).toHaveAttribute('data-imported', '1');
  await expect(counts).toHaveAttribute('data-refused', '0');
  await expect(counts).toContainText('1 run imported.');
  await expect(row).toBeVisible();

  const again = await importBundle(page, 'one-run-again.json', bundle);
  await expect(again).toHaveAttribute('data-imported', '0');
  await expect(again).toHaveAttribute('data-present', '1');
  await expect(again).toContainText('1 already in the trace store.');
});

test('a bundle with a bad run imports the good ones and names the bad run with its field, in English and Korean', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-traces').click();
  const first = page.getByTestId('trace-row').first();
  await expect(first).toBeVisible();
  const traceId = (await first.getAttribute('data-trace-id')) ?? '';
  const exported = await exportRun(page, traceId);
  const template = exported.runs[0];
  if (!template) throw new Error('the export held no run');
  const copy = (id: string): BundleRun => ({
    ...structuredClone(template),
    trace_id: id,
    // A request made under the run's trace id names it: a copy under another id names that one (import refuses a mismatch).
    request: { ...structuredClone(template.request), ...(template.request.trace_id === undefined ? {} : { trace_id: id }) },
    response: { ...structuredClone(template.response), trace_id: id },
  });
  const stamp = Date.now().toString(36);
  const good = copy(`tr-import-good-${stamp}`);
  const bad = copy(`tr-import-bad-${stamp}`);
  // A retrieval mode the app does not have: the schema refuses this run alone.
  bad.mode = 'telepathy';

  const counts = await importBundle(page, 'mixed.json', { ...exported, runs: [template, bad, good] });
  await expect(counts).toHaveAttribute('data-imported', '1');
  await expect(counts).toHaveAttribute('data-present', '1');
  await expect(counts).toHaveAttribute('data-refused', '1');
  const refused = page.getByTestId('traces-import-refused-run');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveAttribute('data-position', '2');
  await expect(refused).toContainText(`Run 2 (${bad.trace_id}) is not valid:`);
  await expect(refused.locator('code')).toHaveText('mode');
  // zod's problem as the core coded it: English as zod says it, Korean worded from the code.
  const problem = refused.getByTestId('traces-import-problem');
  await expect(problem).toHaveAttribute('data-code', 'error_server:zod_value_not_accepted_part');
  await expect(problem).toContainText('"telepathy" is not an accepted value (accepted: "vector", ');
  await expect(page.locator(`[data-testid="trace-row"][data-trace-id="${good.trace_id}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="trace-row"][data-trace-id="${bad.trace_id}"]`)).toHaveCount(0);
  await snapshot(page, 'traces-import-mixed');

  await chooseLanguage(page, 'ko');
  try {
    await expect(counts).toContainText('실행 1건을 가져왔습니다.');
    await expect(refused).toContainText(`실행 2(${bad.trace_id})이 올바르지 않습니다:`);
    await expect(problem).toContainText('"telepathy"은(는) 받는 값이 아닙니다(받는 값: "vector", ');
    await expect(problem).not.toContainText('accepted value');
  } finally {
    await chooseLanguage(page, 'en');
  }
});

test('an imported question holding a bidi override and a zero-width space is shown with them drawn, in Traces and on the opened run, and exported as stored', async ({
  page,
}) => {
  await openApp(page);
  await runQuery(page, TOUR_QUERY);
  const ranId = (await page.getByTestId('run-results').getAttribute('data-trace-id')) ?? '';
  await page.getByTestId('nav-traces').click();
  const exported = await exportRun(page, ranId);
  const template = exported.runs[0];
  if (!template) throw new Error('the export held no run');
  const id = `tr-import-bidi-${Date.now().toString(36)}`;
  const question = 'invoice \u202Etxt.exe\u202C for u-guest\u200B';
  const shown = 'invoice ⟨U+202E⟩txt.exe⟨U+202C⟩ for u-guest⟨U+200B⟩';
  const run = {
    ...structuredClone(template),
    trace_id: id,
    request: {
      ...structuredClone(template.request),
      query: question,
      ...(template.request.trace_id === undefined ? {} : { trace_id: id }),
    },
    response: { ...structuredClone(template.response), trace_id: id },
  };
  const counts = await importBundle(page, 'bidi.json', { ...exported, runs: [run] });
  await expect(counts).toHaveAttribute('data-imported', '1');

  const row = page.locator(`[data-testid="trace-row"][data-trace-id="${id}"]`);
  const cell = row.locator('.trace-cell.query');
  await expect(cell).toHaveText(shown);
  await expect(cell).toHaveAttribute('title', shown);
  const again = (await exportRun(page, id)).runs[0] as unknown as { request: { query: string } };
  expect(again.request.query).toBe(question);

  await row.getByTestId('trace-open').click();
  await expect(page.getByTestId('summary-query')).toHaveText(shown);
});

test('a file that is not JSON is refused naming the file, and nothing is imported', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-traces').click();
  const total = page.getByTestId('traces-total');
  await expect(total).toHaveAttribute('data-total', /^\d+$/);
  const before = await total.getAttribute('data-total');
  await page
    .getByTestId('traces-import-file')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not a bundle') });
  const result = page.getByTestId('traces-import-result');
  await expect(result).toHaveAttribute('data-state', 'failed');
  await expect(result.locator('.error-box')).toContainText('notes.json is not JSON');
  await page.getByTestId('traces-refresh').click();
  await expect(total).toHaveAttribute('data-total', before ?? '');
});
