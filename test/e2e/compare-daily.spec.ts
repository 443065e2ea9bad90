import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { lens, openApp, overrun } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// Two service accounts whose ids differ only at the end, with Korean display names that differ only
// at the end too: at 1024 px Compare's closed selects both read "svc-payments-reconciliatior", so a
// reviewer could not tell which side ran as which.
const PREFIX = 'svc-payments-reconciliation-batch-worker-prod-eu-west';
const FIRST = `${PREFIX}-1`;
const SECOND = `${PREFIX}-2`;

test.beforeAll(() => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lens-compare-daily-')), 'principals.json');
  const account = (principal_id: string, display_name: string) => ({
    principal_id,
    display_name,
    workspace_id: 'ws-nurion',
    groups: ['g-eng-all'],
    acl_partitions: ['eng'],
  });
  fs.writeFileSync(file, JSON.stringify([account(FIRST, '결제 대사 작업자'), account(SECOND, '결제 대사 작업자 2')]));
  lens(['principals', 'import', file]);
});

test.afterAll(() => {
  lens(['principals', 'remove', FIRST]);
  lens(['principals', 'remove', SECOND]);
});

test('at 1024×700, two long principal ids that differ only at the end are told apart on Compare', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await page.getByTestId('compare-source-principals').check();
  await page.getByTestId('compare-principal-a').selectOption(FIRST);
  await page.getByTestId('compare-principal-b').selectOption(SECOND);

  const form = page.locator('form.cmp-form');
  const wholeA = page.getByTestId('compare-principal-a-whole');
  const wholeB = page.getByTestId('compare-principal-b-whole');
  // Each side's chosen principal is written out whole, with its distinguishing end, inside the form.
  await expect(wholeA).toHaveText(`${FIRST} — 결제 대사 작업자`);
  await expect(wholeB).toHaveText(`${SECOND} — 결제 대사 작업자 2`);
  for (const whole of [wholeA, wholeB]) {
    await expect(whole).toBeVisible();
    expect(await overrun(whole, form)).toBe(0);
  }
  // The closed selects keep the whole label as their tooltip.
  await expect(page.getByTestId('compare-principal-a')).toHaveAttribute('title', `${FIRST} — 결제 대사 작업자`);
  await expect(page.getByTestId('compare-principal-b')).toHaveAttribute('title', `${SECOND} — 결제 대사 작업자 2`);
});

test('Ctrl+Enter in the query compares, as it runs on the Workbench, and Enter alone starts a new line', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await page.getByTestId('compare-source-principals').check();
  await page.getByTestId('compare-principal-a').selectOption(FIRST);
  await page.getByTestId('compare-principal-b').selectOption('u-guest');
  await page.getByTestId('compare-mode').selectOption('fulltext');
  await page.getByTestId('compare-timeout').fill('60000');
  const query = page.getByTestId('compare-query');
  await query.fill('payments failover');
  await query.press('Enter');
  await query.type('runbook');
  await expect(query).toHaveValue('payments failover\nrunbook');
  await expect(page.getByTestId('comparison')).toHaveCount(0);
  // The shortcut is named beside the button, as on the Workbench.
  await expect(page.locator('.cmp-actions')).toContainText('Ctrl+Enter');
  await expect(page.getByTestId('compare-button')).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
  await query.press('Control+Enter');
  await expect(page.getByTestId('comparison')).toBeVisible({ timeout: 90_000 });
});
