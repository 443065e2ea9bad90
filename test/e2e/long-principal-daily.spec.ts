import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fillQuery, lens, openApp, overrun, submitQuery } from './setup/e2e-app';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

// A principal id of 170 characters (a local copy imported from a file): the Workbench's summary line
// and the Traces principal filter ran past their panels' right edge, cut off by the window.
const LONG_ID = `u-${'verylongprincipalidentifier-'.repeat(6)}end`;

test.beforeAll(() => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lens-long-principal-')), 'principals.json');
  fs.writeFileSync(
    file,
    JSON.stringify([
      { principal_id: LONG_ID, display_name: 'Long id', workspace_id: 'ws-nurion', groups: ['g-eng-all'], acl_partitions: ['eng'] },
    ]),
  );
  lens(['principals', 'import', file]);
});

test.afterAll(() => {
  lens(['principals', 'remove', LONG_ID]);
});

test('a very long principal id stays inside the Workbench summary and the Traces filter panel at 1024×700', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: LONG_ID, timeoutMs: 60_000 });
  expect(await submitQuery(page, false)).toBe('ok');
  const principal = page.getByTestId('summary-principal');
  await expect(principal).toHaveAttribute('title', `as ${LONG_ID}`);
  expect(await overrun(principal, page.getByTestId('query-summary'))).toBe(0);

  await page.getByTestId('nav-traces').click();
  const filter = page.getByTestId('traces-filter-principal');
  await expect(filter.locator('option', { hasText: LONG_ID })).toHaveCount(1);
  expect(await overrun(filter, page.locator('.traces-head'))).toBe(0);
});
