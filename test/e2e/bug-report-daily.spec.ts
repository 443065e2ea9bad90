import { expect, test } from '@playwright/test';
import { chooseLanguage, fillQuery, openApp, submitQuery } from './setup/e2e-app';

test.describe.configure({ timeout: 180_000 });

// What an engineer does to file a bug about a run: copy its whole trace id, and read why it failed.

test('Copy trace id puts the run’s whole trace id on the clipboard and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-hana', timeoutMs: 60_000 });
  expect(['ok', 'no_evidence']).toContain(await submitQuery(page, false));
  const traceId = (await page.getByTestId('run-results').getAttribute('data-trace-id')) ?? '';
  expect(traceId.length).toBeGreaterThan(10);
  // A double-click on the id in the run's line selects one dash-separated part of it: the button copies it whole.
  await page.getByTestId('copy-trace-id').click();
  await expect(page.getByTestId('copy-trace-state')).toHaveText(`Copied the trace id ${traceId}.`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(traceId);
});

test('a run that ran out of time says what it was doing in the user’s words, in Korean too', async ({ page }) => {
  await openApp(page);
  await chooseLanguage(page, 'ko');
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-hana', mode: 'graph', timeoutMs: 1 });
  expect(await submitQuery(page, false)).toBe('timeout');
  const banner = page.getByTestId('outcome-banner');
  // The stage is said as what the app was doing, never by its internal name outside the folded details.
  await expect(banner.locator('.wb-banner-stage > p')).toHaveText(/ 중에 실패했습니다\.$/);
  const shown = await banner.evaluate((node) => {
    const copy = node.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('details').forEach((details) => details.remove());
    return copy.textContent ?? '';
  });
  expect(shown).not.toMatch(/\b(principal|graph_expansion|vector|fulltext|entity|capabilities) 단계/);
  expect(shown).toContain('timeout_ms');
  await chooseLanguage(page, 'en');
});
