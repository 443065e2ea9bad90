import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, openApp, runQuery, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

// The demo's ADRs: ADR-003 (Kafka) is superseded by ADR-007 (Redpanda); ADR-010 (Patroni) is accepted and current.
const KAFKA = 'adr-003-event-bus-kafka';
const PATRONI = 'adr-010-postgres-ha-patroni';
const RABBIT = 'adr-002-event-bus-rabbitmq';
const KAFKA_QUERY = {
  query: 'Use Kafka as the event bus for asynchronous messaging',
  principal: 'u-minjun',
  mode: 'hybrid',
  timeoutMs: 90_000,
};
const PATRONI_QUERY = {
  query: 'Use Patroni for automatic failover of the payments database',
  principal: 'u-minjun',
  mode: 'hybrid',
  timeoutMs: 90_000,
};

/** The freshness badge of the run's item from `documentId` (the first one, when several chunks of it are returned). */
async function itemBadge(page: Page, documentId: string) {
  const item = page.locator(`[data-testid="item"][data-document-id="${documentId}"]`).first();
  await expect(page.getByTestId('item').first(), 'the run returned items').toBeVisible();
  const shown = await page.getByTestId('item').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-document-id')));
  const outcome = await page.getByTestId('outcome-banner').getAttribute('data-outcome');
  expect(shown, `${documentId} is among the items of the run (outcome ${outcome})`).toContain(documentId);
  await expect(item).toBeVisible();
  return item.getByTestId('freshness-badge');
}

async function openAdrs(page: Page) {
  await page.getByTestId('nav-adrs').click();
  await expect(page.getByTestId('adr-list')).toBeVisible();
}

const row = (page: Page, documentId: string) => page.locator(`[data-testid="adr-row"][data-document-id="${documentId}"]`);

test('the Workbench shows a stale freshness badge, with its successor, on a superseded ADR', async ({ page }) => {
  await openApp(page);
  await runQuery(page, KAFKA_QUERY);
  const badge = await itemBadge(page, KAFKA);
  await expect(badge).toHaveAttribute('data-state', 'stale');
  const item = page.locator(`[data-testid="item"][data-document-id="${KAFKA}"]`).first();
  await expect(item.locator('.wb-freshness-reason')).toContainText('superseded by adr-007-event-bus-redpanda');
  await item.scrollIntoViewIfNeeded();
  await snapshot(page, 'adr-01-workbench-stale-badge');
});

test('the provenance graph styles the superseded ADR node stale and draws its supersession edge', async ({ page }) => {
  await openApp(page);
  await runQuery(page, KAFKA_QUERY);
  const documents = await page.getByTestId('item').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-document-id')));
  const index = documents.indexOf(KAFKA);
  expect(index).toBeGreaterThanOrEqual(0);
  await page.getByTestId('nav-graph').click();
  await expect(page.getByTestId('graph-item-picker')).toBeVisible();
  if (index !== 0) {
    await page.getByTestId(`graph-item-${index}`).check();
    await page.getByTestId('graph-item-0').uncheck();
  }
  await expect(page.getByTestId('graph-canvas')).toBeVisible();
  const legend = page.getByTestId('graph-legend-adr');
  await expect(legend).toBeVisible();
  // ADR-003 stale, and its neighbours in the chain: ADR-002 (stale) and ADR-007 (current).
  await expect(legend.locator('li[data-state="stale"]')).toContainText(/\((?:[2-9]|\d\d+)\)/);
  await expect(legend.locator('li[data-state="current"]')).toContainText(/\([1-9]\d*\)/);
  await expect(page.getByTestId('legend-supersession')).toContainText(/\((?:[2-9]|\d\d+)\)/);
  await page.waitForTimeout(1000);
  await snapshot(page, 'adr-02-provenance-graph-stale-adr');
});

test('the Stale ADRs screen lists every ADR with its freshness, successors and chains, and filters them', async ({ page }) => {
  await openApp(page);
  await openAdrs(page);
  const rows = page.getByTestId('adr-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(15);
  await expect(row(page, KAFKA)).toHaveAttribute('data-state', 'stale');
  await expect(row(page, KAFKA).getByTestId('adr-successor-link')).toContainText('ADR-007');
  await expect(row(page, KAFKA).getByTestId('adr-status')).toContainText('superseded');
  await expect(row(page, 'adr-006-secrets-in-vault').getByTestId('adr-successor-link')).toContainText('partial');
  await expect(row(page, 'adr-004-settlement-daily-batch').getByTestId('adr-successor-link')).toContainText('drift');
  const chains = page.getByTestId('adr-chains');
  await expect(chains).toBeVisible();
  expect(Number(await chains.getAttribute('data-edges'))).toBeGreaterThanOrEqual(5);
  await page.waitForTimeout(800);
  await snapshot(page, 'adr-03-stale-adrs-screen');

  await page.getByTestId('adr-filter-freshness').selectOption('stale');
  const states = await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
  expect(states.length).toBeGreaterThan(0);
  expect(new Set(states)).toEqual(new Set(['stale']));
  await page.getByTestId('adr-filter-freshness').selectOption('');
  await page.getByTestId('adr-filter-text').fill('adr-010');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-document-id', PATRONI);
  await snapshot(page, 'adr-04-stale-adrs-filtered');
  await page.getByTestId('adr-filter-clear').click();
  expect(await rows.count()).toBeGreaterThanOrEqual(15);
});

test('marking an ADR stale shows it marked and in its history, a later Workbench run says so, and the unmark restores it', async ({
  page,
}) => {
  await openApp(page);
  await openAdrs(page);
  const patroni = row(page, PATRONI);
  await expect(patroni).toHaveAttribute('data-state', 'current');
  await patroni.getByTestId('adr-mark-open').click();
  await patroni.getByTestId('adr-mark-submit').click();
  await expect(patroni.getByRole('alert')).toBeVisible();
  await patroni.getByTestId('adr-reason').fill('Patroni moved to the managed database service');
  await patroni.getByTestId('adr-mark-submit').click();
  await expect(patroni).toHaveAttribute('data-state', 'stale');
  await expect(patroni.getByTestId('adr-mark')).toContainText('Patroni moved to the managed database service');
  await expect(patroni.getByTestId('adr-freshness')).toContainText(/marked by/);
  await patroni.getByTestId('adr-history-toggle').click();
  await expect(patroni.getByTestId('adr-history-entry')).toHaveCount(1);
  await expect(patroni.getByTestId('adr-history-entry').first()).toHaveAttribute('data-action', 'mark');
  await patroni.scrollIntoViewIfNeeded();
  await snapshot(page, 'adr-05-marked-with-history');

  const download = page.waitForEvent('download');
  await page.getByTestId('adr-export-cypher').click();
  expect((await download).suggestedFilename()).toMatch(/^stale-marks-.*\.cypher$/);
  await expect(page.getByTestId('adr-export-status')).toContainText('1 mark');

  await runQuery(page, PATRONI_QUERY);
  const marked = await itemBadge(page, PATRONI);
  await expect(marked).toHaveAttribute('data-state', 'stale');
  await expect(page.locator(`[data-testid="item"][data-document-id="${PATRONI}"]`).first()).toContainText(/marked by/);
  await page.locator(`[data-testid="item"][data-document-id="${PATRONI}"]`).first().scrollIntoViewIfNeeded();
  await snapshot(page, 'adr-06-workbench-marked');

  await openAdrs(page);
  await patroni.getByTestId('adr-unmark').click();
  await patroni.getByTestId('adr-reason').fill('the move was called off');
  await patroni.getByTestId('adr-mark-submit').click();
  await expect(patroni).toHaveAttribute('data-state', 'current');
  await expect(patroni.getByTestId('adr-mark')).toHaveCount(0);
  await patroni.getByTestId('adr-history-toggle').click();
  const entries = patroni.getByTestId('adr-history-entry');
  await expect(entries).toHaveCount(2);
  expect(await entries.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action')))).toEqual(['mark', 'unmark']);
  await snapshot(page, 'adr-07-unmarked-history');

  await runQuery(page, PATRONI_QUERY);
  await expect(await itemBadge(page, PATRONI)).toHaveAttribute('data-state', 'current');
  await snapshot(page, 'adr-08-workbench-unmarked');
});

test('the screen in Korean words freshness, filters and the chains in Korean', async ({ page }) => {
  await openApp(page);
  await chooseLanguage(page, 'ko');
  await openAdrs(page);
  await expect(page.getByTestId('nav-adrs')).toHaveText('오래된 ADR');
  await expect(row(page, KAFKA).getByTestId('freshness-badge')).toHaveText('오래됨');
  await expect(row(page, KAFKA).getByTestId('adr-history-toggle')).toHaveText('이력');
  await snapshot(page, 'adr-09-korean');
  await chooseLanguage(page, 'en');
});

test("a card's freshness reason names its successor the way the card does (ADR-003), not by document id, in English and Korean", async ({
  page,
}) => {
  await openApp(page);
  await openAdrs(page);
  const rabbit = row(page, RABBIT);
  await expect(rabbit.getByTestId('adr-successor-link')).toContainText('ADR-003');
  await expect(rabbit.getByTestId('adr-freshness')).toContainText('superseded by ADR-003');
  await expect(rabbit.getByTestId('adr-freshness')).not.toContainText(KAFKA);
  await chooseLanguage(page, 'ko');
  try {
    await expect(rabbit.getByTestId('adr-freshness')).toContainText('ADR-003(으)로 대체됨');
    await expect(rabbit.getByTestId('adr-freshness')).not.toContainText(KAFKA);
  } finally {
    await chooseLanguage(page, 'en');
  }
});

/** The document ids the open mark form of `documentId`'s card offers as its successor. */
async function successorChoices(page: Page, documentId: string): Promise<string[]> {
  const card = row(page, documentId);
  await card.getByTestId('adr-mark-open').click();
  const options = card.getByTestId('adr-successor').locator('option:not([disabled])');
  await expect(options.nth(1)).toBeAttached();
  return options.evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value).filter((value) => value !== ''));
}

test('the mark form offers neither the record nor any record earlier in its chain as its successor, and says which it left out', async ({
  page,
}) => {
  await openApp(page);
  await openAdrs(page);
  // ADR-007 replaces ADR-003, which replaces ADR-002: naming either would send readers round in a circle.
  const redpanda = 'adr-007-event-bus-redpanda';
  const choices = await successorChoices(page, redpanda);
  expect(choices).not.toContain(redpanda);
  expect(choices).not.toContain(KAFKA);
  expect(choices).not.toContain(RABBIT);
  expect(choices).toContain(PATRONI);
  const note = row(page, redpanda).getByTestId('adr-successor-left-out');
  await expect(note).toContainText('ADR-002, ADR-003');
  await expect(note).toContainText('ADR-007');
  await expect(row(page, redpanda).getByTestId('adr-successor')).toHaveAttribute('aria-describedby', (await note.getAttribute('id')) ?? '');
  // ADR-010 replaces ADR-005; the oldest record of a chain may still name any later one.
  expect(await successorChoices(page, PATRONI)).not.toContain('adr-005-postgres-ha-repmgr');
  const rabbitChoices = await successorChoices(page, RABBIT);
  expect(rabbitChoices).toEqual(expect.arrayContaining([KAFKA, redpanda]));
  await expect(row(page, RABBIT).getByTestId('adr-successor-left-out')).toHaveCount(0);
});

test('by keyboard alone: the mark form takes the focus when opened, Escape closes it, and after a save or a cancel the focus is back on the card', async ({
  page,
}) => {
  await openApp(page);
  await openAdrs(page);
  const card = row(page, 'adr-013-cert-manager-tls');
  const activeTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
  await card.getByTestId('adr-mark-open').focus();
  await page.keyboard.press('Enter');
  await expect(card.getByTestId('adr-reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('adr-mark-form')).toHaveCount(0);
  await expect(card.getByTestId('adr-mark-open'), `focus is on ${await activeTestId()}`).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.type('cert-manager is replaced by the platform team’s issuer');
  await page.keyboard.press('Tab');
  await expect(card.getByTestId('adr-successor')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByTestId('adr-mark-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-marked', 'true');
  await expect(card.getByTestId('adr-unmark'), `focus is on ${await activeTestId()}`).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(card.getByTestId('adr-reason')).toBeFocused();
  await page.keyboard.type('the issuer move was called off');
  await page.keyboard.press('Tab');
  await expect(card.getByTestId('adr-mark-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card).toHaveAttribute('data-marked', 'false');
  await expect(card.getByTestId('adr-mark-open'), `focus is on ${await activeTestId()}`).toBeFocused();
});
