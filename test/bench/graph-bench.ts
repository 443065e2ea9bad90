// `npm run bench:graph`: layout plus first-render time of the provenance graph in headless Chromium,
// for synthetic views of 300, 1,000 and 3,000 elements, drawn by the screen's own build function
// (renderer/screens/provenance-graph/build-provenance-cytoscape.ts) in a page bundled with esbuild.
// `--baseline REF` bundles the same page from a git ref as well and interleaves its runs with the
// working tree's in one page, so the table's ratios compare the two under the same load.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { ProvenanceGraph } from '../../shared/api/provenance-graph';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { BenchSample, GraphBenchFunction } from '../../renderer/screens/provenance-graph/bench/bench-sample';
import { syntheticProvenanceGraph } from '../../renderer/screens/provenance-graph/bench/synthetic-provenance-graph';
import type { GraphLayoutMode } from '../../renderer/screens/provenance-graph/graph-layout-mode';
import { REPO_ROOT } from '../support/test-env';

const CHROMIUM = '/usr/bin/chromium';
const PAGE_ENTRY = path.join(REPO_ROOT, 'renderer', 'screens', 'provenance-graph', 'bench', 'graph-bench-page.ts');
const RESULTS = path.join(REPO_ROOT, 'bench-results');
/** Layout mode → the library that lays it out, for the table. */
const LAYOUTS: readonly { mode: GraphLayoutMode; library: string }[] = [
  { mode: 'layered', library: 'dagre' },
  { mode: 'overview', library: 'fcose' },
];
const VIEWPORT = { width: 1280, height: 800 };

const log = (message: string) => process.stderr.write(`[bench:graph] ${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '300,1000,3000' },
      baseline: { type: 'string' },
      runs: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      'wait-chromium-s': { type: 'string', default: '900' },
    },
  });
  return {
    sizes: values.sizes.split(',').map((size) => Number.parseInt(size, 10)),
    baseline: values.baseline,
    runs: Number.parseInt(values.runs, 10),
    warmup: Number.parseInt(values.warmup, 10),
    waitChromiumMs: Number.parseInt(values['wait-chromium-s'], 10) * 1000,
  };
}

/** Debian's chromium package may still be installing when the bench starts. */
async function waitForChromium(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let told = false;
  while (!fs.existsSync(CHROMIUM)) {
    if (Date.now() > until) throw new Error(`${CHROMIUM} did not appear within ${timeoutMs / 1000} s; install Debian's chromium package.`);
    if (!told) log(`waiting for ${CHROMIUM} to be installed…`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** Bundles one bench page into `dir` as `<name>.js` (and `<name>.css`). */
async function bundle(entry: string, name: string, dir: string): Promise<void> {
  await build({
    entryPoints: { [name]: entry },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    outdir: dir,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

/** The bench page of a git ref: its `renderer/` and `shared/` unpacked beside the working tree's node_modules. */
function checkoutBaseline(ref: string, dir: string): string {
  const root = path.join(dir, 'baseline-src');
  fs.mkdirSync(root);
  const archive = execFileSync('git', ['-C', REPO_ROOT, 'archive', '--format=tar', ref, 'renderer', 'shared'], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return path.join(root, path.relative(REPO_ROOT, PAGE_ENTRY));
}

/**
 * Bundles the bench page (the screen's build, style and layout code, with the app's CSS) into `dir`;
 * with a baseline, its page loads first and its bench function is kept as `graphBenchBaseline`.
 */
async function bundlePage(dir: string, baseline: string | undefined): Promise<void> {
  await bundle(PAGE_ENTRY, 'page', dir);
  let scripts = '<script type="module" src="page.js"></script>';
  if (baseline !== undefined) {
    await bundle(checkoutBaseline(baseline, dir), 'baseline', dir);
    fs.writeFileSync(path.join(dir, 'keep-baseline.js'), 'window.graphBenchBaseline = window.graphBench;\n');
    scripts = `<script type="module" src="baseline.js"></script><script type="module" src="keep-baseline.js"></script>${scripts}`;
  }
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html data-theme="light"><head><meta charset="utf-8"><link rel="stylesheet" href="page.css"></head>' +
      `<body><div class="provenance-graph"><div id="stage" style="width:${VIEWPORT.width - 40}px"></div></div>${scripts}</body></html>`,
  );
}

const TYPES: Readonly<Record<string, string>> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `dir` on 127.0.0.1 at a free port. */
async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? '/', 'http://127.0.0.1').pathname) || 'index.html';
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/index.html`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type BenchName = 'graphBench' | 'graphBenchBaseline';

/** Draws `graph` once in the page with the working tree's code or the baseline's; the timing is taken inside the page. */
function drawInPage(page: Page, graph: ProvenanceGraph, layout: GraphLayoutMode, name: BenchName): Promise<BenchSample> {
  return page.evaluate(
    ([view, mode, fn]) => {
      const bench = (globalThis as Partial<Record<BenchName, GraphBenchFunction>>)[fn];
      if (!bench) throw new Error(`the bench page has no ${fn}`);
      return bench(view, mode);
    },
    [graph, layout, name] as const,
  );
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

interface Cell {
  /** `current` (the working tree) or `baseline <ref>`. */
  readonly code: string;
  readonly layout: GraphLayoutMode;
  readonly library: string;
  readonly elements: number;
  readonly nodes: number;
  readonly edges: number;
  readonly runs: number;
  readonly layout_ms: { readonly median: number; readonly max: number; readonly samples: readonly number[] };
  readonly first_frame_ms: { readonly median: number; readonly max: number; readonly samples: readonly number[] };
}

function summarise(code: string, layout: (typeof LAYOUTS)[number], elements: number, samples: readonly BenchSample[]): Cell {
  const series = (pick: (sample: BenchSample) => number) => {
    const values = samples.map(pick).map(roundToTenths);
    return { median: roundToTenths(median(values)), max: Math.max(...values), samples: values };
  };
  return {
    code,
    layout: layout.mode,
    library: layout.library,
    elements,
    nodes: samples[0]?.nodes ?? 0,
    edges: samples[0]?.edges ?? 0,
    runs: samples.length,
    layout_ms: series((sample) => sample.layout_ms),
    first_frame_ms: series((sample) => sample.first_frame_ms),
  };
}

/** The working tree's median first frame over the baseline's, measured in the same run. */
function ratioTo(cell: Cell, cells: readonly Cell[]): string {
  if (cell.code !== 'current') return '';
  const base = cells.find((other) => other.code !== 'current' && other.layout === cell.layout && other.elements === cell.elements);
  return base ? `${(cell.first_frame_ms.median / base.first_frame_ms.median).toFixed(2)}×` : '';
}

function formatTable(cells: readonly Cell[]): string {
  const header = [
    'code',
    'layout',
    'elements',
    'nodes',
    'edges',
    'runs',
    'layout median ms',
    'layout max ms',
    'first frame median ms',
    'first frame max ms',
    'first frame vs baseline',
  ];
  const rows = cells.map((cell) => [
    cell.code,
    `${cell.layout} (${cell.library})`,
    String(cell.elements),
    String(cell.nodes),
    String(cell.edges),
    String(cell.runs),
    cell.layout_ms.median.toFixed(1),
    cell.layout_ms.max.toFixed(1),
    cell.first_frame_ms.median.toFixed(1),
    cell.first_frame_ms.max.toFixed(1),
    ratioTo(cell, cells),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (values: readonly string[]) =>
    values.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const opts = options();
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  await waitForChromium(opts.waitChromiumMs);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-graph-bench-'));
  await bundlePage(dir, opts.baseline);
  const server = await serve(dir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const cells: Cell[] = [];
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => typeof (globalThis as { graphBench?: unknown }).graphBench === 'function');
    const codes: { name: BenchName; code: string }[] = [{ name: 'graphBench', code: 'current' }];
    if (opts.baseline !== undefined) codes.push({ name: 'graphBenchBaseline', code: `baseline ${opts.baseline}` });
    for (const elements of opts.sizes) {
      // Validated with the API's own schema, so the bench draws what the screen could be sent.
      const graph = ProvenanceGraph.parse(syntheticProvenanceGraph(elements));
      for (const layout of LAYOUTS) {
        const samples = new Map<string, BenchSample[]>(codes.map(({ code }) => [code, []]));
        for (let i = 0; i < opts.warmup + opts.runs; i += 1) {
          // Interleaved, and in turn first, so neither side always runs after the other.
          const order = i % 2 === 0 ? codes : [...codes].reverse();
          for (const { name, code } of order) {
            const sample = await drawInPage(page, graph, layout.mode, name);
            if (i >= opts.warmup) samples.get(code)?.push(sample);
          }
        }
        for (const { code } of codes) {
          const cell = summarise(code, layout, elements, samples.get(code) ?? []);
          cells.push(cell);
          log(
            `${code} ${layout.mode} ${elements}: layout median ${cell.layout_ms.median} ms, first frame median ${cell.first_frame_ms.median} ms`,
          );
        }
      }
    }
    const version = browser.version();
    process.stdout.write(`\n${formatTable(cells)}\n\n`);
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `graph-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const report = {
      bench: 'graph',
      started_at: startedAt.toISOString(),
      chromium: version,
      headless: true,
      viewport: VIEWPORT,
      machine: {
        platform: os.platform(),
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        loadavg_before: loadBefore,
        loadavg_after: os.loadavg(),
      },
      method:
        'in-page performance.now() from the call to buildProvenanceCytoscape: until its layoutDone resolves, nodes placed and fitted (layout_ms); until the first cytoscape render event after that plus one requestAnimationFrame, so the frame has been presented (first_frame_ms). Baseline and current runs interleaved in one page, in alternating order.',
      warmup_runs: opts.warmup,
      baseline: opts.baseline ?? null,
      cells,
    };
    fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
    process.stdout.write(`${path.relative(REPO_ROOT, file)}\n`);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
