// `npm run bench:corpus`: how long the corpus loader takes to read a 10 MB markdown file and lines
// of 100 KB that made its old regular expressions backtrack, each also at half (or twice) the
// size, so the ratio shows whether time grows in proportion to input. Loads go through the real
// folder reader (decoding, front matter, ADR facts, chunks, supersessions); nothing is written to a
// graph. Prints a table and writes JSON under bench-results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMarkdownFolder } from '../../electron/corpus/markdown-folder';
import { ADVERSARIAL_CASES, ordinaryMarkdown } from '../support/adversarial-markdown';
import { REPO_ROOT } from '../support/test-env';
import { formatColumns } from './bench-report';

const RESULTS = path.join(REPO_ROOT, 'bench-results');
const MB = 1024 * 1024;

interface Measurement {
  readonly case: string;
  readonly size_chars: number;
  readonly documents: number;
  readonly chunks: number;
  /** Fastest wall-clock time of the runs. */
  readonly wall_ms: number;
  /** Fastest CPU time (user + system) of the runs. */
  readonly cpu_ms: number;
  readonly mb_per_s: number;
  /** cpu_ms of this size over cpu_ms of half this size, when both were measured (2 means linear). */
  readonly ratio_to_half: number | null;
}

const log = (message: string) => process.stderr.write(`[bench:corpus] ${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'line-kb': { type: 'string', default: '100' },
      'file-mb': { type: 'string', default: '10' },
    },
  });
  return {
    runs: Number.parseInt(values.runs, 10),
    lineChars: Number.parseInt(values['line-kb'], 10) * 1024,
    fileChars: Number.parseInt(values['file-mb'], 10) * MB,
  };
}

/** Loads a folder holding `text` as `fileName` `runs` times; keeps the fastest wall and CPU times. */
function measure(label: string, fileName: string, text: string, runs: number): Omit<Measurement, 'ratio_to_half'> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-corpus-bench-'));
  try {
    fs.mkdirSync(path.dirname(path.join(dir, fileName)), { recursive: true });
    fs.writeFileSync(path.join(dir, fileName), text);
    let wall = Number.POSITIVE_INFINITY;
    let cpu = Number.POSITIVE_INFINITY;
    let folder = readMarkdownFolder(dir);
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      const before = process.cpuUsage();
      folder = readMarkdownFolder(dir);
      const spent = process.cpuUsage(before);
      wall = Math.min(wall, performance.now() - started);
      cpu = Math.min(cpu, (spent.user + spent.system) / 1000);
    }
    const chunks = folder.documents.reduce((sum, doc) => sum + doc.chunks.length, 0);
    log(`${label} (${text.length} chars): ${cpu.toFixed(1)} ms CPU`);
    return {
      case: label,
      size_chars: text.length,
      documents: folder.documents.length,
      chunks,
      wall_ms: wall,
      cpu_ms: cpu,
      mb_per_s: text.length / MB / (wall / 1000),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The case at half and full size, the full one carrying its ratio to the half. */
function measurePair(label: string, fileName: string, text: (size: number) => string, size: number, runs: number): Measurement[] {
  const half = measure(label, fileName, text(Math.floor(size / 2)), runs);
  const full = measure(label, fileName, text(size), runs);
  return [
    { ...half, ratio_to_half: null },
    { ...full, ratio_to_half: full.cpu_ms / half.cpu_ms },
  ];
}

const COLUMNS: { title: string; right: boolean; value: (m: Measurement) => string }[] = [
  { title: 'case', right: false, value: (m) => m.case },
  { title: 'chars', right: true, value: (m) => String(m.size_chars) },
  { title: 'chunks', right: true, value: (m) => String(m.chunks) },
  { title: 'wall ms', right: true, value: (m) => m.wall_ms.toFixed(1) },
  { title: 'cpu ms', right: true, value: (m) => m.cpu_ms.toFixed(1) },
  { title: 'MB/s', right: true, value: (m) => m.mb_per_s.toFixed(1) },
  { title: '×half', right: true, value: (m) => (m.ratio_to_half === null ? '' : m.ratio_to_half.toFixed(2)) },
];

function main(): void {
  const { runs, lineChars, fileChars } = options();
  const startedAt = new Date();
  const results: Measurement[] = [...measurePair('ordinary markdown file', 'adr-000-ordinary.md', ordinaryMarkdown, fileChars, runs)];
  // Lines of `lineChars` and of twice that, so the ratio column reads off how time grows.
  for (const shape of ADVERSARIAL_CASES) results.push(...measurePair(shape.name, shape.fileName, shape.text, 2 * lineChars, runs));
  process.stdout.write(`${formatColumns(COLUMNS, results)}\n`);
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `corpus-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    started_at: startedAt.toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    runs,
    line_chars: lineChars,
    file_chars: fileChars,
    results,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}

main();
