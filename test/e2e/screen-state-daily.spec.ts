import { expect, test } from '@playwright/test';
import { fillComparison, openApp } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// Only the open screen is mounted: what a screen held was lost as soon as the user looked at another one.
const QUERY = 'payments database failover runbook';

test('a comparison, its form and the Traces and Stale ADRs filters are still there after looking at another screen', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await fillComparison(page, { query: QUERY, a: 'u-sora', b: 'u-guest' });
  await page.getByTestId('compare-button').click();
  // The reviewer leaves while the comparison runs, reads Traces, and comes back.
  await page.getByTestId('nav-traces').click();
  await expect(page.getByTestId('traces-filter-outcome')).toBeVisible();
  await page.getByTestId('traces-filter-outcome').selectOption('ok');
  await page.getByTestId('traces-search').fill('failover');
  await page.getByTestId('nav-compare').click();
  const comparison = page.getByTestId('comparison');
  await expect(comparison).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('compare-query')).toHaveValue(QUERY);
  await expect(page.getByTestId('compare-principal-a')).toHaveValue('u-sora');
  await expect(page.getByTestId('compare-principal-b')).toHaveValue('u-guest');
  const id = await comparison.getAttribute('data-comparison-id');

  await page.getByTestId('nav-workbench').click();
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('comparison')).toHaveAttribute('data-comparison-id', id ?? '');

  await page.getByTestId('nav-traces').click();
  await expect(page.getByTestId('traces-filter-outcome')).toHaveValue('ok');
  await expect(page.getByTestId('traces-search')).toHaveValue('failover');

  await page.getByTestId('nav-adrs').click();
  const search = page.getByTestId('adr-filter-text');
  await search.fill('ADR-010');
  await page.getByTestId('nav-workbench').click();
  await page.getByTestId('nav-adrs').click();
  await expect(search).toHaveValue('ADR-010');
});
