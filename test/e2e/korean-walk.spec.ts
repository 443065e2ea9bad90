import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CORE_CATALOGUES } from '../../shared/core-catalogues';
import { chooseLanguage, fillComparison, openApp, runQuery, snapshot } from './setup/e2e-app';

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
  {
    pattern: /\bUnexpected (token|end of JSON input)\b[^)]*|\bis not valid JSON\b/g,
    why: 'JSON.parse’s own message about a file that is not JSON: the parser’s words, given as a parameter',
  },
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

/** The visible English sentences inside `scope` (the whole page by default), minus the allowlist. */
async function englishSentences(page: Page, scope: Locator = page.locator('body')): Promise<string[]> {
  const texts = await scope.evaluate((root, codeSelector) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
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

test.beforeEach(async ({ page }) => {
  await openApp(page);
  await chooseLanguage(page, 'ko');
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
  // What a screen reader names the screens' navigation (no text on the screen shows it).
  await expect(page.getByRole('navigation', { name: '화면' })).toBeVisible();
});

for (const mode of ['hybrid', 'vector', 'fulltext', 'graph', 'auto'] as const) {
  test(`Workbench in Korean after a ${mode} run`, async ({ page }) => {
    await openApp(page);
    const outcome = await runQuery(page, { query: QUERY, principal: 'u-sora', mode, timeoutMs: 60_000 });
    expect(outcome).toBe('ok');
    await expectKorean(page, `workbench-${mode}`);
  });
}

test('Workbench in Korean after a run without evidence', async ({ page }) => {
  await openApp(page);
  expect(await runQuery(page, { query: NONSENSE, principal: 'u-guest', mode: 'hybrid', timeoutMs: 60_000 })).toBe('no_evidence');
  await expectKorean(page, 'workbench-no-evidence');
});

/**
 * Error states a user can reach whose errors travel as codes: each says how to reach it as a user
 * does and where its error is shown, and names the codes (`namespace:key` of shared/core-catalogues.ts)
 * that region must show worded in Korean. Add a row when another error takes a code and a screen can
 * reach it. (EXPLAIN of a query a run does not have, `error:run_has_no_query`, and a server that gives
 * no plan, `error:no_explain_plan`, are not reachable from the screens: the Cypher panel lists only
 * the queries a run ran. Nor is `error:zero_query_vector` on the demo's hashing embedder: a text
 * without a letter or digit is refused as `error:no_searchable_words` in every mode first, and a
 * text with one always gives the embedder a word to hash.)
 */
interface ErrorState {
  readonly name: string;
  readonly codes: readonly string[];
  /** Does what a user does to meet the error, and returns the region that shows it. */
  readonly reach: (page: Page) => Promise<Locator>;
}

/** A run whose request is refused: the outcome banner shows its error. */
const refusedRun =
  (query: string, mode: string) =>
  async (page: Page): Promise<Locator> => {
    expect(await runQuery(page, { query, principal: 'u-sora', mode, timeoutMs: 60_000 })).toBe('invalid_request');
    return page.getByTestId('outcome-banner');
  };

const ERROR_STATES: readonly ErrorState[] = [
  { name: 'workbench-only-punctuation', codes: ['error:no_searchable_words'], reach: refusedRun('?!? ...', 'fulltext') },
  {
    name: 'traces-import-not-json',
    codes: ['error:bundle_not_json', 'error:bundle_not_json_hint'],
    reach: async (page) => {
      await page.getByTestId('nav-traces').click();
      await page
        .getByTestId('traces-import-file')
        .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not a bundle') });
      const result = page.getByTestId('traces-import-result');
      await expect(result).toHaveAttribute('data-state', 'failed');
      return result.locator('.error-box');
    },
  },
  {
    // A schema's own sentence (error_schema) inside the door's coded refusal; nothing is saved.
    name: 'settings-embedding-model-missing',
    codes: ['error_server:input_schema', 'error_schema:embedding_model_missing'],
    reach: async (page) => {
      await page.getByTestId('nav-settings').click();
      const section = page.getByTestId('llm-section');
      await section.getByTestId('embedder-kind').selectOption('openai');
      await section.getByTestId('embedder-model').fill('');
      await section.getByTestId('llm-save').click();
      return section.locator('.error-box');
    },
  },
];

/** The Korean wording of a code as a pattern: its fixed words in order, any parameter between them. */
function koreanWording(code: string): RegExp {
  const [namespace = '', key = ''] = code.split(':');
  const wording = CORE_CATALOGUES[namespace]?.ko[key];
  if (wording === undefined) throw new Error(`${code} is in no catalogue of this build`);
  const fixed = wording.split(/\{\{\s*\w+\s*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(fixed.join('[\\s\\S]*?'));
}

for (const state of ERROR_STATES) {
  test(`error state in Korean: ${state.name} (${state.codes.join(', ')})`, async ({ page }) => {
    await openApp(page);
    const region = await state.reach(page);
    // The error region itself: shown, an alert, worded in Korean from its codes, with no English sentence.
    await expect(region).toBeVisible();
    await expect(region).toHaveAttribute('role', 'alert');
    for (const code of state.codes) await expect(region, code).toHaveText(koreanWording(code));
    expect(await englishSentences(page, region), `English sentences in the error of ${state.name}`).toEqual([]);
    // And the rest of the screen around it.
    await expectKorean(page, `error-${state.name}`);
  });
}

test('the error check fails on an error region left in English', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.setAttribute('role', 'alert');
    probe.dataset.testid = 'probe-alert';
    probe.innerHTML = '<strong>오류</strong><p>The query has no words to search for.</p>';
    document.getElementById('main-content')?.prepend(probe);
  });
  const region = page.getByTestId('probe-alert');
  expect(await englishSentences(page, region)).toEqual([expect.stringMatching(/^The query has no words/)]);
  await expect(region).not.toHaveText(koreanWording('error:no_searchable_words'));
});

test('Provenance graph in Korean', async ({ page }) => {
  await openApp(page);
  await runQuery(page, { query: QUERY, principal: 'u-sora', mode: 'hybrid', timeoutMs: 60_000 });
  await page.getByTestId('nav-graph').click();
  await expect(page.getByTestId('graph-canvas')).toBeVisible();
  await expectKorean(page, 'graph');
});

test('Provenance graph side panel in Korean, with a node chosen: a visible one, one the principal may not see, then expanded', async ({
  page,
}) => {
  await openApp(page);
  await runQuery(page, { query: QUERY, principal: 'u-guest', mode: 'hybrid', timeoutMs: 60_000 });
  await page.getByTestId('nav-graph').click();
  await expect(page.getByTestId('graph-canvas')).toBeVisible();
  const select = page.getByTestId('graph-node-select');
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? '' })));
  const chosen = values.filter((option) => option.value !== '');
  for (const option of [chosen.find((entry) => entry.text.startsWith('ADR')) ?? chosen[0], chosen.at(-1)]) {
    if (!option) continue;
    await select.selectOption(option.value);
    await expectKorean(page, `graph-node-${option.text.slice(0, 20)}`);
  }
  await page.getByTestId('graph-expand').click();
  await expect(page.getByTestId('graph-expand')).toBeEnabled({ timeout: 60_000 });
  await expectKorean(page, 'graph-expanded');
});

test('Compare in Korean with a comparison refused and its graph shown', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-compare').click();
  await fillComparison(page, { query: QUERY, a: 'u-sora', b: 'u-sora', mode: 'hybrid' });
  await page.getByTestId('compare-button').click();
  await page.waitForTimeout(3_000);
  await expectKorean(page, 'compare-same-principal');
  await fillComparison(page, { query: QUERY, a: 'u-sora', b: 'u-guest', mode: 'hybrid' });
  await page.getByTestId('compare-button').click();
  await expect(page.getByTestId('comparison')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('compare-graph')).toBeVisible({ timeout: 60_000 });
  await expectKorean(page, 'compare-graph');
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
  await fillComparison(page, { query: QUERY, a: 'u-sora', b: 'u-guest', mode: 'hybrid' });
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
