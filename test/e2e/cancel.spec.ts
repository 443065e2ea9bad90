import { expect, test } from '@playwright/test';
import { TraceStore } from '../../electron/trace-store/trace-store';
import { traceStorePath } from '../../electron/trace-store/trace-store-location';
import { chooseLanguage, e2eState, fillQuery, openApp, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

const TEMPLATE_ID = 'e2e-cancel-cartesian';
/** Row-by-row heavy work (minutes on the demo graph), so the run is still going when Stop is pressed. */
const CARTESIAN = `MATCH (a), (b), (c) WHERE a.zz IS NULL AND b.zz IS NULL AND c.zz IS NULL RETURN count(*) AS n, 'e2e-cancel' AS marker`;

test.beforeAll(() => {
  // Templates are saved in the trace store; no door saves one, so the test writes it there as a user's file would hold it.
  const store = TraceStore.open(traceStorePath(e2eState().home));
  try {
    if (!store.listSavedQueries().some((saved) => saved.id === TEMPLATE_ID))
      store.saveQuery({ id: TEMPLATE_ID, name: 'cartesian', cypher: CARTESIAN, created_at: new Date().toISOString() });
  } finally {
    store.close();
  }
});

test('Stop ends a running query: the banner says cancelled in English and Korean, and Traces lists it as cancelled', async ({ page }) => {
  await openApp(page);
  await fillQuery(page, { query: 'x', principal: 'u-guest', mode: 'cypher', timeoutMs: 60_000 });
  await page.getByTestId('template-input').fill(TEMPLATE_ID);
  await page.getByTestId('run-button').click();
  const stop = page.getByTestId('stop-run');
  await expect(stop).toBeVisible();
  // Let the heavy template reach the server before stopping it.
  await page.waitForTimeout(1_500);
  const stoppedAt = Date.now();
  await stop.click();
  const banner = page.getByTestId('outcome-banner');
  await expect(banner).toHaveAttribute('data-outcome', 'cancelled');
  expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  await expect(banner).toContainText('Cancelled');
  await expect(banner).toContainText('You stopped this run before it finished');
  await expect(stop).toBeHidden();
  await snapshot(page, 'cancel-01-banner');

  await chooseLanguage(page, 'ko');
  await expect(banner).toContainText('취소됨');
  await expect(banner).toContainText('끝나기 전에 이 실행을 중지했습니다');
  await snapshot(page, 'cancel-02-banner-korean');
  await chooseLanguage(page, 'en');

  const traceId = await page.getByTestId('run-results').getAttribute('data-trace-id');
  await page.getByTestId('nav-traces').click();
  await page.getByTestId('traces-filter-outcome').selectOption('cancelled');
  const row = page.locator(`[data-testid="trace-row"][data-trace-id="${traceId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-outcome', 'cancelled');
  await expect(row).toContainText('cancelled');
  await page.getByTestId('traces-filter-outcome').selectOption('');
});

test('Stop ends a running evaluation: the run in flight is cancelled, no report is kept, and the screen says so in English and Korean', async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId('nav-evaluations').click();
  const set = `name: e2e stopped set
defaults: { k: 5, modes: [cypher], timeout_ms: 60000, options: { template_id: ${TEMPLATE_ID} } }
questions:
  - { id: heavy-one, question: x, principal: u-guest, expected: {} }
  - { id: heavy-two, question: y, principal: u-guest, expected: {} }
`;
  await page.getByTestId('eval-file').setInputFiles({ name: 'stopped.yaml', mimeType: 'text/yaml', buffer: Buffer.from(set) });
  await page.getByTestId('eval-run-button').click();
  const stop = page.getByTestId('eval-stop-button');
  await expect(stop).toBeVisible();
  // Let the first heavy run reach the server before stopping the evaluation.
  await page.waitForTimeout(1_500);
  const stoppedAt = Date.now();
  await stop.click();
  const stopped = page.getByTestId('eval-stopped');
  await expect(stopped).toContainText('The evaluation was stopped as asked, after 0 of 2 runs; no report was stored', { timeout: 15_000 });
  expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  await expect(stop).toBeHidden();
  await expect(page.getByTestId('eval-run-button')).toBeEnabled();
  await snapshot(page, 'cancel-03-evaluation-stopped');
  await chooseLanguage(page, 'ko');
  await expect(stopped).toContainText('실행 2개 중 0개를 마쳤고 보고서는 저장하지 않았습니다');
  await chooseLanguage(page, 'en');
});
