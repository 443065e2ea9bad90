// `npm run bench:relevance`: calibrates and measures the relevance floor on the demo graph. Every
// question of the demo audit suite and a set of nonsense queries (Latin gibberish, random Hangul
// syllables, punctuation-heavy text) is asked as every demo principal in every retrieving mode, once
// with the floor off and once with the default floor. It prints, and writes to
// bench-results/relevance-<time>.json:
//   - calibration of the vector floor (vector mode, floor off): the best similarity a nonsense query
//     reached, against the best similarity of a relevant item (a document that answers the question,
//     labelled by hand below) for each question a principal can answer;
//   - the same for the full-text floor (matched query terms);
//   - answerable runs per mode for the real questions and for nonsense, floor off (before) and on (after);
//   - whether each answerable real question kept its top document.
//   --lens-home DIR   use the demo server already running for DIR instead of one of the bench's own
//   --keep-server     leave the bench's own server running
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ContextResponse, RetrievalOptions } from '../../shared/context-contract';
import { stopLocalServer } from '../../electron/neo4j-server/local-server';
import { readSuiteFile } from '../../electron/audit/suite-file';
import { ask, retrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT } from '../support/test-env';
import { benchDemoServer, benchTestServer } from './bench-demo-server';
import { benchHost, formatColumns } from './bench-report';
import { NONSENSE_QUERIES, RELEVANT_DOCUMENTS } from '../support/relevance-queries';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const BENCH_HOME = path.join(REPO_ROOT, '.lens-bench', 'relevance-home');
const SUITE = path.join(REPO_ROOT, 'resources', 'audit', 'demo-suite.yaml');
const MODES = ['vector', 'fulltext', 'hybrid', 'graph'] as const;
const FLOOR_OFF: Partial<RetrievalOptions> = { min_similarity: 0, min_matched_terms: 0 };
const CONCURRENCY = 3;

const log = (message: string) => process.stderr.write(`[bench:relevance] ${message}\n`);

interface Query {
  readonly id: string;
  readonly text: string;
  readonly kind: 'real' | 'nonsense';
}

interface Run {
  readonly query: Query;
  readonly principal: string;
  readonly mode: (typeof MODES)[number];
  readonly off: ContextResponse;
  readonly on: ContextResponse;
}

function options() {
  const { values } = parseArgs({
    options: { 'lens-home': { type: 'string' }, 'keep-server': { type: 'boolean', default: false } },
    strict: true,
  });
  return { lensHome: values['lens-home'] ? path.resolve(values['lens-home']) : null, keepServer: values['keep-server'] };
}

/** Runs `work` over `inputs`, at most `limit` at a time, keeping the order. */
async function pooled<T, R>(inputs: readonly T[], limit: number, work: (input: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(inputs.length);
  let next = 0;
  const lane = async () => {
    while (next < inputs.length) {
      const index = next++;
      out[index] = await work(inputs[index] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return out;
}

const isRelevant = (query: Query, documentId: string) => RELEVANT_DOCUMENTS[query.id]?.includes(documentId) ?? false;

/** The best vector score among a response's items, optionally only among relevant ones. */
function bestSimilarity(run: Run, relevantOnly: boolean): number | null {
  const scores = run.off.items
    .filter((item) => !relevantOnly || isRelevant(run.query, item.document_id))
    .map((item) => item.retrieval_scores.vector)
    .filter((score): score is number => score !== undefined);
  return scores.length > 0 ? Math.max(...scores) : null;
}

/** Calibration figures of one side: the best a nonsense query reached, the least a relevant best item reached. */
function calibration(runs: readonly Run[], best: (run: Run, relevantOnly: boolean) => number | null) {
  const nonsense = runs.filter((run) => run.query.kind === 'nonsense').map((run) => best(run, false));
  const relevant = runs.filter((run) => run.query.kind === 'real').map((run) => best(run, true));
  const present = (values: (number | null)[]) => values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  const n = present(nonsense);
  const r = present(relevant);
  return {
    nonsense_runs: n.length,
    nonsense_best_max: n.at(-1) ?? null,
    nonsense_best_p95: n[Math.floor(n.length * 0.95)] ?? null,
    relevant_runs: r.length,
    relevant_best_min: r[0] ?? null,
    relevant_best_p05: r[Math.floor(r.length * 0.05)] ?? null,
  };
}

/** The most query terms a relevant (or, for nonsense, any) full-text hit held, from the floor-off run's relevance record. */
function bestTerms(run: Run, relevantOnly: boolean): number | null {
  if (relevantOnly && !run.off.items.some((item) => isRelevant(run.query, item.document_id))) return null;
  return run.off.relevance?.best_matched_terms ?? null;
}

function answerableTable(runs: readonly Run[]) {
  return MODES.flatMap((mode) =>
    (['real', 'nonsense'] as const).map((kind) => {
      const cell = runs.filter((run) => run.mode === mode && run.query.kind === kind);
      const topKept = cell.filter((run) => run.off.answerable && isRelevant(run.query, run.off.items[0]?.document_id ?? ''));
      return {
        mode,
        kind,
        runs: cell.length,
        answerable_before: cell.filter((run) => run.off.answerable).length,
        answerable_after: cell.filter((run) => run.on.answerable).length,
        relevant_top_before: topKept.length,
        relevant_top_kept: topKept.filter((run) => run.on.items[0]?.document_id === run.off.items[0]?.document_id).length,
        // Of the runs still answerable with the floor, those whose top document is the one they had without it.
        top_same_after: cell.filter((run) => run.on.answerable && run.on.items[0]?.document_id === run.off.items[0]?.document_id).length,
        cut_chunks: cell.reduce((sum, run) => sum + (run.on.relevance?.cut ?? 0), 0),
      };
    }),
  );
}

/** One run for the JSON file: what it returned without the floor and with it. */
function runRow(run: Run) {
  const side = (response: ContextResponse) => ({
    outcome: response.outcome,
    items: response.items.length,
    top: response.items[0]?.document_id ?? null,
    best_similarity: response.relevance?.best_similarity ?? null,
    best_matched_terms: response.relevance?.best_matched_terms ?? null,
    cut: response.relevance?.cut ?? 0,
  });
  return {
    query: run.query.id,
    kind: run.query.kind,
    principal: run.principal,
    mode: run.mode,
    before: side(run.off),
    after: side(run.on),
  };
}

async function main(): Promise<void> {
  const opts = options();
  const { home, server, ours } = await benchDemoServer(opts.lensHome, BENCH_HOME, log);
  const deps = retrievalDeps(benchTestServer(server, home));
  try {
    const suite = readSuiteFile(SUITE).suite;
    const queries: Query[] = [
      ...suite.questions.map((question) => ({ id: question.id, text: question.text, kind: 'real' as const })),
      ...NONSENSE_QUERIES.map((text, index) => ({ id: `nonsense-${index + 1}`, text, kind: 'nonsense' as const })),
    ];
    const plan = queries.flatMap((query) => suite.principals.flatMap((principal) => MODES.map((mode) => ({ query, principal, mode }))));
    log(`${plan.length} requests, each with the floor off and on`);
    const started = performance.now();
    const runs = await pooled(plan, CONCURRENCY, async ({ query, principal, mode }): Promise<Run> => {
      const request = { query: query.text, principal, mode, top_k: suite.request.top_k, max_tokens: suite.request.max_tokens };
      const off = (await ask(deps, { ...request, options: FLOOR_OFF })).response;
      const on = (await ask(deps, request)).response;
      return { query, principal, mode, off, on };
    });
    const vectorRuns = runs.filter((run) => run.mode === 'vector');
    const fulltextRuns = runs.filter((run) => run.mode === 'fulltext');
    const result = {
      date: new Date().toISOString(),
      host: benchHost(),
      elapsed_s: (performance.now() - started) / 1000,
      floor: runs.find((run) => run.mode === 'hybrid')?.on.relevance ?? null,
      calibration: {
        vector_similarity: calibration(vectorRuns, bestSimilarity),
        fulltext_matched_terms: calibration(fulltextRuns, bestTerms),
      },
      answerable: answerableTable(runs),
      runs: runs.map(runRow),
      failures: runs
        .filter((run) => !['ok', 'no_evidence'].includes(run.on.outcome))
        .map((run) => `${run.query.id}/${run.principal}/${run.mode}: ${run.on.outcome}`),
    };
    process.stdout.write(`\nCalibration (floor off, best item per run):\n${JSON.stringify(result.calibration, null, 2)}\n\n`);
    process.stdout.write(
      `${formatColumns(
        [
          { title: 'mode', right: false, value: (row: (typeof result.answerable)[number]) => row.mode },
          { title: 'queries', right: false, value: (row) => row.kind },
          { title: 'runs', right: true, value: (row) => String(row.runs) },
          { title: 'answerable before', right: true, value: (row) => String(row.answerable_before) },
          { title: 'answerable after', right: true, value: (row) => String(row.answerable_after) },
          { title: 'relevant top before', right: true, value: (row) => String(row.relevant_top_before) },
          { title: 'relevant top kept', right: true, value: (row) => String(row.relevant_top_kept) },
          { title: 'same top after', right: true, value: (row) => String(row.top_same_after) },
          { title: 'chunks cut', right: true, value: (row) => String(row.cut_chunks) },
        ],
        result.answerable,
      )}\n`,
    );
    if (result.failures.length > 0) process.stdout.write(`\nFailed runs: ${result.failures.join(', ')}\n`);
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `relevance-${result.date.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`wrote ${path.relative(REPO_ROOT, file)}`);
  } finally {
    await deps.close();
    if (ours && !opts.keepServer) await stopLocalServer({ home });
  }
}

await main();
