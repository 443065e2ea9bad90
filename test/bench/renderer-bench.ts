// `npm run bench:renderer`: what the renderer costs to load in browser mode. Per chunk of the built
// renderer its size raw, gzip and brotli, and whether the first page loads it; then, in Debian's
// Chromium through real `lens web` hosts on the demo graph, the first load with a cold cache, a reload
// with a warm one and the first opening of the Provenance graph screen. With `--baseline DIR` (a
// checkout of another revision with its renderer built) both are measured in one run, interleaved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { stopLocalServer } from '../../electron/neo4j-server/local-server';
import { roundToTenths } from '../../shared/round-to-tenths';
import { compress } from '../../scripts/precompress-plugin';
import { startLensWeb, type LensWebProcess } from '../e2e/setup/lens-web-process';
import { freePort } from '../support/free-port';
import { REPO_ROOT } from '../support/test-env';
import { benchDemoServer, buildCliIfStale } from './bench-demo-server';
import { percentile } from './bench-report';

const CHROMIUM = process.env.LENS_CHROMIUM ?? '/usr/bin/chromium';
const RESULTS = path.join(REPO_ROOT, 'bench-results');
const VIEWPORT = { width: 1400, height: 900 };

const log = (message: string) => process.stderr.write(`[bench:renderer] ${message}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      rounds: { type: 'string', default: '7' },
      'lens-home': { type: 'string' },
      'keep-server': { type: 'boolean', default: false },
    },
  });
  return {
    baseline: values.baseline ? path.resolve(values.baseline) : null,
    rounds: Number.parseInt(values.rounds, 10),
    lensHome: values['lens-home'] ?? null,
    keepServer: values['keep-server'],
  };
}

/** One script or style sheet of a built renderer. */
interface ChunkSize {
  readonly file: string;
  /** Loaded by index.html itself (script, modulepreload or style sheet), not on demand. */
  readonly first_load: boolean;
  readonly raw_bytes: number;
  readonly gzip_bytes: number;
  readonly brotli_bytes: number;
}

/** The sizes of every chunk of the renderer built in `rendererDir`, compressed here the way the build does. */
async function chunkSizes(rendererDir: string): Promise<ChunkSize[]> {
  const index = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const eager = new Set([...index.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map((match) => match[1]));
  const files = fs.readdirSync(path.join(rendererDir, 'assets')).filter((file) => /\.(js|css)$/.test(file));
  const sizes = await Promise.all(
    files.map(async (file): Promise<ChunkSize> => {
      const data = fs.readFileSync(path.join(rendererDir, 'assets', file));
      const [gzip, brotli] = await Promise.all([compress(data, 'gzip'), compress(data, 'br')]);
      return {
        file,
        first_load: eager.has(`assets/${file}`),
        raw_bytes: data.length,
        gzip_bytes: gzip.length,
        brotli_bytes: brotli.length,
      };
    }),
  );
  return sizes.sort((a, b) => b.raw_bytes - a.raw_bytes);
}

/** Sums of raw, gzip and brotli bytes over `chunks`. */
function totals(chunks: readonly ChunkSize[]) {
  return {
    raw_bytes: chunks.reduce((sum, chunk) => sum + chunk.raw_bytes, 0),
    gzip_bytes: chunks.reduce((sum, chunk) => sum + chunk.gzip_bytes, 0),
    brotli_bytes: chunks.reduce((sum, chunk) => sum + chunk.brotli_bytes, 0),
  };
}

/** What one visit measured: wall times from the bench and bytes the page fetched over the network. */
interface Visit {
  readonly first_load_ms: number;
  readonly first_load_transfer_bytes: number;
  readonly reload_ms: number;
  readonly reload_transfer_bytes: number;
  readonly graph_screen_ms: number;
  readonly graph_screen_transfer_bytes: number;
}

/** Bytes fetched from the network (0 for a cache hit; headers included) since the resource list was last read. */
function transferSince(page: Page, seen: number): Promise<{ bytes: number; count: number }> {
  return page.evaluate((from) => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    const fresh = entries.slice(from);
    return { bytes: fresh.reduce((sum, entry) => sum + entry.transferSize, 0), count: entries.length };
  }, seen);
}

/**
 * One visit in a fresh browser context (an empty cache): open the printed URL until the app's
 * navigation shows, reload until it shows again, then open the Provenance graph screen.
 */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    let started = performance.now();
    await page.goto(url);
    await page.getByTestId('nav-workbench').waitFor({ state: 'visible' });
    const firstLoad = performance.now() - started;
    const cold = await transferSince(page, 0);
    started = performance.now();
    await page.reload();
    await page.getByTestId('nav-workbench').waitFor({ state: 'visible' });
    const reload = performance.now() - started;
    const warm = await transferSince(page, 0);
    started = performance.now();
    await page.getByTestId('nav-graph').click();
    await page.getByTestId('graph-no-run').waitFor({ state: 'visible' });
    const graph = performance.now() - started;
    const graphTransfer = await transferSince(page, warm.count);
    return {
      first_load_ms: roundToTenths(firstLoad),
      first_load_transfer_bytes: cold.bytes,
      reload_ms: roundToTenths(reload),
      reload_transfer_bytes: warm.bytes,
      graph_screen_ms: roundToTenths(graph),
      graph_screen_transfer_bytes: graphTransfer.bytes,
    };
  } finally {
    await context.close();
  }
}

/** A revision under test: its checkout, its built renderer's chunks and its running host. */
interface Variant {
  readonly label: string;
  readonly root: string;
  readonly chunks: ChunkSize[];
  readonly visits: Visit[];
  web?: LensWebProcess;
}

const METRICS = [
  'first_load_ms',
  'reload_ms',
  'graph_screen_ms',
  'first_load_transfer_bytes',
  'reload_transfer_bytes',
  'graph_screen_transfer_bytes',
] as const;

function summary(visits: readonly Visit[]) {
  return Object.fromEntries(
    METRICS.map((metric) => {
      const values = visits.map((entry) => entry[metric]);
      return [metric, { p50: percentile(values, 50), p90: percentile(values, 90), min: Math.min(...values) }];
    }),
  ) as Record<(typeof METRICS)[number], { p50: number; p90: number; min: number }>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function formatTables(variants: readonly Variant[]): string {
  const lines: string[] = [];
  for (const variant of variants) {
    lines.push(`chunks of ${variant.label} (${path.relative(REPO_ROOT, variant.root) || '.'}):`);
    lines.push('| chunk | first load | raw | gzip | brotli |', '| --- | --- | ---: | ---: | ---: |');
    for (const chunk of variant.chunks)
      lines.push(
        `| ${chunk.file} | ${chunk.first_load ? 'yes' : 'on demand'} | ${kb(chunk.raw_bytes)} | ${kb(chunk.gzip_bytes)} | ${kb(chunk.brotli_bytes)} |`,
      );
    const eager = totals(variant.chunks.filter((chunk) => chunk.first_load));
    const all = totals(variant.chunks);
    lines.push(`| **first load** | | ${kb(eager.raw_bytes)} | ${kb(eager.gzip_bytes)} | ${kb(eager.brotli_bytes)} |`);
    lines.push(`| **all** | | ${kb(all.raw_bytes)} | ${kb(all.gzip_bytes)} | ${kb(all.brotli_bytes)} |`, '');
  }
  const base = variants.length > 1 ? variants[0] : undefined;
  lines.push(`| measure (p50, p90) | ${variants.map((variant) => variant.label).join(' | ')} |${base ? ' ratio (p50) |' : ''}`);
  lines.push(`| --- |${variants.map(() => ' ---: |').join('')}${base ? ' ---: |' : ''}`);
  const summaries = variants.map((variant) => summary(variant.visits));
  for (const metric of METRICS) {
    const cells = summaries.map((entry) =>
      metric.endsWith('_ms') ? `${entry[metric].p50} ms, ${entry[metric].p90} ms` : `${kb(entry[metric].p50)}, ${kb(entry[metric].p90)}`,
    );
    const ratio = base && summaries[0] && summaries[1] ? ` ${(summaries[1][metric].p50 / summaries[0][metric].p50).toFixed(2)}× |` : '';
    lines.push(`| ${metric} | ${cells.join(' | ')} |${ratio}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const opts = options();
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  buildCliIfStale(log);
  const roots = [...(opts.baseline ? [{ label: 'baseline', root: opts.baseline }] : []), { label: 'current', root: REPO_ROOT }];
  const variants: Variant[] = [];
  for (const { label, root } of roots) {
    const rendererDir = path.join(root, 'dist', 'renderer');
    if (!fs.existsSync(path.join(rendererDir, 'index.html')))
      throw new Error(`${rendererDir} has no built renderer: run npm run build:renderer in ${root}.`);
    variants.push({ label, root, chunks: await chunkSizes(rendererDir), visits: [] });
  }
  const demo = await benchDemoServer(opts.lensHome, path.join(REPO_ROOT, '.lens-bench', 'renderer'), log);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    for (const variant of variants) variant.web = await startLensWeb(demo.home, await freePort(), {}, variant.root);
    // One visit each to warm the hosts (their first API calls open the trace store and the driver).
    for (const variant of variants) await visit(browser, variant.web!.url);
    for (let round = 0; round < opts.rounds; round += 1) {
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) variant.visits.push(await visit(browser, variant.web!.url));
      log(
        `round ${round + 1}/${opts.rounds}: ${variants.map((variant) => `${variant.label} ${variant.visits.at(-1)?.first_load_ms} ms`).join(', ')}`,
      );
    }
    process.stdout.write(`\n${formatTables(variants)}\n\n`);
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `renderer-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    const report = {
      bench: 'renderer',
      started_at: startedAt.toISOString(),
      chromium: browser.version(),
      machine: { platform: os.platform(), cpus: os.cpus().length, loadavg_before: loadBefore, loadavg_after: os.loadavg() },
      method:
        'per visit a fresh browser context (empty cache): first_load = goto(printed URL) until nav-workbench is visible; reload = page.reload() until it is visible again; graph_screen = click nav-graph until graph-no-run is visible. Transfer = Σ transferSize of the navigation and resource entries (0 for a cache hit). Rounds interleaved, order alternating.',
      rounds: opts.rounds,
      variants: variants.map((variant) => ({
        label: variant.label,
        root: variant.root,
        chunks: variant.chunks,
        first_load_totals: totals(variant.chunks.filter((chunk) => chunk.first_load)),
        all_totals: totals(variant.chunks),
        summary: summary(variant.visits),
        visits: variant.visits,
      })),
    };
    fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
    process.stdout.write(`${path.relative(REPO_ROOT, file)}\n`);
  } finally {
    for (const variant of variants) variant.web?.process.kill('SIGTERM');
    await browser.close();
    if (demo.ours && !opts.keepServer) log((await stopLocalServer({ home: demo.home })).message);
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
