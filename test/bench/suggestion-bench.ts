// `npm run bench:suggestions`: precision and recall of the stale-ADR suggestions per kind on the
// labelled fixture folders (test/fixtures/adr-suggestions), and how many records of the demo and of
// ../shared/data/govuk-aws-adr (when present) get one, with the time the suggestions took. The
// folders are read by the loader's own folder reader and the records built as the graph read gives
// them (test/integration/adr-suggestions.test.ts checks the same through Neo4j); nothing is written
// to a graph. Prints tables and writes JSON under bench-results/.
import fs from 'node:fs';
import path from 'node:path';
import { suggestStaleness } from '../../electron/adr/adr-suggestions';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import {
  precisionRecall,
  SUGGESTION_FIXTURES,
  suggestionLabels,
  suggestionRecordsOfPlan,
  type PrecisionRecall,
} from '../support/suggestion-labels';
import { GOVUK_ADR_DIR, REPO_ROOT } from '../support/test-env';
import { benchHost, formatColumns } from './bench-report';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const log = (message: string) => process.stderr.write(`[bench:suggestions] ${message}\n`);

interface CorpusRow {
  readonly corpus: string;
  readonly records: number;
  readonly suggested_records: number;
  readonly suggestions: number;
  readonly ms: number;
  readonly examples: string[];
}

/** The suggestions of one folder (the demo when `docsDir` is undefined), timed. */
function suggestFor(docsDir: string | undefined) {
  const records = suggestionRecordsOfPlan(buildLoadPlan(docsDir === undefined ? {} : { docsDir }));
  const started = performance.now();
  const suggestions = suggestStaleness(records);
  return { records, suggestions, ms: performance.now() - started };
}

function corpusRow(corpus: string, docsDir: string | undefined): CorpusRow {
  const { records, suggestions, ms } = suggestFor(docsDir);
  const all = [...suggestions].flatMap(([id, list]) => list.map((s) => ({ id, s })));
  return {
    corpus,
    records: records.length,
    suggested_records: suggestions.size,
    suggestions: all.length,
    ms,
    examples: all.map(({ id, s }) => `${id} ${s.kind} → ${s.successor?.document_id ?? '-'} (${s.score}): ${s.evidence[0]?.quote ?? ''}`),
  };
}

const ACCURACY_COLUMNS = [
  { title: 'kind', right: false, value: (r: PrecisionRecall) => r.kind },
  { title: 'labelled', right: true, value: (r: PrecisionRecall) => String(r.labelled) },
  { title: 'suggested', right: true, value: (r: PrecisionRecall) => String(r.suggested) },
  { title: 'correct', right: true, value: (r: PrecisionRecall) => String(r.correct) },
  { title: 'precision', right: true, value: (r: PrecisionRecall) => r.precision.toFixed(3) },
  { title: 'recall', right: true, value: (r: PrecisionRecall) => r.recall.toFixed(3) },
];
const CORPUS_COLUMNS = [
  { title: 'corpus', right: false, value: (r: CorpusRow) => r.corpus },
  { title: 'ADRs', right: true, value: (r: CorpusRow) => String(r.records) },
  { title: 'with suggestions', right: true, value: (r: CorpusRow) => String(r.suggested_records) },
  { title: 'suggestions', right: true, value: (r: CorpusRow) => String(r.suggestions) },
  { title: 'ms', right: true, value: (r: CorpusRow) => r.ms.toFixed(1) },
];

function main(): void {
  const startedAt = new Date();
  const fixtures = suggestFor(SUGGESTION_FIXTURES);
  const scored = precisionRecall(fixtures.suggestions, suggestionLabels());
  const corpora = [corpusRow('fixtures', SUGGESTION_FIXTURES), corpusRow('demo', undefined)];
  if (fs.existsSync(GOVUK_ADR_DIR)) corpora.push(corpusRow('govuk-aws-adr', GOVUK_ADR_DIR));
  else log(`govuk-aws-adr left out: ${GOVUK_ADR_DIR} is missing`);
  process.stdout.write(`${formatColumns(ACCURACY_COLUMNS, [...scored.perKind, scored.all])}\n\n`);
  process.stdout.write(`${formatColumns(CORPUS_COLUMNS, corpora)}\n`);
  for (const line of scored.wrong) process.stdout.write(`wrong: ${line}\n`);
  for (const line of scored.missed) process.stdout.write(`missed: ${line}\n`);
  for (const row of corpora.filter((r) => r.corpus !== 'fixtures'))
    for (const example of row.examples) process.stdout.write(`${row.corpus}: ${example}\n`);
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `suggestions-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = { started_at: startedAt.toISOString(), host: benchHost(), accuracy: scored, corpora };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}

main();
