import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, fillComparison, lens, openApp, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

// The HR question, plus two words a public runbook chunk holds together, so the guest's run clears
// the relevance floor with public documents (the Compare form has no floor fields).
const HR_QUERY = '연봉 조정 정책 salary adjustment performance review 배포 롤백';

/** Opens Compare and compares the HR query as u-hana (A) and u-guest (B); returns the comparison id. */
async function compareHanaWithGuest(page: Page): Promise<string> {
  await page.getByTestId('nav-compare').click();
  await fillComparison(page, { query: HR_QUERY, a: 'u-hana', b: 'u-guest', mode: 'hybrid' });
  await page.getByTestId('compare-button').click();
  const result = page.getByTestId('comparison');
  await expect(result).toBeVisible({ timeout: 90_000 });
  return (await result.getAttribute('data-comparison-id')) ?? '';
}

test('compare shows the HR-only documents as only-A, why the guest may not see them, and no leaks', async ({ page }) => {
  await openApp(page);
  await compareHanaWithGuest(page);
  await expect(page.getByTestId('leak-banner')).toHaveAttribute('data-state', 'clean');
  const columnA = page.getByTestId('compare-column-a');
  const onlyA = columnA.locator('[data-testid="compare-item"][data-diff="only_a"]');
  const onlyADocuments = await onlyA.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-document-id') ?? ''));
  expect(onlyADocuments.filter((id) => id.startsWith('policy-hr-')).length).toBeGreaterThan(0);
  const columnBDocuments = await page
    .getByTestId('compare-column-b')
    .getByTestId('compare-item')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-document-id') ?? ''));
  expect(columnBDocuments.filter((id) => id.startsWith('policy-hr-'))).toEqual([]);
  // Why not B, on an HR item: the document shares no group with the guest.
  const hrItem = columnA.locator('[data-testid="compare-item"][data-document-id^="policy-hr-"]').first();
  await expect(hrItem.locator('[data-testid="why"][data-side="A"]')).toHaveAttribute('data-state', 'visible');
  const whyB = hrItem.locator('[data-testid="why"][data-side="B"]');
  await expect(whyB).toHaveAttribute('data-state', 'denied');
  await expect(whyB).toContainText('shares no group with the principal (allowed_groups: g-hr)');
  await expect(page.getByTestId('overlap-jaccard')).toHaveText(/^\d+\.\d%$/);
  await snapshot(page, '09-compare-hana-guest');
});

test('the compare graph marks HR-only documents as seen by A only and public ones by both, with a legend and no leak', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await page.getByTestId('saved-comparison').first().getByTestId('saved-comparison-open').click();
  const panel = page.getByTestId('compare-graph');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(panel.getByTestId('graph-canvas')).toBeVisible();
  const legend = page.getByTestId('compare-graph-legend');
  await expect(legend).toContainText('A only (u-hana)');
  await expect(legend).toContainText('B only (u-guest)');
  await expect(legend).toContainText('double border, cut corners');
  const count = async (name: string) => Number(await legend.locator(`[data-class="${name}"]`).getAttribute('data-count'));
  expect(await count('a')).toBeGreaterThan(0);
  expect(await count('both')).toBeGreaterThan(0);
  expect(await count('leak')).toBe(0);
  const documents = await panel
    .locator('[data-testid="compare-graph-node"][data-label="Document"]')
    .evaluateAll((rows) => rows.map((row) => ({ key: row.getAttribute('data-key') ?? '', seen: row.getAttribute('data-visible-to') })));
  const hr = documents.filter((entry) => entry.key.startsWith('policy-hr-'));
  expect(hr.length).toBeGreaterThan(0);
  expect(hr.every((entry) => entry.seen === 'a')).toBe(true);
  expect(documents.some((entry) => entry.seen === 'both')).toBe(true);
  await expect(panel.locator('[data-testid="compare-graph-node"][data-leak]')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000);
  await snapshot(page, '12-compare-graph');
});

test('a kept comparison reopens exactly as it was, and reads in Korean', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  const saved = page.getByTestId('saved-comparison').first();
  await expect(saved).toBeVisible();
  const id = await saved.getAttribute('data-comparison-id');
  await saved.getByTestId('saved-comparison-open').click();
  await expect(page.getByTestId('comparison')).toHaveAttribute('data-comparison-id', id ?? '');
  await expect(page.getByTestId('leak-banner')).toHaveAttribute('data-state', 'clean');
  await chooseLanguage(page, 'ko');
  await expect(page.getByTestId('nav-compare')).toHaveText('비교');
  await expect(page.getByTestId('leak-banner')).toContainText('유출 없음');
  await expect(page.locator('[data-testid="why"][data-side="B"][data-state="denied"]').first()).toContainText('주체와 공유된 그룹이 없음');
  await snapshot(page, '10-compare-korean');
  await chooseLanguage(page, 'en');
});

test('two stored runs where one handed the guest HR documents: the leak banner lists each leak with its broken clause', async ({
  page,
}) => {
  await openApp(page);
  const traceA = JSON.parse(lens(['traces', 'list', '--principal', 'u-hana', '--json'])).runs[0].trace_id as string;
  // A run from elsewhere (bundles are anyone's data): u-hana's items, recorded as returned to u-guest.
  const bundle = JSON.parse(lens(['traces', 'export', traceA]));
  const guest = (JSON.parse(lens(['principals', 'list', '--json'])) as { principal_id: string }[]).find(
    (entry) => entry.principal_id === 'u-guest',
  );
  const forgedId = `${traceA}-as-guest`;
  bundle.runs = bundle.runs.map((run: Record<string, unknown>) => ({
    ...run,
    trace_id: forgedId,
    principal: guest,
    response: { ...(run.response as object), trace_id: forgedId },
    // The import refuses a request naming another run (ca31e88): one the screen made carries its trace id.
    request: {
      ...(run.request as object),
      ...((run.request as { trace_id?: string }).trace_id === undefined ? {} : { trace_id: forgedId }),
    },
  }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lens-e2e-compare-')), 'forged.json');
  fs.writeFileSync(file, JSON.stringify(bundle));
  lens(['traces', 'import', file]);

  await page.getByTestId('nav-compare').click();
  await page.getByTestId('compare-source-runs').check();
  await expect(page.getByTestId('compare-run-a').locator(`option[value="${forgedId}"]`)).toHaveCount(1);
  await page.getByTestId('compare-run-a').selectOption(forgedId);
  await page.getByTestId('compare-run-b').selectOption(traceA);
  await page.getByTestId('compare-button').click();
  const banner = page.getByTestId('leak-banner');
  await expect(banner).toHaveAttribute('data-state', 'leaks', { timeout: 60_000 });
  const leaks = banner.getByTestId('leak');
  expect(await leaks.count()).toBeGreaterThan(0);
  const documents = await leaks.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-document-id') ?? ''));
  expect(documents.every((id) => id.startsWith('policy-hr-'))).toBe(true);
  await expect(leaks.first().getByTestId('leak-clause')).toContainText('document.any_of visibility, owner_id, allowed_groups');
  await expect(leaks.first()).toContainText('shares no group with the principal (allowed_groups: g-hr)');
  await expect(page.getByTestId('compare-column-a').locator('.cmp-item-leak').first()).toBeVisible();
  await snapshot(page, '11-compare-leaks');

  // The graph: each HR node the guest's forged run (A) drew on is one only u-hana (B) may see, leaked to A.
  const panel = page.getByTestId('compare-graph');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const leakKey = page.getByTestId('compare-graph-legend').locator('[data-class="leak"]');
  expect(Number(await leakKey.getAttribute('data-count'))).toBeGreaterThan(0);
  const leaked = panel.locator('[data-testid="compare-graph-node"][data-label="Document"][data-leak="a"]');
  expect(await leaked.count()).toBeGreaterThan(0);
  const rows = await leaked.evaluateAll((nodes) =>
    nodes.map((node) => ({
      key: node.getAttribute('data-key') ?? '',
      seen: node.getAttribute('data-visible-to'),
      returned: node.getAttribute('data-returned-to'),
    })),
  );
  for (const { key, seen, returned } of rows) {
    expect(key.startsWith('policy-hr-'), key).toBe(true);
    expect(seen).toBe('b');
    expect(returned).toBe('both');
  }
  await expect(panel.locator('[data-testid="compare-graph-node"][data-leak="a"]').first()).toContainText('LEAK to A');
  await panel.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000);
  await snapshot(page, '13-compare-graph-leaks');
});
