import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, runQuery, snapshot } from './setup/e2e-app';

// Every screen in Korean: no sentence may stay English. A sentence is a visible run of three or more
// English words of letters; names and code are allowed only where an entry below says why. Each
// screen is its own test, so one screen's hits do not hide the next one's.

/** Where English is right in a Korean UI: names and code, each with the reason it stays as written. */
const ALLOWED: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /^Provenance Lens$/, why: 'the product name' },
  { pattern: /^hashing-384\b/, why: 'an embedder name' },
  { pattern: /"[^"]*"/g, why: 'a quoted query text (the Lucene query, the question): the user’s own words' },
  { pattern: /\bNeo4j (Community|Enterprise)\b/, why: 'the server product and edition as the server names them' },
  { pattern: /\bADR-\d+\b[^,;]*/, why: 'an ADR id followed by its title, from the demo graph' },
  {
    pattern: /\b(adr|runbook|policy|api_doc|incident_report|design_doc)(, (adr|runbook|policy|api_doc|incident_report|design_doc))+\b/g,
    why: 'document type codes, as the graph stores them',
  },
  { pattern: /recall@k, precision@k, MRR, nDCG@k/g, why: 'the names of retrieval metrics' },
  { pattern: /\blens [a-z]+(?: [a-z]+)?\b/g, why: 'a CLI command, typed as written' },
  { pattern: /\bSHOW USER PRIVILEGES\b/g, why: 'a Cypher command, typed as written' },
];

const QUERY = 'payments database failover runbook';
const NONSENSE = 'zzqx vbnm plokij';

/**
 * The demo graph's own text (document titles, chunk contents, ADR status lines as written): what a
 * document says is shown in its own language, so a run found in it is not an interface sentence.
 */
const CORPUS = (() => {
  const folder = path.resolve(import.meta.dirname, '..', '..', 'resources', 'demo');
  const files = fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md'));
  const text = files.map((name) => fs.readFileSync(path.join(folder, name), 'utf8')).join('\n');
  return normalised(text);
})();

function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[#*_>`|[\]()-]+/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Whether a run of words is the user's own query or the demo graph's text. */
function fromTheGraphOrTheUser(run: string): boolean {
  const words = normalised(run).trim();
  return [QUERY, NONSENSE].some((query) => query.includes(words)) || CORPUS.includes(words);
}

/**
 * Elements whose text is code or a name by construction (Cypher, ids, strategies, mode names, inputs),
 * or a user's own words (`data-user-text`: a stored run's question, in whatever language it was asked —
 * the trace store holds the runs of every other spec too).
 */
const CODE_SELECTOR =
  'code, pre, kbd, textarea, input, select, option, .mono, [data-code], [data-demo-title], [data-user-text], svg, canvas';

/** The visible English sentences on the page, minus the allowlist. */
async function englishSentences(page: Page): Promise<string[]> {
  const texts = await page.evaluate((codeSelector) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(codeSelector)) continue;
      const box = parent.getBoundingClientRect();
      const style = getComputedStyle(parent);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || parent.closest('[hidden], [aria-hidden="true"]'))
        continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) found.push(text);
    }
    return found;
  }, CODE_SELECTOR);
  const sentences: string[] = [];
  for (const text of texts) {
    const rest = ALLOWED.reduce((left, { pattern }) => left.replace(pattern, ' '), text);
    for (const run of rest.match(/\b[A-Za-z]+(?:[ ,]+[A-Za-z]+){2,}\b/g) ?? [])
      if (!fromTheGraphOrTheUser(run)) sentences.push(`${run}   ← in: ${text.slice(0, 160)}`);
  }
  return [...new Set(sentences)];
}

/** Fails with every English sentence the screen shows, named by the screen. */
async function expectKorean(page: Page, screen: string): Promise<void> {
  await snapshot(page, `ko-${screen}`);
  expect.soft(await englishSentences(page), `English sentences on ${screen}`).toEqual([]);
}

/** Sets the UI's language from the header and waits until the server kept it. */
async function chooseLanguage(page: Page, language: 'en' | 'ko'): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/settings.set') && response.ok());
  await page.getByTestId('language-select').selectOption(language);
  await saved;
}

test.beforeEach(async ({ page }) => {
  await openApp(page);
  if ((await page.getByTestId('language-select').inputValue()) !== 'ko') await chooseLanguage(page, 'ko');
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await openApp(page);
  await chooseLanguage(page, 'en');
  await page.close();
});

test('the detector finds an English sentence and lets names and code through', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.dataset.testid = 'probe';
    probe.innerHTML = '검색 결과 <span>the index was not asked</span> <code>MATCH (c:Chunk) RETURN c</code> Provenance Lens';
    document.body.prepend(probe);
  });
  const found = await englishSentences(page);
  expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^the index was not asked/)]));
  expect(found.filter((sentence) => /^(MATCH|Provenance Lens)/.test(sentence))).toEqual([]);
});

test('Connect in Korean', async ({ page }) => {
  await page.getByTestId('nav-connect').click();
  await expect(page.getByTestId('connect-report')).toBeVisible();
  await expectKorean(page, 'connect');
});

for (const mode of ['hybrid', 'vector', 'fulltext', 'graph', 'auto'] as const) {
  test(`Workbench in Korean after a ${mode} run`, async ({ page }) => {
    await openApp(page);
    const outcome = await runQuery(page, { query: QUERY, principal: 'u-sora', mode, timeoutMs: 60_000 });
    expect(outcome).toBe('ok');
    await expectKorean(page, `workbench-${mode}`);
  });
}

test('Workbench in Korean after runs that are not ok', async ({ page }) => {
  await openApp(page);
  expect(await runQuery(page, { query: NONSENSE, principal: 'u-guest', mode: 'hybrid', timeoutMs: 60_000 })).toBe('no_evidence');
  await expectKorean(page, 'workbench-no-evidence');
  expect(await runQuery(page, { query: '?!? ...', principal: 'u-sora', mode: 'fulltext' })).toBe('invalid_request');
  await expectKorean(page, 'workbench-invalid-request');
});

test('Provenance graph in Korean', async ({ page }) => {
  await openApp(page);
  await runQuery(page, { query: QUERY, principal: 'u-sora', mode: 'hybrid', timeoutMs: 60_000 });
  await page.getByTestId('nav-graph').click();
  await expect(page.getByTestId('graph-canvas')).toBeVisible();
  await expectKorean(page, 'graph');
});

test('Traces in Korean, with a trace opened', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-traces').click();
  await expect(page.getByTestId('trace-row').first()).toBeVisible();
  await expectKorean(page, 'traces');
  await page.getByTestId('trace-row').first().getByTestId('trace-open').click();
  await expect(page.getByTestId('run-results')).toBeVisible();
  await expectKorean(page, 'trace-opened');
});

test('Compare in Korean, with a comparison', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await page.getByTestId('compare-source-principals').check();
  await page.getByTestId('compare-query').fill(QUERY);
  await page.getByTestId('compare-principal-a').selectOption('u-sora');
  await page.getByTestId('compare-principal-b').selectOption('u-guest');
  await page.getByTestId('compare-mode').selectOption('hybrid');
  await page.getByTestId('compare-timeout').fill('60000');
  await page.getByTestId('compare-button').click();
  await expect(page.getByTestId('comparison')).toBeVisible({ timeout: 60_000 });
  await expectKorean(page, 'compare');
});

test('Stale ADRs, Evaluations and Settings in Korean', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-adrs').click();
  await expect(page.getByTestId('adr-list')).toBeVisible();
  await expectKorean(page, 'stale-adrs');
  await page.getByTestId('nav-evaluations').click();
  await expect(page.getByTestId('eval-run-button')).toBeVisible();
  await expectKorean(page, 'evaluations');
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('llm-section')).toBeVisible();
  await expectKorean(page, 'settings');
});
