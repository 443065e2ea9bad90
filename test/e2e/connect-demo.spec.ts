import { expect, test } from '@playwright/test';
import { openApp, snapshot } from './setup/e2e-app';

test('Connect says the demo database is already in use, with what it holds, instead of offering to start it', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-connect').click();
  await expect(page.getByTestId('connect-report')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-source', 'demo');
  const inUse = page.getByTestId('demo-in-use');
  await expect(inUse).toBeVisible();
  await expect(inUse).toContainText(/The demo database is the connection in use \(bolt:\/\/127\.0\.0\.1:\d+\): \d+ documents, \d+ nodes/);
  await expect(inUse).toContainText('lens demo load');
  await expect(page.getByTestId('start-demo-button')).toHaveCount(0);
  await snapshot(page, 'connect-demo-in-use');
  await page.getByTestId('language-select').selectOption('ko');
  try {
    await expect(inUse).toContainText('데모 데이터베이스가 현재 사용 중인 연결입니다');
  } finally {
    await page.getByTestId('language-select').selectOption('en');
  }
});
