import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseLanguage, fillComparison, openApp, tabTo } from './setup/e2e-app';
import { chooseLook } from './setup/screen-tour';

test.describe.configure({ timeout: 180_000 });

// The language is a setting the server keeps: the specs after this one read the app in English.
test.afterEach(async ({ page }) => {
  await chooseLanguage(page, 'en');
});

const HR_QUERY = '연봉 조정 정책 salary adjustment performance review 배포 롤백';

test('a security reviewer at 1024 px in Korean: compares, exports the comparison by keyboard, finds it kept after Traces, compares another query', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 760 });
  await openApp(page);
  await chooseLook(page, 'ko', 'light');
  await page.getByTestId('nav-compare').click();
  await fillComparison(page, { query: HR_QUERY, a: 'u-hana', b: 'u-guest', mode: 'hybrid' });
  await page.getByTestId('compare-query').focus();
  await page.keyboard.press('Control+Enter');
  const result = page.getByTestId('comparison');
  await expect(result).toBeVisible({ timeout: 90_000 });
  const firstId = await result.getAttribute('data-comparison-id');
  const banner = page.getByTestId('leak-banner');
  await expect(banner).toHaveAttribute('data-state', /clean|leaks/);
  // The banner's verdict is whole at this width: nothing cut off (its count included).
  const verdict = banner.locator('strong').first();
  expect(await verdict.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);

  // Export with the keyboard only: Tab to the button, Enter.
  const download = page.waitForEvent('download');
  await tabTo(page, 'compare-export');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`provenance-lens-comparison-${firstId ?? ''}.json`);
  const saved = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as { id: string; leak_check: { state: string } };
  expect(saved.id).toBe(firstId);
  expect(['checked', 'failed']).toContain(saved.leak_check.state);
  await expect(page.getByTestId('compare-export-status')).toHaveText(`비교를 ${file.suggestedFilename()}(으)로 저장했습니다.`);

  // Traces and back: the principals, the query and the comparison are where they were.
  await page.getByTestId('nav-traces').click();
  await expect(page.getByTestId('traces-total')).toBeVisible();
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('compare-query')).toHaveValue(HR_QUERY);
  await expect(page.getByTestId('compare-principal-a')).toHaveValue('u-hana');
  await expect(page.getByTestId('compare-principal-b')).toHaveValue('u-guest');
  await expect(result).toHaveAttribute('data-comparison-id', firstId ?? '');

  // Another query: a new comparison, and what was said of the last export is gone.
  await page.getByTestId('compare-query').fill('배포 롤백 절차 deployment rollback');
  await page.getByTestId('compare-query').press('Control+Enter');
  await expect(result).not.toHaveAttribute('data-comparison-id', firstId ?? '', { timeout: 90_000 });
  await expect(page.getByTestId('compare-export-status')).toHaveText('');
  await expect(page.getByTestId('compare-principal-a')).toHaveValue('u-hana');
});
