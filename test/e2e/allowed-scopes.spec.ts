import { expect, test } from '@playwright/test';
import { chooseLanguage, fillQuery, openApp, openRequestForm, submitQuery } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A run may take long on a cold, busy server: these tests are about the scope field, not speed. */
const RUN_MS = 60_000;
const SCOPED_DOCUMENTS = ['runbook-payments-db-failover', 'adr-010-postgres-ha-patroni'];

test('the workbench scope field narrows the run to the documents named, counts the scope as a filter, and names a value that matches nothing', async ({
  page,
}) => {
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover', principal: 'u-dohyun', mode: 'hybrid', timeoutMs: RUN_MS });
  expect(await submitQuery(page, false)).toBe('ok');
  const unscoped = await page.getByTestId('item').evaluateAll((items) => items.map((item) => item.getAttribute('data-document-id')));
  // Without a scope the answer holds other documents too, so the scope below has something to narrow.
  expect(unscoped.some((id) => !SCOPED_DOCUMENTS.includes(id ?? ''))).toBe(true);

  await openRequestForm(page);
  await page.getByTestId('scope-kind-select').selectOption('document_ids');
  await page.getByTestId('scope-values-input').fill(`${SCOPED_DOCUMENTS.join(', ')}, no-such-document`);
  expect(await submitQuery(page, false)).toBe('ok');
  const scoped = await page.getByTestId('item').evaluateAll((items) => items.map((item) => item.getAttribute('data-document-id')));
  expect(scoped.length).toBeGreaterThan(0);
  for (const id of scoped) expect(SCOPED_DOCUMENTS).toContain(id);

  const summary = page.getByTestId('denied-summary');
  const scopeRow = summary.locator('[data-testid="denied-row"][data-kind="filter"]').filter({ hasText: 'allowed-scopes' });
  await expect(scopeRow.first()).toContainText('chunks this principal may see that the allowed-scopes filter leaves out');
  const note = page.getByTestId('filter-note');
  await expect(note).toHaveAttribute('data-filter', 'allowed_scopes');
  await expect(note).toContainText('No document this principal may see falls within the scope document_ids: no-such-document.');

  await chooseLanguage(page, 'ko');
  await openRequestForm(page);
  await expect(page.getByTestId('scope-kind-select').locator('option:checked')).toHaveText('문서');
  await expect(note).toContainText('이 주체가 볼 수 있는 어떤 문서도 범위 document_ids: no-such-document에 속하지 않습니다.');
  await expect(summary).toContainText('이 주체가 볼 수 있지만 허용 범위 필터가 제외한 청크');
  await chooseLanguage(page, 'en');
});
