import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, fillQuery, lens, openApp, snapshot, submitQuery } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

// Run alone, this spec's first query meets a server that has not answered one yet (a shared machine
// makes it slower still): one query through the CLI first, so the UI's waits measure the UI.
const COLD_START_MS = 120_000;

test.beforeAll(() => {
  lens(['query', 'payments database failover runbook', '--as', 'u-sora', '--timeout-ms', String(COLD_START_MS), '--json']);
});

/** Asks the workbench's "why not?" field about a chunk or document and waits for the answer about it. */
async function explain(page: Page, kind: 'chunk' | 'document', id: string): Promise<void> {
  await page.getByTestId('why-not-kind').selectOption(kind);
  await page.getByTestId('why-not-id').fill(id);
  await page.getByTestId('why-not-submit').click();
  await expect(page.getByTestId('why-not-answer')).toHaveAttribute('data-target', id);
}

test('every item says why it was allowed, and "why not?" says where a chunk fell out, in English and Korean', async ({ page }) => {
  // Tall enough that the items and the answer below them are in one screenshot.
  await page.setViewportSize({ width: 1400, height: 2000 });
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: COLD_START_MS });
  await page.getByTestId('top-k-input').fill('3');
  expect(await submitQuery(page, false)).toBe('ok');

  const items = page.getByTestId('item');
  await expect(items).toHaveCount(3);
  const access = page.getByTestId('item-access');
  await expect(access).toHaveCount(3);
  for (const line of await access.all()) {
    await expect(line).toHaveAttribute('data-recorded', 'true');
    await expect(line).toContainText("in the principal's workspace ws-nurion");
    await expect(line.locator('li')).toHaveCount(3);
  }
  await expect(access.filter({ hasText: 'shared with the group g-eng-all' }).first()).toBeVisible();

  // A chunk cut for top_k, as the run's own cut list names it.
  const belowCutoff = (await page.locator('[data-reason="over_top_k"] li .mono').first().textContent())?.trim() ?? '';
  expect(belowCutoff).not.toBe('');
  await explain(page, 'chunk', belowCutoff);
  const cutFinding = page.getByTestId('why-not-finding');
  await expect(cutFinding).toHaveAttribute('data-verdict', 'below_cutoff');
  await expect(cutFinding).toContainText(
    /Scored below the cut-off: rank \d+ of the \d+ candidates packing received, score \d\.\d{4}; top_k is 3\./,
  );
  await expect(cutFinding).toContainText('The last item kept, #3');

  await explain(page, 'document', 'policy-hr-salary-adjustment');
  const hidden = page.getByTestId('why-not-finding');
  await expect(hidden).toHaveCount(1);
  await expect(hidden).toHaveAttribute('data-verdict', 'not_visible');
  await expect(hidden).toContainText('Not visible to u-sora: its document fails the access rule');
  await expect(hidden.getByTestId('why-not-clauses').locator('li')).toHaveText([
    'visibility is restricted, not public',
    'not owned by the principal (owner_id: u-hana)',
    'shares no group with the principal (allowed_groups: g-hr)',
  ]);
  await snapshot(page, '07-why-allowed-and-why-not');

  await chooseLanguage(page, 'ko');
  await page.getByTestId('nav-workbench').click();
  await expect(access.first()).toContainText('주체의 워크스페이스 ws-nurion에 속함');
  await expect(hidden).toContainText('u-sora에게 보이지 않음: 문서가 접근 규칙을 통과하지 못함');
  await expect(hidden.getByTestId('why-not-clauses').locator('li').last()).toHaveText('주체와 공유된 그룹이 없음 (allowed_groups: g-hr)');
  await snapshot(page, '08-why-allowed-and-why-not-korean');
  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('nav-workbench')).toHaveText('Workbench');
});

test('a packing cut is worded in Korean in the cut list and in "why not?", from the code the run recorded', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 2000 });
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: COLD_START_MS });
  await page.getByTestId('max-tokens-input').fill('60');
  await submitQuery(page, false);
  const budgetCut = page.locator('[data-reason="over_budget"] li').first();
  await expect(budgetCut).toContainText(/tokens were left|required path did not fit/);
  const chunkId = (await budgetCut.locator('.mono').textContent())?.trim() ?? '';
  expect(chunkId).not.toBe('');
  await explain(page, 'chunk', chunkId);
  const finding = page.getByTestId('why-not-finding');
  await expect(finding).toHaveAttribute('data-verdict', 'packing');
  await expect(finding).toContainText(/\((\d+ of 60 tokens were left|required path did not fit)\)/);

  await chooseLanguage(page, 'ko');
  await expect(page.getByTestId('nav-workbench')).not.toHaveText('Workbench');
  await expect(budgetCut).toContainText(/60 토큰 중 \d+ 토큰이 남아 있었음|필수 경로가 예산에 들어가지 않음/);
  await expect(budgetCut).not.toContainText(/tokens were left|required path/);
  await expect(finding).toContainText(/패킹 중 잘림: .*\((60 토큰 중 \d+ 토큰이 남아 있었음|필수 경로가 예산에 들어가지 않음)\)/);
  await expect(finding).not.toContainText(/tokens were left|required path/);
  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('nav-workbench')).toHaveText('Workbench');
});

test('"why not?" answers an unknown chunk id with the error naming it', async ({ page }) => {
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: COLD_START_MS });
  expect(await submitQuery(page, false)).toBe('ok');
  await page.getByTestId('why-not-id').fill('no-such-document#9');
  await page.getByTestId('why-not-submit').click();
  const error = page.getByTestId('why-not').getByRole('alert');
  await expect(error).toHaveAttribute('data-kind', 'not_found');
  await expect(error).toContainText('There is no chunk "no-such-document#9" in the graph.');
  await expect(page.getByTestId('why-not-answer')).toHaveCount(0);
});
