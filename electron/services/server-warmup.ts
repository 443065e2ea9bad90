// Warming the local demo server right after it starts: a one-shot CLI command opens a connection
// of its own each time, so the first query after `lens neo4j start` would otherwise be the server's
// first ever (every plan made and every page read from disk while the request's deadline runs).
import { progressEvent } from '../../shared/progress-messages';
import type { ProgressSink } from '../../shared/progress-event';
import type { WarmupReport } from './connection-warmup';
import { ServiceHub } from './service-hub';

/** The variables that would point a connection at another graph than the demo server. */
const GRAPH_VARIABLES = ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'NEO4J_DATABASE'] as const;

/**
 * How long the warm-up may take before it stops (what it planned by then stays planned): warming
 * plans every retrieval query once per shape of principal, a second or more each on a busy machine.
 */
const WARM_BUDGET_MS = 30_000;

/**
 * Warms the demo server of `env`'s LENS_HOME as the app warms a new connection (connection-warmup.ts:
 * the plans of the product's retrieval queries, the principals, the pages a first query reads),
 * whatever NEO4J_* names, saying so on `progress`; the server keeps its plans and pages for the
 * commands that follow. It stops after `budgetMs`. Never throws for a warm-up that stops: the report says why.
 */
export async function warmDemoServer(env: NodeJS.ProcessEnv, progress: ProgressSink, budgetMs = WARM_BUDGET_MS): Promise<WarmupReport> {
  const demoEnv: NodeJS.ProcessEnv = { ...env };
  for (const name of GRAPH_VARIABLES) delete demoEnv[name];
  const hub = new ServiceHub(demoEnv, undefined, undefined, { warmOnConnect: true });
  const started = performance.now();
  progress(progressEvent('warm', 'warming'));
  let report: WarmupReport;
  try {
    hub.services();
    const warming = hub.warmup();
    // Past the budget the warm-up is stopped as a reconnect stops it: its report then says cancelled.
    const timer = setTimeout(() => void hub.reset(), budgetMs);
    try {
      report = (await warming) ?? stoppedReport(started, 'no warm-up started');
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    // The services could not open (the server went away): said as a warm-up that stopped, never as a failed start.
    report = stoppedReport(started, error instanceof Error ? error.message : String(error));
  } finally {
    await hub.close();
  }
  const seconds = (report.elapsed_ms / 1000).toFixed(1);
  progress(
    report.stopped === null
      ? progressEvent('warm', 'warmed', { seconds, runs: report.runs.length, principals: report.principals_cached }, 1)
      : progressEvent('warm', 'warm_incomplete', { seconds }, 1),
  );
  return report;
}

/** A warm-up as `--json` output says it: how long, how many runs, whether it finished within its budget. */
export function warmSummary(report: WarmupReport): { elapsed_ms: number; runs: number; complete: boolean } {
  return { elapsed_ms: Math.round(report.elapsed_ms), runs: report.runs.length, complete: report.stopped === null };
}

function stoppedReport(started: number, stopped: string): WarmupReport {
  return { elapsed_ms: performance.now() - started, principals_cached: 0, runs: [], stopped };
}
