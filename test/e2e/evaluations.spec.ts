import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, openApp, snapshot } from './setup/e2e-app';

test.describe.configure({ mode: 'serial' });

/** A small golden set: the HR question as `principal`, and the guest, who must never get the HR document. */
function goldenSet(principal: string): string {
  return `name: e2e set
defaults: { k: 5, timeout_ms: 60000 }
questions:
  - id: salary-hr
    question: 연봉 조정 주기와 기준
    principal: ${principal}
    language: ko
    expected: { documents: [{ id: policy-hr-salary-adjustment, grade: 3 }] }
  - id: salary-guest
    question: 연봉 조정 주기와 기준
    principal: u-guest
    language: ko
    expected: {}
    must_not_appear: { documents: [policy-hr-salary-adjustment] }
  - id: oauth-token
    question: How do merchants get an OAuth access token with the client credentials grant?
    principal: u-guest
    language: en
    expected: { documents: [api-oauth-token] }
`;
}

/** Runs a golden set from the screen in fulltext mode and waits for its report; returns the evaluation id. */
async function runSet(page: Page, principal: string, label: string): Promise<string> {
  await page.getByTestId('nav-evaluations').click();
  await page
    .getByTestId('eval-file')
    .setInputFiles({ name: `${label}.yaml`, mimeType: 'text/yaml', buffer: Buffer.from(goldenSet(principal)) });
  await page.getByTestId('eval-mode-fulltext').check();
  await page.getByTestId('eval-label').fill(label);
  const previous =
    (await page.getByTestId('eval-report').count()) > 0 ? await page.getByTestId('eval-report').getAttribute('data-evaluation-id') : null;
  await page.getByTestId('eval-run-button').click();
  const report = page.getByTestId('eval-report');
  await expect(report).toBeVisible({ timeout: 90_000 });
  if (previous) await expect(report).not.toHaveAttribute('data-evaluation-id', previous, { timeout: 90_000 });
  await expect(report).toContainText(`label ${label}`);
  return (await report.getAttribute('data-evaluation-id')) ?? '';
}

test('runs a golden set from the Evaluations screen: per-mode figures, every question with its status, the guest never gets the HR document', async ({
  page,
}) => {
  await openApp(page);
  await runSet(page, 'u-hana', 'v1');
  const modeRows = page.getByTestId('eval-mode-row');
  await expect(modeRows).toHaveCount(1);
  await expect(modeRows.first()).toHaveAttribute('data-mode', 'fulltext');
  const rows = page.getByTestId('eval-run-row');
  await expect(rows).toHaveCount(3);
  await expect(page.locator('[data-testid="eval-run-row"][data-status="passed"]')).toHaveCount(3);
  // The HR question found its document at rank 1: recall, MRR and nDCG are 1.
  const hana = page.locator('[data-testid="eval-run-row"][data-question-id="salary-hr"]');
  await expect(hana).toContainText('1.000');
  await expect(page.getByTestId('eval-stored').first()).toContainText('(v1)');
  // u-hana may see every document the set expects: no expectation is unmeetable.
  await expect(page.getByTestId('eval-findings')).toHaveCount(0);
  await snapshot(page, '20-evaluations-report');
});

test('drills down from a question to its recorded run in the Workbench', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-evaluations').click();
  await page.getByTestId('eval-stored').first().getByTestId('eval-stored-open').click();
  const row = page.locator('[data-testid="eval-run-row"][data-question-id="oauth-token"]');
  const traceId = (await row.getAttribute('data-trace-id')) ?? '';
  expect(traceId).not.toBe('');
  await row.getByTestId('eval-open-run').click();
  await expect(page.getByTestId('run-results')).toHaveAttribute('data-trace-id', traceId);
});

test('compares two evaluations and marks the question that regressed, in English and in Korean', async ({ page }) => {
  await openApp(page);
  // The same set, but the HR question asked by someone who may not see the HR document: its recall falls from 1 to 0.
  await runSet(page, 'u-sora', 'v2');
  // An expectation no run can meet, named with the run that shows why, and neither a failure nor a leak.
  const finding = page.locator('[data-testid="eval-finding"][data-question-id="salary-hr"]');
  await expect(finding).toHaveAttribute('data-code', 'expected_document_not_visible');
  const hrRun = page.locator('[data-testid="eval-run-row"][data-question-id="salary-hr"]');
  await expect(hrRun).toHaveAttribute('data-status', 'passed');
  const hrTrace = (await hrRun.getAttribute('data-trace-id')) ?? '';
  await expect(finding.getByTestId('eval-finding-command')).toHaveText(`lens explain ${hrTrace} --document policy-hr-salary-adjustment`);
  await expect(page.getByTestId('eval-findings-count')).toHaveText('1 expectation no run can meet');
  await expect(page.getByTestId('eval-stored').first()).toContainText('0 leaks, 0 failed · 1 expectation no run can meet');
  const stored = page.getByTestId('eval-stored');
  const [v2, v1] = await stored.evaluateAll((nodes) => nodes.slice(0, 2).map((node) => node.getAttribute('data-evaluation-id') ?? ''));
  await page.getByTestId('eval-compare-a').selectOption(v1 ?? '');
  await page.getByTestId('eval-compare-b').selectOption(v2 ?? '');
  await page.getByTestId('eval-compare-button').click();
  const comparison = page.getByTestId('eval-comparison');
  await expect(comparison).toBeVisible();
  const regressed = page.locator('[data-testid="eval-compare-row"][data-question-id="salary-hr"]');
  await expect(regressed).toHaveAttribute('data-regression', 'yes');
  await expect(regressed.getByTestId('eval-regression')).toContainText('regressed: recall');
  await expect(page.locator('[data-testid="eval-compare-row"][data-question-id="oauth-token"]')).toHaveAttribute('data-regression', 'no');
  await snapshot(page, '21-evaluations-compare');
  await chooseLanguage(page, 'ko');
  await expect(page.getByTestId('nav-evaluations')).toHaveText('평가');
  await expect(regressed.getByTestId('eval-regression')).toContainText('회귀: recall');
  await expect(comparison).toContainText('허용치 0.05');
  await expect(page.getByTestId('eval-findings-count')).toHaveText('어떤 실행도 충족할 수 없는 기대 1개');
  await expect(finding.getByTestId('eval-finding-reason')).toContainText(
    'u-sora은(는) 기대 문서 policy-hr-salary-adjustment을(를) 볼 수 없어',
  );
  await chooseLanguage(page, 'en');
});

test('in Korean at 1024 px the golden set file is picked through the app’s own button, inside its panel, with the file picked named', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await chooseLanguage(page, 'ko');
  try {
    await page.getByTestId('nav-evaluations').click();
    const panel = page.locator('.eval-run');
    await expect(panel.getByTestId('eval-run-button')).toHaveText('평가 실행');
    // A browser's own file input says "Choose File" / "No file chosen" in the browser's language, whatever the app's.
    const nativePickers = await panel
      .locator('input[type="file"]')
      .evaluateAll((inputs) => inputs.filter((input) => input.getClientRects().length > 0).length);
    expect(nativePickers, 'file inputs drawn by the browser').toBe(0);
    await expect(panel.getByTestId('eval-file-button')).toHaveText('파일 고르기…');
    await expect(panel.getByTestId('eval-file-name')).toHaveText('고른 파일 없음');
    await panel.getByTestId('eval-file').setInputFiles({
      name: 'a-golden-set-with-a-rather-long-file-name-v2.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from(goldenSet('u-hana')),
    });
    await expect(panel.getByTestId('eval-file-name')).toHaveText('a-golden-set-with-a-rather-long-file-name-v2.yaml');
    // Nothing of the form runs past the panel's right edge.
    const overflowing = await panel.evaluate((section) => {
      const right = section.getBoundingClientRect().right;
      return Array.from(section.querySelectorAll<HTMLElement>('*'))
        .filter((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().right > right + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[${element.dataset.testid}]` : ''}`);
    });
    expect(overflowing, 'elements past the panel’s right edge').toEqual([]);
  } finally {
    await chooseLanguage(page, 'en');
  }
});

test('at 1024 px the comparison’s pickers stay inside their panel, and stored evaluations are timed as the other screens time runs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page);
  await page.getByTestId('nav-evaluations').click();
  await expect(page.getByTestId('eval-run-button')).toBeVisible();
  // Two stored evaluations, so each picker lists options named by time, set, label and modes.
  while ((await page.getByTestId('eval-stored').count()) < 2)
    await runSet(page, 'u-hana', `w${await page.getByTestId('eval-stored').count()}`);
  const panel = page.locator('.eval-compare-form');
  const overflowing = await panel.evaluate((section) => {
    const right = section.getBoundingClientRect().right;
    return Array.from(section.querySelectorAll<HTMLElement>('select'))
      .filter((element) => element.getBoundingClientRect().right > right + 0.5)
      .map((element) => element.dataset.testid ?? element.tagName);
  });
  expect(overflowing, 'pickers past the panel’s right edge').toEqual([]);
  // yyyy-mm-dd hh:mm:ss in the viewer's time zone, as Traces shows a run's time; not the stored UTC instant.
  const stored = (await page.getByTestId('eval-stored').first().textContent()) ?? '';
  expect(stored).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d · /);
  expect(stored).not.toMatch(/T\d\d:\d\d:\d\d\.\d+Z/);
});
