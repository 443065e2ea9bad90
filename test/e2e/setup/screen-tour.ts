import { expect, type Page } from '@playwright/test';
import { chooseLanguage, chooseSaved, fillComparison, fillQuery } from './e2e-app';

/** A screen of the tour, as the accessibility and small-screen specs visit it. */
export type TourScreen = 'connect' | 'workbench' | 'graph' | 'traces' | 'stored-run' | 'compare' | 'adrs' | 'evaluations' | 'settings';

export const TOUR: readonly TourScreen[] = [
  'connect',
  'workbench',
  'graph',
  'traces',
  'stored-run',
  'compare',
  'adrs',
  'evaluations',
  'settings',
];

/** The query every tour runs: a payments engineer's question with several items on the demo graph. */
export const TOUR_QUERY = { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: 60_000 } as const;

/** The HR question as u-hana against u-guest, as compare.spec.ts asks it. */
const COMPARE_QUERY = '연봉 조정 정책 salary adjustment performance review 배포 롤백';

/** Sets the language and theme through the header, as a person would. */
export async function chooseLook(page: Page, language: 'en' | 'ko', theme: 'light' | 'dark'): Promise<void> {
  await chooseLanguage(page, language);
  await chooseSaved(page, 'theme-select', theme);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Makes the run the Workbench, graph and Traces screens show. */
export async function prepareRun(page: Page): Promise<void> {
  await fillQuery(page, TOUR_QUERY);
  await page.getByTestId('run-button').click();
  // The first run on a fresh server warms its indexes up, which can take longer than one expect's wait.
  await expect(page.getByTestId('run-results')).toHaveAttribute('aria-busy', 'false', { timeout: 90_000 });
  await expect(page.getByTestId('outcome-banner')).toHaveAttribute('data-outcome', 'ok');
}

/** Opens the kept comparison, or makes one when none is kept yet. */
async function showComparison(page: Page): Promise<void> {
  await page.getByTestId('nav-compare').click();
  const saved = page.getByTestId('saved-comparison');
  await expect(page.getByTestId('compare-button')).toBeVisible();
  if ((await saved.count()) > 0) {
    await saved.first().getByTestId('saved-comparison-open').click();
  } else {
    await fillComparison(page, { query: COMPARE_QUERY, a: 'u-hana', b: 'u-guest', mode: 'hybrid' });
    await page.getByTestId('compare-button').click();
  }
  await expect(page.getByTestId('comparison')).toBeVisible({ timeout: 90_000 });
}

/** Goes to one screen of the tour and waits until what it shows has loaded. */
export async function visit(page: Page, screen: TourScreen): Promise<void> {
  switch (screen) {
    case 'connect':
      await page.getByTestId('nav-connect').click();
      await expect(page.getByTestId('connect-report')).toHaveAttribute('data-state', 'ready');
      return;
    case 'workbench':
      await page.getByTestId('nav-workbench').click();
      await expect(page.getByTestId('run-results')).toHaveAttribute('aria-busy', 'false');
      return;
    case 'graph':
      await page.getByTestId('nav-graph').click();
      await expect(page.getByTestId('graph-canvas')).toBeVisible();
      await expect(page.getByTestId('graph-legend')).toBeVisible();
      return;
    case 'traces':
      await page.getByTestId('nav-traces').click();
      await expect(page.getByTestId('trace-row').first()).toBeVisible();
      return;
    case 'stored-run':
      await visit(page, 'traces');
      await page.getByTestId('trace-row').first().getByTestId('trace-open').click();
      await expect(page.getByTestId('history-note')).toBeVisible();
      return;
    case 'compare':
      await showComparison(page);
      return;
    case 'adrs':
      await page.getByTestId('nav-adrs').click();
      await expect(page.getByTestId('adr-list')).toBeVisible({ timeout: 60_000 });
      return;
    case 'evaluations':
      await page.getByTestId('nav-evaluations').click();
      await expect(page.getByTestId('evaluations-screen')).toBeVisible();
      return;
    case 'settings':
      await page.getByTestId('nav-settings').click();
      await expect(page.getByTestId('llm-section')).toBeVisible();
      return;
  }
}

/**
 * Opens the app in `language` (light theme), makes the tour's run, visits every screen and gathers what
 * `look` finds on each, as `screen: finding`; the app is left in English, light, for the specs after.
 */
export async function findOnTour(
  page: Page,
  language: 'en' | 'ko',
  look: (screen: TourScreen) => Promise<readonly string[]>,
): Promise<string[]> {
  try {
    await chooseLook(page, language, 'light');
    await prepareRun(page);
    const found: string[] = [];
    for (const screen of TOUR) {
      await visit(page, screen);
      found.push(...(await look(screen)).map((finding) => `${screen}: ${finding}`));
    }
    return found;
  } finally {
    await chooseLook(page, 'en', 'light');
  }
}
