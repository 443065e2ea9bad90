import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseLanguage, lens, openApp, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

/** The demo's guest widened to the People team, as a careless import would leave it. */
const WIDENED_GUEST = [
  {
    principal_id: 'u-guest',
    display_name: 'Guest (widened locally)',
    workspace_id: 'ws-nurion',
    groups: ['g-hr'],
    acl_partitions: ['general', 'hr'],
  },
];
const NOTICE_EN = /Local copy overrides the graph.s principal/;
const NOTICE_KO = '로컬 사본이 그래프의 주체를 대신합니다';

test.beforeAll(() => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lens-e2e-principals-')), 'widened-guest.json');
  fs.writeFileSync(file, JSON.stringify(WIDENED_GUEST));
  lens(['principals', 'import', file]);
});

test.afterAll(() => {
  // Whatever happened above, the later specs run as the graph's u-guest (exit 6: already removed).
  lens(['principals', 'remove', 'u-guest'], [0, 6]);
});

test('an imported principal that overrides the graph is named on Connect and Workbench, and removing it in the UI brings the graph principal back', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-connect').click();
  const override = page.getByTestId('principal-override');
  await expect(override).toHaveCount(1);
  await expect(override).toHaveAttribute('data-principal-id', 'u-guest');
  await expect(override).toContainText(NOTICE_EN);
  await snapshot(page, '09-connect-principal-override');

  await page.getByTestId('nav-workbench').click();
  await page.getByTestId('principal-select').selectOption('u-guest');
  const notice = page.getByTestId('principal-override-notice');
  await expect(notice).toContainText(NOTICE_EN);
  await expect(page.getByTestId('principal-select')).toContainText('(local copy)');

  await chooseLanguage(page, 'ko');
  await expect(notice).toContainText(NOTICE_KO);
  await snapshot(page, '10-workbench-principal-override-ko');
  await chooseLanguage(page, 'en');
  await expect(notice).toContainText(NOTICE_EN);
  await snapshot(page, '11-workbench-principal-override');

  await notice.getByTestId('remove-local-principal').click();
  await expect(notice).toHaveCount(0);
  // The graph's u-guest: public documents only, no groups, taken from the graph.
  await expect(page.locator('.wb-principal-facts')).toContainText('the graph');
  await snapshot(page, '12-workbench-override-removed');

  await page.getByTestId('nav-connect').click();
  await expect(page.getByTestId('connect-report')).toHaveAttribute('data-state', 'ready');
  // The panel asks for the principal list once the report is in; let that answer arrive first.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('principal-overrides')).toHaveCount(0);
  expect(lens(['principals', 'list'])).not.toMatch(/overrides the graph/);
});
