import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const STATE_FILE = path.join(ROOT, 'test-results', 'e2e-state.json');
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

/** What the global setup started. */
export function e2eState(): { url: string; home: string } {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { url: string; home: string };
}

/** Runs the real CLI against the e2e home (to stop and start the server mid-test); an exit code outside `okCodes` throws. */
export function lens(args: string[], okCodes: readonly number[] = [0]): string {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'electron', 'cli', 'lens.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, LENS_HOME: e2eState().home, NEO4J_URI: '' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (!okCodes.includes(result.status ?? -1)) throw new Error(`lens ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Saves a screenshot of the page as a test artifact. */
export async function snapshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // The app scrolls inside its main panel, so the viewport is what a person sees.
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Picks a value in a settings select (the header's language or theme, or the Settings screen's) and waits
 * until the server has kept it. The server keeps the language for every spec after this one: a save still in
 * flight when the page closes is lost, and the next spec opens the app in the language left before.
 */
export async function chooseSaved(page: Page, testId: string, value: string): Promise<void> {
  const select = page.getByTestId(testId);
  if ((await select.inputValue()) === value) return;
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings.set') && response.ok());
  await select.selectOption(value);
  await saved;
}

/** Switches the interface language in the header and waits until the server has kept it. */
export async function chooseLanguage(page: Page, language: 'en' | 'ko'): Promise<void> {
  await chooseSaved(page, 'language-select', language);
}

/** Opens the app through the printed URL (which sets the session cookie). */
export async function openApp(page: Page): Promise<void> {
  await page.goto(e2eState().url);
  await expect(page.getByTestId('nav-workbench')).toBeVisible();
}

/** Presses Tab (Shift+Tab with `backwards`) until the element with this test id has the focus, at most `limit` times. */
export async function tabTo(page: Page, testId: string, limit = 60, backwards = false): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === testId) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${testId} was not reached with ${limit} presses of Tab`);
}

interface QueryOptions {
  query: string;
  principal: string;
  mode?: string;
  timeoutMs?: number;
  viaKeyboard?: boolean;
}

/** Fills the workbench form without running it. */
export async function fillQuery(page: Page, options: QueryOptions): Promise<void> {
  await page.getByTestId('nav-workbench').click();
  await openRequestForm(page);
  await page.getByTestId('principal-select').selectOption(options.principal);
  if (options.mode) await page.getByTestId('mode-select').selectOption(options.mode);
  await page.getByTestId('timeout-input').fill(String(options.timeoutMs ?? 20_000));
  await page.getByTestId('query-input').fill(options.query);
  // The principal list arrives on its own time: what was picked must still be what the form runs as.
  await expect(page.getByTestId('principal-select'), 'the form still holds the principal picked').toHaveValue(options.principal);
}

/** Fills Compare's form (the screen open) to compare `query` as principals `a` and `b`, without running it. */
export async function fillComparison(page: Page, options: { query: string; a: string; b: string; mode?: string }): Promise<void> {
  await page.getByTestId('compare-source-principals').check();
  await page.getByTestId('compare-query').fill(options.query);
  await page.getByTestId('compare-principal-a').selectOption(options.a);
  await page.getByTestId('compare-principal-b').selectOption(options.b);
  if (options.mode) await page.getByTestId('compare-mode').selectOption(options.mode);
  await page.getByTestId('compare-timeout').fill('60000');
}

/** After a run the form is collapsed to its summary line: re-open it as a user does, by editing the query. */
export async function openRequestForm(page: Page): Promise<void> {
  const summary = page.getByTestId('summary-edit');
  if (await summary.isVisible()) await summary.click();
  await expect(page.getByTestId('query-input')).toBeVisible();
}

/** Runs a query in the workbench and waits for its outcome banner. */
export async function runQuery(page: Page, options: QueryOptions): Promise<string> {
  await fillQuery(page, options);
  return submitQuery(page, options.viaKeyboard ?? false);
}

/** Runs what the form holds and returns the outcome once the new run is shown. */
export async function submitQuery(page: Page, viaKeyboard: boolean): Promise<string> {
  await openRequestForm(page);
  const query = page.getByTestId('query-input');
  const results = page.getByTestId('run-results');
  const previous = (await results.count()) > 0 ? await results.getAttribute('data-trace-id') : null;
  if (viaKeyboard) await query.press('Control+Enter');
  else await page.getByTestId('run-button').click();
  // A new run has a new trace id; wait for it and for the results to stop being busy.
  await expect(results).toBeVisible();
  if (previous) await expect(results).not.toHaveAttribute('data-trace-id', previous);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  return (await page.getByTestId('outcome-banner').getAttribute('data-outcome')) ?? '';
}

/** How far the element's right edge runs past the container's (0 when inside). */
export async function overrun(element: Locator, container: Locator): Promise<number> {
  const inner = await element.boundingBox();
  const outer = await container.boundingBox();
  if (!inner || !outer) throw new Error('not laid out');
  return Math.max(0, inner.x + inner.width - (outer.x + outer.width));
}

/** Runs the payments-failover question as u-sora (hybrid) and opens its provenance graph; returns the canvas. */
export async function openFailoverGraph(page: Page): Promise<Locator> {
  await openApp(page);
  await fillQuery(page, { query: 'payments database failover runbook', principal: 'u-sora', mode: 'hybrid', timeoutMs: 60_000 });
  await page.getByTestId('run-button').click();
  // The machine may be busy (a cold server, other suites): the run has its own 60 s deadline to answer in.
  await expect(page.getByTestId('run-results')).toHaveAttribute('aria-busy', 'false', { timeout: 75_000 });
  await expect(page.getByTestId('outcome-banner')).toHaveAttribute('data-outcome', 'ok');
  await page.getByTestId('nav-graph').click();
  const canvas = page.getByTestId('graph-canvas');
  await expect(canvas).toBeVisible();
  return canvas;
}
