import { expect, test } from '@playwright/test';
import { openApp, runQuery } from './setup/e2e-app';

test('an auto run shows its route, the reason and the cues, its entity stage, and the ADR found by its number', async ({ page }) => {
  await openApp(page);
  const outcome = await runQuery(page, { query: 'ADR-011은 무엇을 정했나?', principal: 'u-sora', mode: 'auto' });
  expect(outcome).toBe('ok');
  const route = page.getByTestId('route-line');
  await expect(route).toHaveAttribute('data-route', 'fulltext');
  await expect(route).toContainText('ADR-011');
  await expect(page.getByTestId('route-reason')).toContainText('full-text + entity');
  const adrItem = page.locator('[data-testid="item"][data-document-id="adr-011-settlement-hourly"]').first();
  await expect(adrItem).toBeVisible();
  await expect(page.locator('[data-testid="stage-row"][data-stage="route"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="stage-row"][data-stage="entity"]')).toHaveCount(1);
});
