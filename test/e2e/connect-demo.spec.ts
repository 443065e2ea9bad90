import { expect, test } from '@playwright/test';
import { chooseLanguage, lens, openApp, snapshot } from './setup/e2e-app';

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
  await chooseLanguage(page, 'ko');
  try {
    await expect(inUse).toContainText('데모 데이터베이스가 현재 사용 중인 연결입니다');
  } finally {
    await chooseLanguage(page, 'en');
  }
});

test('starting the demo database from Connect in a Korean UI words every step of its progress log in Korean', async ({ page }) => {
  // A stopped demo server is started again by the job, on the default port (the graph on disk is kept, so nothing loads).
  test.setTimeout(300_000);
  // Stopped before the app opens, so no connect report of the running server is on the screen.
  lens(['neo4j', 'stop']);
  let started = false;
  try {
    await openApp(page);
    await chooseLanguage(page, 'ko');
    await page.getByTestId('nav-connect').click();
    const start = page.getByTestId('start-demo-button');
    await expect(start, 'Connect offers to start the stopped demo database').toBeVisible();
    await start.click();
    const progress = page.getByTestId('demo-progress');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
    started = true;
    const log = progress.getByRole('list', { name: '진행 기록' });
    await expect(log).toContainText('시작하는 중');
    await expect(log).toContainText('에서 준비되었습니다');
    await expect(log.locator('li').last()).toHaveText('완료 데모 데이터베이스가 준비되었습니다.');
    await expect(log).not.toContainText(/Starting Neo4j|is ready on|The demo database is ready/);
    await log.scrollIntoViewIfNeeded();
    await snapshot(page, 'connect-demo-started-ko');
  } finally {
    // The later specs need the demo server: start it by hand when the job did not.
    if (!started) lens(['neo4j', 'start', '--no-warm']);
    await chooseLanguage(page, 'en');
  }
});
