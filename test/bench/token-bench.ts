// `npm run bench:tokens [-- --trials 3]`: what counting a chunk's tokens costs, the library's own
// `countTokens` against the app's counter (the encoding's pre-tokenizer, each piece's count
// remembered), on synthetic English and Korean paragraphs (made-up words: many pieces are merged,
// not looked up) and the demo corpus's chunks. Each side and corpus is counted in a process of its
// own, sides alternating trial by trial, since both keep caches for the whole process: the first
// pass is what a fresh app pays, the later ones what a warm one does. Both sides must give the same
// counts, or the benchmark fails.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { createRandom, syntheticParagraph, syntheticVocabulary } from '../../electron/demo-graph/synthetic-text';
import { createTokenCounter } from '../../electron/retrieval/token-counter';
import { REPO_ROOT } from '../support/test-env';
import { benchHost, formatColumns, percentile, runBench, wholeOption } from './bench-report';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const CORPORA = ['synthetic-en', 'synthetic-ko', 'demo'] as const;
type Corpus = (typeof CORPORA)[number];
const SIDES = ['library', 'app'] as const;
type Side = (typeof SIDES)[number];
const WARM_PASSES = 5;
const log = (message: string) => process.stderr.write(`[bench:tokens] ${message}\n`);

function texts(corpus: Corpus): string[] {
  if (corpus === 'demo') return buildLoadPlan().documents.flatMap((doc) => doc.chunks.map((chunk) => chunk.text));
  const vocabulary = syntheticVocabulary(1);
  const random = createRandom(corpus === 'synthetic-en' ? 3 : 4);
  return Array.from({ length: corpus === 'synthetic-en' ? 2_000 : 1_000 }, () =>
    syntheticParagraph(vocabulary, corpus === 'synthetic-en' ? 'en' : 'ko', random),
  );
}

interface Trial {
  readonly first_us: number;
  readonly warm_us: number;
  readonly tokens: number;
  readonly texts: number;
  readonly chars: number;
}

/** One side on one corpus, in this process: the table is loaded before timing, then one cold pass and the warm passes. */
function trial(side: Side, corpus: Corpus): Trial {
  const all = texts(corpus);
  const library = (
    createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: (text: string, options: object) => number }
  ).countTokens;
  const plain = { disallowedSpecial: new Set<string>() };
  // A counter per pass, so the app's side counts from remembered pieces, never from remembered texts.
  const counter = () => (side === 'library' ? (text: string) => library(text, plain) : createTokenCounter().count);
  counter()('loads the table before the timing');
  const pass = () => {
    const count = counter();
    const started = performance.now();
    let tokens = 0;
    for (const text of all) tokens += count(text);
    return { us: ((performance.now() - started) * 1000) / all.length, tokens };
  };
  const first = pass();
  const warm = Array.from({ length: WARM_PASSES }, pass);
  if (warm.some((w) => w.tokens !== first.tokens)) throw new Error(`${side} counted ${corpus} differently on a later pass`);
  return {
    first_us: first.us,
    warm_us: percentile(
      warm.map((w) => w.us),
      50,
    ),
    tokens: first.tokens,
    texts: all.length,
    chars: all.reduce((sum, text) => sum + text.length, 0),
  };
}

interface Row {
  readonly corpus: Corpus;
  readonly texts: number;
  readonly mean_chars: number;
  readonly tokens: number;
  readonly library_first_us: number;
  readonly app_first_us: number;
  readonly library_warm_us: number;
  readonly app_warm_us: number;
}

const COLUMNS = [
  { title: 'corpus', right: false, value: (r: Row) => r.corpus },
  { title: 'texts', right: true, value: (r: Row) => String(r.texts) },
  { title: 'chars/text', right: true, value: (r: Row) => r.mean_chars.toFixed(0) },
  { title: 'tokens', right: true, value: (r: Row) => String(r.tokens) },
  { title: 'library first µs/text', right: true, value: (r: Row) => r.library_first_us.toFixed(1) },
  { title: 'app first µs/text', right: true, value: (r: Row) => r.app_first_us.toFixed(1) },
  { title: 'first ratio', right: true, value: (r: Row) => `${(r.app_first_us / r.library_first_us).toFixed(2)}×` },
  { title: 'library warm µs/text', right: true, value: (r: Row) => r.library_warm_us.toFixed(1) },
  { title: 'app warm µs/text', right: true, value: (r: Row) => r.app_warm_us.toFixed(1) },
  { title: 'warm ratio', right: true, value: (r: Row) => `${(r.app_warm_us / r.library_warm_us).toFixed(2)}×` },
];

function options() {
  const { values } = parseArgs({
    options: { trials: { type: 'string', default: '3' }, side: { type: 'string' }, corpus: { type: 'string' } },
    strict: true,
  });
  return { trials: wholeOption('trials', values.trials), side: values.side, corpus: values.corpus };
}

async function main(): Promise<void> {
  const opts = options();
  if (opts.side !== undefined || opts.corpus !== undefined) {
    const side = SIDES.find((s) => s === opts.side);
    const corpus = CORPORA.find((c) => c === opts.corpus);
    if (!side || !corpus) throw new Error(`--side takes ${SIDES.join(' or ')} and --corpus ${CORPORA.join(', ')}, both together`);
    process.stdout.write(JSON.stringify(trial(side, corpus)));
    return;
  }
  const startedAt = new Date();
  const inChild = (side: Side, corpus: Corpus): Trial =>
    JSON.parse(
      execFileSync(process.execPath, [...process.execArgv, import.meta.filename, '--side', side, '--corpus', corpus], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      }),
    ) as Trial;
  const rows: Row[] = [];
  const trials: Record<string, Trial[]> = {};
  for (const corpus of CORPORA) {
    const bySide: Record<Side, Trial[]> = { library: [], app: [] };
    for (let t = 0; t < opts.trials; t++) {
      for (const side of t % 2 === 0 ? SIDES : [...SIDES].reverse()) bySide[side].push(inChild(side, corpus));
      log(`${corpus}: trial ${t + 1}/${opts.trials} done`);
    }
    const [library, app] = [bySide.library, bySide.app];
    const tokens = library[0]?.tokens ?? 0;
    if ([...library, ...app].some((t) => t.tokens !== tokens))
      throw new Error(`the two sides counted ${corpus} differently: ${[...library, ...app].map((t) => t.tokens).join(', ')}`);
    const median = (list: Trial[], key: 'first_us' | 'warm_us') =>
      percentile(
        list.map((t) => t[key]),
        50,
      );
    const first = library[0] as Trial;
    rows.push({
      corpus,
      texts: first.texts,
      mean_chars: first.chars / first.texts,
      tokens,
      library_first_us: median(library, 'first_us'),
      app_first_us: median(app, 'first_us'),
      library_warm_us: median(library, 'warm_us'),
      app_warm_us: median(app, 'warm_us'),
    });
    trials[corpus] = [...library, ...app];
  }
  process.stdout.write(
    `Token counting, o200k_base, median of ${opts.trials} trials (each side and corpus in a fresh process; first = the process's first pass, warm = the median of ${WARM_PASSES} later passes)\n\n`,
  );
  process.stdout.write(`${formatColumns(COLUMNS, rows)}\n`);
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `tokens-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ started_at: startedAt.toISOString(), host: benchHost(), rows, trials }, null, 1)}\n`);
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}

runBench(main);
