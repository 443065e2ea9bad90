import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, fillQuery, openApp, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

/** A run may take long on a cold, busy server: these tests are about the labels, not speed. */
const RUN_MS = 60_000;

/** Runs a query as u-sora in hybrid mode with the document types typed into the form, and returns its outcome once shown. */
async function runWithDocTypes(page: Page, docTypes: string): Promise<string> {
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: RUN_MS });
  await page.getByTestId('doc-types-input').fill(docTypes);
  const results = page.getByTestId('run-results');
  const previous = (await results.count()) > 0 ? await results.getAttribute('data-trace-id') : null;
  await page.getByTestId('run-button').click();
  await expect(results).toBeVisible({ timeout: RUN_MS + 10_000 });
  if (previous) await expect(results).not.toHaveAttribute('data-trace-id', previous, { timeout: RUN_MS + 10_000 });
  await expect(results).toHaveAttribute('aria-busy', 'false', { timeout: RUN_MS + 10_000 });
  return (await page.getByTestId('outcome-banner').getAttribute('data-outcome')) ?? '';
}

test.describe.configure({ timeout: 3 * RUN_MS });

test('the workbench words each withheld count by kind, and a document type no document has is named with the types present', async ({
  page,
}) => {
  await openApp(page);
  expect(await runWithDocTypes(page, 'foo')).toBe('no_evidence');

  const note = page.getByTestId('filter-note');
  await expect(note).toHaveCount(1);
  await expect(note).toHaveAttribute('data-filter', 'document_types');
  await expect(note).toContainText('No document this principal may see has the document type foo; the types it may see are:');
  await expect(note).toContainText('runbook');

  const summary = page.getByTestId('denied-summary');
  const access = summary.locator('[data-testid="denied-row"][data-kind="access"]');
  await expect(access).toHaveCount(1);
  await expect(access).toContainText(/access\s+\d+ of \d+\s*chunks in the graph this principal may not see \(access policy\)/);
  const filters = summary.locator('[data-testid="denied-row"][data-kind="filter"]');
  await expect(filters.first()).toContainText('chunks this principal may see that the document-type filter leaves out');
  for (const text of await filters.allInnerTexts()) expect(text).toMatch(/^filter/);
  // The access figure is the whole graph's, out of every chunk: the filter did not add to it.
  const [count, of] = [Number(await summary.getAttribute('data-access')), Number(await summary.getAttribute('data-access-of'))];
  expect(count).toBeLessThan(of);
  await expect(access).toContainText(`${count} of ${of}`);
  await summary.scrollIntoViewIfNeeded();
  await snapshot(page, '09-withheld-filter-note');

  await chooseLanguage(page, 'ko');
  await expect(access).toContainText('그래프에서 이 주체가 볼 수 없는 청크 (접근 정책)');
  await expect(access).toContainText(`${of}개 중 ${count}개`);
  await expect(filters.first()).toContainText('문서 유형 필터가 제외한 청크');
  await expect(note).toContainText('이 주체가 볼 수 있는 어떤 문서도 문서 유형 foo이(가) 아닙니다');
  await snapshot(page, '10-withheld-korean');
  await chooseLanguage(page, 'en');
  await expect(access).toContainText('chunks in the graph this principal may not see');
});

test('the traces list words each run’s withheld figures, and the opened run shows the same counts', async ({ page }) => {
  await openApp(page);
  await runWithDocTypes(page, 'foo');
  const traceId = await page.getByTestId('run-results').getAttribute('data-trace-id');
  const access = await page.getByTestId('denied-summary').getAttribute('data-access');

  await page.getByTestId('nav-traces').click();
  const row = page.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`);
  const cell = row.getByTestId('trace-withheld');
  await expect(cell).toHaveText(new RegExp(`^access ${access} · filter \\d+$`));
  await expect(cell).toHaveAttribute('title', /access: \d+ of \d+ — chunks in the graph this principal may not see \(access policy\)/);
  await expect(cell).toHaveAttribute(
    'title',
    /filter: \d+ of \d+ — chunks this principal may see that the document-type filter leaves out/,
  );
  await snapshot(page, '11-traces-withheld');

  await row.getByTestId('trace-open').click();
  await expect(page.getByTestId('run-results')).toHaveAttribute('data-trace-id', traceId ?? '');
  await expect(page.getByTestId('denied-summary')).toHaveAttribute('data-access', access ?? '');
  await expect(page.getByTestId('filter-note')).toContainText('document type foo');
});
