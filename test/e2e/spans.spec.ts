import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, lens, openApp, runQuery, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

const SIZES = [
  [1440, 900],
  [1024, 700],
] as const;
// A generous deadline: the machine running the suite may be busy, and a timed-out run has no full waterfall.
const QUERY = { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: 60_000 };

/** The x-range a bar covers on screen. */
async function barRange(page: Page, label: string): Promise<[number, number]> {
  const box = await page.locator(`[data-testid="span-row"][data-kind="stage"][data-label="${label}"] .span-bar`).boundingBox();
  if (!box) throw new Error(`no bar for ${label}`);
  return [box.x, box.x + box.width];
}

/** Opens stage `label`'s queries, copies the first one and EXPLAINs it: the operator tree appears. */
async function openCopyExplain(page: Page, label: string): Promise<string> {
  await page.locator(`[data-testid="span-row"][data-kind="stage"][data-label="${label}"] button`).click();
  const detail = page.getByTestId('span-detail');
  await expect(detail).toBeVisible();
  const first = detail.getByTestId('query-detail').first();
  const cypher = (await first.getByTestId('query-cypher').innerText()).trim();
  expect(cypher.length).toBeGreaterThan(20);
  await first.getByTestId('query-copy').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^:param \w+ => /);
  expect(copied.endsWith(cypher)).toBe(true);
  await first.getByTestId('query-explain').click();
  await expect(first.getByTestId('plan-tree')).toBeVisible();
  await expect(first.locator('[data-testid="plan-operator"][data-operator="ProduceResults"]')).toHaveCount(1);
  expect(await first.getByTestId('plan-operator').count()).toBeGreaterThan(2);
  return copied;
}

/** The waterfall and the plan, at 1440×900 and 1024×700. */
async function spanScreenshots(page: Page, language: string): Promise<void> {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('stage-timeline').evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
    await snapshot(page, `15-spans-${language}-${width}x${height}`);
    await page
      .getByTestId('plan-tree')
      .first()
      .evaluate((tree) => tree.scrollIntoView({ block: 'start' }));
    await snapshot(page, `15-spans-plan-${language}-${width}x${height}`);
  }
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('a hybrid run shows a waterfall: request, stages side by side, and the queries inside each stage with server time', async ({
  page,
}) => {
  await openApp(page);
  expect(await runQuery(page, QUERY)).toBe('ok');
  const waterfall = page.getByTestId('span-waterfall');
  await expect(waterfall).toBeVisible();
  await expect(waterfall.locator('[data-kind="request"]')).toHaveCount(1);
  await expect(waterfall.locator('[data-kind="query"]').first()).toBeVisible();
  // The vector and full-text sides' reads (the cached principal's re-read rides in one of them: riding-read.ts).
  expect(await waterfall.locator('[data-kind="query"]').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('spans-approximate')).toHaveCount(0);
  // The vector and full-text sides ran concurrently: their bars overlap on the axis.
  const [vector, fulltext] = [await barRange(page, 'vector'), await barRange(page, 'fulltext')];
  expect(vector[0] < fulltext[1] && fulltext[0] < vector[1]).toBe(true);
  // Every query bar has its server share drawn inside it.
  expect(await waterfall.locator('[data-kind="query"] .span-bar-server').count()).toBe(
    await waterfall.locator('[data-kind="query"]').count(),
  );
  // Focus shows the numbers.
  const stageButton = waterfall.locator('[data-kind="stage"][data-label="fulltext"] button');
  await stageButton.focus();
  await expect(waterfall.locator('[data-kind="stage"][data-label="fulltext"] [role="tooltip"]')).toBeVisible();
  await expect(waterfall.locator('[data-kind="stage"][data-label="fulltext"] [role="tooltip"]')).toContainText(/starts at [\d.,]+ ms/);
  // At 1024×700 every label stays in its own column, wrapping if it must: seen as
  // "fulltext-in-index-acl+entity-hits" running over its bar (buttons of the Workbench do not wrap).
  await page.setViewportSize({ width: 1024, height: 700 });
  const overruns = await waterfall.locator('[data-testid="span-row"]').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const label = row.querySelector<HTMLElement>('.span-label');
      const track = row.querySelector<HTMLElement>('.span-track');
      if (!label || !track) return [`${row.getAttribute('data-label')}: no label or track`];
      const over = label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > track.getBoundingClientRect().left;
      return over ? [row.getAttribute('data-label') ?? ''] : [];
    }),
  );
  expect(overruns).toEqual([]);
  await page.setViewportSize({ width: 1400, height: 900 });
  // The text alternative holds the same spans.
  await page.getByText('Spans as a table').click();
  await expect(page.locator('[data-testid="stage-row"][data-stage="fulltext"]')).toBeVisible();
});

test('a stage opens its Cypher with parameters; Copy gives :param lines and EXPLAIN an operator tree; screenshots in both sizes and languages', async ({
  page,
}) => {
  await openApp(page);
  await runQuery(page, QUERY);
  const copied = await openCopyExplain(page, 'vector');
  expect(copied).toContain('[384 numbers]');
  // The vector side's read: its own, or hybrid's joined read (its parameters renamed, `$j1_k`).
  await expect(page.getByTestId('query-params').first()).toContainText(/\$(j\d+_)?k(?![A-Za-z_])/);
  for (const language of ['en', 'ko'] as const) {
    await chooseLanguage(page, language);
    await expect(page.getByTestId('stage-timeline').locator('h2')).toHaveText(language === 'en' ? 'Spans' : '스팬');
    await expect(page.getByTestId('plan-tree').first()).toContainText(language === 'en' ? 'rows' : '행');
    await spanScreenshots(page, language);
  }
  await chooseLanguage(page, 'en');
});

test('a stored run opened from Traces shows the same waterfall, Cypher, Copy and EXPLAIN', async ({ page }) => {
  await openApp(page);
  await runQuery(page, QUERY);
  const traceId = await page.getByTestId('run-results').getAttribute('data-trace-id');
  await page.getByTestId('nav-traces').click();
  const row = page.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`);
  // The note says when the run was made as the Traces row does (2026-12-05 15:36:24, local), in either language.
  const time = (await row.locator('.trace-cell.time').textContent()) ?? '';
  expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await row.getByTestId('trace-open').click();
  const note = page.getByTestId('history-note');
  await expect(note).toContainText(`run at ${time}.`);
  await chooseLanguage(page, 'ko');
  await expect(note).toContainText(`실행 시각 ${time}.`);
  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('span-waterfall').locator('[data-kind="query"]').first()).toBeVisible();
  await openCopyExplain(page, 'fulltext');
  await snapshot(page, '15-spans-stored-run');
});

test('a run recorded before spans existed is laid end to end, marked approximate, and its queries still open', async ({ page }) => {
  await openApp(page);
  expect(await runQuery(page, QUERY)).toBe('ok');
  const traceId = (await page.getByTestId('run-results').getAttribute('data-trace-id')) ?? '';
  // The same run as an older build kept it: no starts, no parameter values, under a new trace id.
  type Spanned = { started_ms?: number; params?: unknown };
  type Bundle = {
    runs: { trace_id: string; request: { trace_id?: string }; queries: Spanned[]; response: { trace_id: string; stages: Spanned[] } }[];
  };
  const bundle = JSON.parse(lens(['traces', 'export', traceId])) as Bundle;
  const oldId = `${traceId}-old`;
  for (const run of bundle.runs) {
    run.trace_id = oldId;
    run.response.trace_id = oldId;
    // The import refuses a request naming another run (ca31e88).
    if (run.request.trace_id !== undefined) run.request.trace_id = oldId;
    for (const span of [...run.queries, ...run.response.stages]) {
      delete span.started_ms;
      delete span.params;
    }
  }
  const text = JSON.stringify(bundle);
  expect(text).not.toContain('started_ms');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lens-spans-')), 'old.json');
  fs.writeFileSync(file, text);
  lens(['traces', 'import', file]);
  await page.getByTestId('nav-traces').click();
  await page.locator(`[data-testid="trace-row"][data-trace-id="${oldId}"]`).getByTestId('trace-open').click();
  await expect(page.getByTestId('spans-approximate')).toBeVisible();
  await page.locator('[data-testid="span-row"][data-kind="query"] button').first().click();
  await expect(page.getByTestId('span-detail').getByTestId('query-detail')).toContainText('recorded before parameter values were kept');
  await snapshot(page, '15-spans-old-run');
});
