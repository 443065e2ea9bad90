import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage, CoreParams } from '../../shared/core-message';
import { REPO_ROOT } from '../support/test-env';
import type { RequestPhases } from './request-phases';

/** What one request of a benchmark cell measured. */
export interface RequestSample {
  readonly query: string;
  readonly outcome: string;
  readonly items: number;
  readonly e2e_ms: number;
  /** Σ server_ms (resultAvailableAfter + resultConsumedAfter) of every query the run executed. */
  readonly server_ms: number;
  /** The same, counting the concurrent vector and full-text stages of hybrid/graph once (the slower side). */
  readonly server_critical_ms: number;
  /** Σ (client-observed duration − server_ms) over the executed queries: Bolt round trips, decoding, row conversion. */
  readonly driver_ms: number;
  /** The same, counting the concurrent vector and full-text stages of hybrid/graph once (the slower side). */
  readonly driver_critical_ms: number;
  readonly packing_ms: number;
  /** candidates_in of the stage the table shows: rows fetched for ANN and full-text, allowed chunks for an exact scan. */
  readonly candidates_in: number;
  /** Adaptive over-fetch rounds, where the stage reports them. */
  readonly rounds: number;
  readonly queries: number;
  /** Σ server_ms per query name (several rounds of one query add up). */
  readonly server_by_query: Record<string, number>;
  readonly strategy: string;
  readonly recall: number | null;
  /** The vector planner's estimates when it chose by cost (server ms of each way), and the calibrated costs behind them. */
  readonly estimate?: PlannerEstimate;
  /** Where the request's wall time went (the product's runs; the reference has no stages). */
  readonly phases?: RequestPhases;
  /**
   * CPU time the bench's process spent while the request ran (process.cpuUsage, user + system): the
   * client's own work, driver included, apart from the wait for the server — steadier than wall-time
   * overhead on a machine whose cores the server shares. Absent where a bench does not measure it.
   */
  readonly client_cpu_ms?: number;
}

/** What the vector planner estimated for one request: each way's server ms, and its costs in words. */
export interface PlannerEstimate {
  readonly exact_ms: number;
  readonly ann_ms: number;
  readonly costs: string;
}

/** The `choice_estimated` clause of a stage's note, wherever it sits among the note's clauses. */
function findClause(params: CoreParams | undefined, code: string): CoreMessage | null {
  for (const value of Object.values(params ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const message of value as readonly CoreMessage[]) {
      if (message.code === code) return message;
      const inner = findClause(message.params, code);
      if (inner) return inner;
    }
  }
  return null;
}

/** The vector planner's estimates as the stage's note carries them, when it chose by cost. */
export function plannerEstimate(stage: { note_params?: CoreParams } | undefined): { estimate?: PlannerEstimate } {
  const choice = findClause(stage?.note_params, 'stage:choice_estimated');
  if (!choice?.params) return {};
  return {
    estimate: {
      exact_ms: Number(choice.params.exact_ms),
      ann_ms: Number(choice.params.ann_ms),
      costs: ((choice.params.costs as readonly CoreMessage[] | undefined) ?? []).map((m) => coreEnglish(m)).join('; '),
    },
  };
}

/** One cell of the benchmark: a mode (or a planner variant) as one principal. */
export interface CellSummary {
  readonly variant: string;
  readonly mode: string;
  readonly principal_id: string;
  readonly selectivity: number;
  readonly allowed_chunks: number;
  readonly strategies: Record<string, number>;
  readonly requests: number;
  readonly failures: number;
  readonly p50_ms: number;
  readonly p95_ms: number;
  readonly mean_e2e_ms: number;
  readonly mean_server_ms: number;
  readonly mean_server_critical_ms: number;
  /** mean e2e − mean critical-path server time. */
  readonly mean_overhead_ms: number;
  /** The median over requests of (e2e − critical-path server time): goal 6's client overhead at p50. */
  readonly p50_overhead_ms: number;
  /** overhead as a percentage of the critical-path server time. */
  readonly overhead_pct: number;
  readonly mean_driver_ms: number;
  /** What the app's own code adds: overhead less the critical-path driver time (Bolt round trips and decoding). */
  readonly mean_own_code_ms: number;
  /** own code as a percentage of the critical-path server time. */
  readonly own_code_pct: number;
  readonly mean_packing_ms: number;
  readonly mean_queries: number;
  /** Mean server ms per request of each query name. */
  readonly mean_server_by_query: Record<string, number>;
  /** Mean server ms of the vector planner's first query (vector-count-and-exact-scan), which counts and, when few are allowed, scores. */
  readonly mean_count_ms: number;
  readonly mean_candidates_in: number;
  readonly mean_rounds: number;
  /** The vector planner's estimates, where it chose by cost. */
  readonly estimates: ReturnType<typeof estimatesOf>;
  readonly recall_at_10: number | null;
  readonly min_recall_at_10: number | null;
  /** The median over requests of the client's CPU time (RequestSample.client_cpu_ms); null when no sample measured it. */
  readonly p50_client_cpu_ms: number | null;
  /** Mean ms per request of each phase (request-phases.ts), and of the reads beyond server time on the critical path; null for the reference. */
  readonly mean_phases: (RequestPhases & { readonly driver_critical_ms: number }) | null;
}

/** The nearest-rank percentile of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The planner's estimates over a cell's requests: mean of each way, and the costs of its first and last request. */
function estimatesOf(samples: readonly RequestSample[]) {
  const found = samples.map((s) => s.estimate).filter((e): e is PlannerEstimate => e !== undefined);
  if (found.length === 0) return null;
  return {
    requests: found.length,
    mean_exact_ms: mean(found.map((e) => e.exact_ms)),
    mean_ann_ms: mean(found.map((e) => e.ann_ms)),
    first_costs: found[0]?.costs ?? '',
    last_costs: found.at(-1)?.costs ?? '',
  };
}

const mean = (values: readonly number[]) => (values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length);

/** Summarises the samples of one cell. */
export function summarise(
  cell: Pick<CellSummary, 'variant' | 'mode' | 'principal_id' | 'selectivity' | 'allowed_chunks'>,
  samples: readonly RequestSample[],
): CellSummary {
  const ok = samples.filter((s) => s.outcome === 'ok' || s.outcome === 'no_evidence');
  const strategies: Record<string, number> = {};
  for (const s of ok) strategies[s.strategy] = (strategies[s.strategy] ?? 0) + 1;
  const recalls = ok.map((s) => s.recall).filter((r): r is number => r !== null);
  const e2e = mean(ok.map((s) => s.e2e_ms));
  const names = [...new Set(ok.flatMap((s) => Object.keys(s.server_by_query)))];
  const byQuery = Object.fromEntries(names.map((name) => [name, mean(ok.map((s) => s.server_by_query[name] ?? 0))]));
  const critical = mean(ok.map((s) => s.server_critical_ms));
  return {
    ...cell,
    strategies,
    requests: samples.length,
    failures: samples.length - ok.length,
    p50_ms: percentile(
      ok.map((s) => s.e2e_ms),
      50,
    ),
    p95_ms: percentile(
      ok.map((s) => s.e2e_ms),
      95,
    ),
    mean_e2e_ms: e2e,
    mean_server_ms: mean(ok.map((s) => s.server_ms)),
    mean_server_critical_ms: critical,
    mean_overhead_ms: e2e - critical,
    p50_overhead_ms: percentile(
      ok.map((s) => s.e2e_ms - s.server_critical_ms),
      50,
    ),
    overhead_pct: critical > 0 ? ((e2e - critical) / critical) * 100 : Number.NaN,
    mean_driver_ms: mean(ok.map((s) => s.driver_ms)),
    mean_own_code_ms: e2e - critical - mean(ok.map((s) => s.driver_critical_ms)),
    own_code_pct: critical > 0 ? ((e2e - critical - mean(ok.map((s) => s.driver_critical_ms))) / critical) * 100 : Number.NaN,
    mean_packing_ms: mean(ok.map((s) => s.packing_ms)),
    mean_queries: mean(ok.map((s) => s.queries)),
    mean_server_by_query: byQuery,
    mean_count_ms: byQuery['vector-count-and-exact-scan'] ?? 0,
    mean_candidates_in: mean(ok.map((s) => s.candidates_in)),
    mean_rounds: mean(ok.map((s) => s.rounds)),
    estimates: estimatesOf(ok),
    recall_at_10: recalls.length > 0 ? mean(recalls) : null,
    min_recall_at_10: recalls.length > 0 ? Math.min(...recalls) : null,
    p50_client_cpu_ms: p50OrNull(ok.map((s) => s.client_cpu_ms)),
    mean_phases: meanPhases(ok),
  };
}

/** The median of the values measured, or null when none was. */
function p50OrNull(values: readonly (number | undefined)[]): number | null {
  const measured = values.filter((v): v is number => v !== undefined);
  return measured.length > 0 ? percentile(measured, 50) : null;
}

/** The mean of each phase over the samples that carry phases, or null when none does. */
function meanPhases(samples: readonly RequestSample[]): CellSummary['mean_phases'] {
  const phased = samples.filter((s) => s.phases !== undefined);
  if (phased.length === 0) return null;
  const of = (pick: (phases: RequestPhases) => number) => mean(phased.map((s) => pick(s.phases as RequestPhases)));
  return {
    setup_ms: of((p) => p.setup_ms),
    retrieval_ms: of((p) => p.retrieval_ms),
    output_ms: of((p) => p.output_ms),
    finish_ms: of((p) => p.finish_ms),
    gaps_ms: of((p) => p.gaps_ms),
    driver_critical_ms: mean(phased.map((s) => s.driver_critical_ms)),
  };
}

const PHASE_COLUMNS: { title: string; right: boolean; value: (c: CellSummary) => string }[] = [
  { title: 'variant', right: false, value: (c) => c.variant },
  { title: 'principal', right: false, value: (c) => c.principal_id },
  { title: 'e2e ms', right: true, value: (c) => c.mean_e2e_ms.toFixed(1) },
  { title: 'neo4j ms', right: true, value: (c) => c.mean_server_critical_ms.toFixed(1) },
  { title: 'app ms', right: true, value: (c) => c.mean_overhead_ms.toFixed(1) },
  { title: 'reads ms', right: true, value: (c) => (c.mean_phases ? c.mean_phases.driver_critical_ms.toFixed(1) : '-') },
  { title: 'own ms', right: true, value: (c) => c.mean_own_code_ms.toFixed(1) },
  { title: 'setup', right: true, value: (c) => (c.mean_phases ? c.mean_phases.setup_ms.toFixed(1) : '-') },
  { title: 'retrieval', right: true, value: (c) => (c.mean_phases ? c.mean_phases.retrieval_ms.toFixed(1) : '-') },
  { title: 'output', right: true, value: (c) => (c.mean_phases ? c.mean_phases.output_ms.toFixed(1) : '-') },
  { title: 'finish', right: true, value: (c) => (c.mean_phases ? c.mean_phases.finish_ms.toFixed(1) : '-') },
];

/**
 * Where each cell's time went (means per request): Neo4j's server time on the critical path, the
 * reads' client time beyond it (round trips, decoding), the app's own code, and the run's phases
 * (setup: validation, principal, plan; retrieval: embedding, reads, candidates; output: re-check to
 * final check; finish: response schema and run record).
 */
export function formatPhaseTable(cells: readonly CellSummary[]): string {
  return formatColumns(
    PHASE_COLUMNS,
    cells.filter((c) => c.mean_phases !== null),
  );
}

const COLUMNS: { title: string; right: boolean; value: (c: CellSummary) => string }[] = [
  { title: 'variant', right: false, value: (c) => c.variant },
  { title: 'principal', right: false, value: (c) => c.principal_id },
  { title: 'allowed', right: true, value: (c) => String(c.allowed_chunks) },
  {
    title: 'strategy',
    right: false,
    value: (c) =>
      Object.entries(c.strategies)
        .map(([s, n]) => (Object.keys(c.strategies).length > 1 ? `${s}×${n}` : s))
        .join(' ') || '-',
  },
  {
    title: 'est exact/ann',
    right: true,
    value: (c) => (c.estimates ? `${c.estimates.mean_exact_ms.toFixed(0)}/${c.estimates.mean_ann_ms.toFixed(0)}` : '-'),
  },
  { title: 'cand in', right: true, value: (c) => c.mean_candidates_in.toFixed(0) },
  { title: 'rounds', right: true, value: (c) => (c.mean_rounds > 0 ? c.mean_rounds.toFixed(1) : '-') },
  { title: 'p50 ms', right: true, value: (c) => c.p50_ms.toFixed(1) },
  { title: 'p95 ms', right: true, value: (c) => c.p95_ms.toFixed(1) },
  { title: 'neo4j ms', right: true, value: (c) => c.mean_server_critical_ms.toFixed(1) },
  { title: 'app ms', right: true, value: (c) => c.mean_overhead_ms.toFixed(1) },
  { title: 'app p50', right: true, value: (c) => c.p50_overhead_ms.toFixed(1) },
  { title: 'app %', right: true, value: (c) => (Number.isFinite(c.overhead_pct) ? c.overhead_pct.toFixed(0) : '-') },
  { title: 'own %', right: true, value: (c) => (Number.isFinite(c.own_code_pct) ? c.own_code_pct.toFixed(0) : '-') },
  { title: 'plan ms', right: true, value: (c) => (c.mean_count_ms > 0 ? c.mean_count_ms.toFixed(1) : '-') },
  { title: 'driver ms', right: true, value: (c) => c.mean_driver_ms.toFixed(1) },
  { title: 'pack ms', right: true, value: (c) => c.mean_packing_ms.toFixed(1) },
  { title: 'queries', right: true, value: (c) => c.mean_queries.toFixed(1) },
  {
    title: 'recall@10',
    right: true,
    value: (c) => (c.recall_at_10 === null ? '-' : `${c.recall_at_10.toFixed(3)} (min ${(c.min_recall_at_10 as number).toFixed(2)})`),
  },
  { title: 'fail', right: true, value: (c) => String(c.failures) },
];

/** The cells as a plain table with padded columns. */
export function formatTable(cells: readonly CellSummary[]): string {
  return formatColumns(COLUMNS, cells);
}

/** Rows as a plain table: a title line, a rule, then one padded line per row (numbers right-aligned). */
export function formatColumns<T>(
  columns: ReadonlyArray<{ title: string; right: boolean; value: (row: T) => string }>,
  items: readonly T[],
): string {
  const rows = items.map((item) => columns.map((column) => column.value(item)));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => (columns[i]?.right ? v.padStart(widths[i] as number) : v.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The machine a bench ran on, for its JSON file: Node, platform, cores and the load average at the end. */
export function benchHost(): { node: string; platform: string; cpus: number; load_average: number[] } {
  return { node: process.version, platform: `${os.platform()} ${os.release()}`, cpus: os.cpus().length, load_average: os.loadavg() };
}

/** The load average for a person: `load average 1.20 0.90 0.80 on 2 cores`. */
export function loadAverageText(): string {
  return `load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;
}

/** A whole-number command-line option of at least `min`, or an error naming the flag. */
export function wholeOption(name: string, raw: string, min = 1): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

/** Runs a bench's `main`, printing a failure's stack on stderr and setting a failing exit code. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}

/** Writes a bench's JSON report as bench-results/<name>-<start time>.json and returns that path, relative to the repository. */
export function writeBenchJson(name: string, startedAt: Date, report: unknown): string {
  const dir = path.join(REPO_ROOT, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  return path.relative(REPO_ROOT, file);
}
