// `npm run bench:guard`: CPU time of the Cypher guard's text layer on large texts of several shapes,
// at the size cap and at 2× and 4× it (with the cap lifted, to show the cost is linear). Prints a
// table and writes bench-results/guard-<time>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCypherText, MAX_QUERY_LENGTH } from '../../shared/cypher/cypher-guard';
import { REPO_ROOT } from '../support/test-env';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const SIZES = [MAX_QUERY_LENGTH, 130_000, 260_000];
const RUNS = 5;

const repeatTo = (size: number, prefix: string, unit: string, suffix = '') =>
  prefix +
  unit.repeat(Math.ceil((size - prefix.length - suffix.length) / unit.length)).slice(0, size - prefix.length - suffix.length) +
  suffix;

/** Text shapes that stressed the old guard (TRANSACTIONS scanned backwards to the start) or stress a lexer. */
const SHAPES: Record<string, (size: number) => string> = {
  transactions_words: (size) => repeatTo(size, 'RETURN 1 AS x ', '+ TRANSACTIONS '),
  property_chain: (size) => repeatTo(size, 'MATCH (n) RETURN ', 'n.a + ', 'n.a'),
  predicates: (size) => repeatTo(size, 'MATCH (n) WHERE ', 'n.x = 1 AND ', 'true RETURN n'),
  long_string: (size) => repeatTo(size, "RETURN '", 'abcdefgh', "'"),
  nested_maps: (size) => {
    const depth = Math.floor((size - 20) / 6);
    return `RETURN ${'{a: '.repeat(depth)}1${'}'.repeat(depth)} AS m`.slice(0, size);
  },
  number_list: (size) => repeatTo(size, 'RETURN [', '1, ', '1]'),
  call_subqueries: (size) => repeatTo(size, 'MATCH (n) ', 'CALL (n) { RETURN 1 AS x } ', 'RETURN n'),
  unicode_space: (size) => repeatTo(size, 'MATCH (n)', '\u3000\u001c\u00a0', ' RETURN n'),
};

/** Median CPU milliseconds of `RUNS` runs (user + system, this process). */
function cpuMs(text: string, maxLength: number): { median: number; verdict: string } {
  const samples: number[] = [];
  let verdict = '';
  for (let run = 0; run < RUNS; run += 1) {
    const before = process.cpuUsage();
    const result = checkCypherText(text, { maxLength });
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000);
    verdict = result.allowed ? 'allowed' : result.rule;
  }
  samples.sort((a, b) => a - b);
  return { median: Math.round((samples[Math.floor(RUNS / 2)] as number) * 100) / 100, verdict };
}

const cells = [];
for (const [shape, build] of Object.entries(SHAPES)) {
  for (const size of SIZES) {
    const text = build(size);
    const lifted = cpuMs(text, Number.POSITIVE_INFINITY);
    const capped = cpuMs(text, MAX_QUERY_LENGTH);
    cells.push({
      shape,
      chars: text.length,
      cpu_ms_without_cap: lifted.median,
      verdict_without_cap: lifted.verdict,
      cpu_ms_with_cap: capped.median,
      verdict_with_cap: capped.verdict,
    });
  }
}

const header = ['shape', 'chars', 'cpu ms (cap lifted)', 'verdict', 'cpu ms (cap on)', 'verdict'];
const rows = cells.map((cell) => [
  cell.shape,
  String(cell.chars),
  cell.cpu_ms_without_cap.toFixed(2),
  cell.verdict_without_cap,
  cell.cpu_ms_with_cap.toFixed(2),
  cell.verdict_with_cap,
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)));
const line = (row: readonly string[]) => row.map((cell, column) => cell.padEnd(widths[column] as number)).join('  ');
process.stdout.write(
  `\nCypher guard, text layer: median CPU of ${RUNS} runs; size cap ${MAX_QUERY_LENGTH} characters\n\n${line(header)}\n${rows.map(line).join('\n')}\n\n`,
);

fs.mkdirSync(RESULTS, { recursive: true });
const startedAt = new Date();
const file = path.join(RESULTS, `guard-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
const report = {
  bench: 'guard',
  started_at: startedAt.toISOString(),
  machine: { platform: os.platform(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', loadavg: os.loadavg() },
  max_query_length: MAX_QUERY_LENGTH,
  runs: RUNS,
  cells,
};
fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
process.stdout.write(`${path.relative(REPO_ROOT, file)}\n`);
