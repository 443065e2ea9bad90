import { expect, test } from '@playwright/test';
import { chooseLanguage, fillQuery, openApp, openRequestForm, submitQuery } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// A reload (F5, a browser restart in browser mode) kept the form but dropped the run on display:
// the reviewer had to find it again in Traces.
test('the run on display comes back after a reload, from the trace store, and the form keeps what was typed since', async ({ page }) => {
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-minjun', mode: 'fulltext', timeoutMs: 60_000 });
  expect(await submitQuery(page, true)).toBe('ok');
  const traceId = await page.getByTestId('run-results').getAttribute('data-trace-id');
  expect(traceId).toBeTruthy();
  await openRequestForm(page);
  await page.getByTestId('query-input').fill('the next question, not run yet');

  await page.reload();
  await expect(page.getByTestId('run-results')).toHaveAttribute('data-trace-id', traceId ?? '');
  await expect(page.getByTestId('outcome-banner')).toHaveAttribute('data-outcome', 'ok');
  await expect(page.getByTestId('history-note')).toContainText('before the page was reloaded');
  await openRequestForm(page);
  await expect(page.getByTestId('query-input')).toHaveValue('the next question, not run yet');
});

test('Traces’ date filters on the Korean UI take the app’s YYYY-MM-DD and name a day that does not exist', async ({ page }) => {
  await openApp(page);
  await chooseLanguage(page, 'ko');
  await page.getByTestId('nav-traces').click();
  const since = page.getByTestId('traces-filter-since');
  // Not Chromium's date input, which shows mm/dd/yyyy whatever the app's language.
  await expect(since).toHaveAttribute('type', 'text');
  await expect(since).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await since.fill('2026-02-30');
  await since.press('Enter');
  await expect(page.getByTestId('traces-filter-since-problem')).toContainText('시작일: 2026-02-30은(는) 달력에 없는 날짜여서');
  await expect(since).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('traces-filter-clear').click();
  await expect(since).toHaveValue('');
  await expect(page.getByTestId('traces-filter-since-problem')).toHaveCount(0);
  await chooseLanguage(page, 'en');
});
