import crypto from 'node:crypto';
import type { z } from 'zod';
import { assembleComparison, comparisonRun } from '../../shared/compare/assemble-comparison';
import type { CompareInput, Comparison } from '../../shared/compare/comparison';
import { REQUEST_DEFAULTS } from '../../shared/context-contract';
import type { RunRecord } from '../../shared/trace-record';
import { runNotFound, type RunListing } from '../trace-store/store-errors';
import { checkForLeaks, otherGraphCheck, type LeakCheckDeps } from './leak-check';

/** `compare.run`'s input after its schema parsed it. */
export type ParsedCompareInput = z.output<typeof CompareInput>;

/** What a comparison runs on: the leak check's graph and policy, and the doors' one way of running and recording a request. */
export interface CompareDeps extends LeakCheckDeps {
  /** Runs one context request and records it as an ordinary run; returns the run as stored. */
  readonly runAndRecord: (request: Record<string, unknown>) => Promise<RunRecord>;
  readonly getRun: (traceId: string) => RunRecord | null;
  /** Keeps the comparison; returns it as stored (and as it reopens). */
  readonly saveComparison: (comparison: Comparison) => Comparison;
  readonly now?: () => Date;
  /** Where a stored run not kept is said to be listed (the door's): the Traces screen unless told. */
  readonly runListing?: RunListing;
}

/** The two runs to compare: one request run as A and then as B (same mode and options), or two stored runs. */
async function runsToCompare(input: ParsedCompareInput, deps: CompareDeps): Promise<[RunRecord, RunRecord]> {
  if (input.source === 'runs') {
    const stored = (traceId: string) => {
      const run = deps.getRun(traceId);
      if (!run) throw runNotFound(traceId, deps.runListing ?? 'screen');
      return run;
    };
    return [stored(input.trace_a), stored(input.trace_b)];
  }
  const a = await deps.runAndRecord({ ...input.request, principal: input.principal_a });
  const b = await deps.runAndRecord({ ...input.request, principal: input.principal_b });
  return [a, b];
}

/**
 * Compares two runs: only-A, only-B and both with rank and score moves, Jaccard and RBO, and every
 * item of each run checked against the graph for its own principal (leaks first), with why each item
 * is visible or not to both. The comparison is stored and returned as stored.
 */
export async function compareRuns(input: ParsedCompareInput, deps: CompareDeps): Promise<Comparison> {
  const [runA, runB] = await runsToCompare(input, deps);
  const runs = [comparisonRun(runA), comparisonRun(runB)] as const;
  const timeoutMs = input.source === 'principals' ? input.request.timeout_ms : REQUEST_DEFAULTS.timeout_ms;
  // Stored runs: each must have been recorded on this graph, and its principal snapshot is held to the graph's.
  const leakCheck =
    (input.source === 'runs' ? otherGraphCheck([runA, runB], deps.gateway.settings.uri) : null) ??
    (await checkForLeaks(runs[0], runs[1], deps, timeoutMs, input.source === 'runs'));
  const made = { id: crypto.randomUUID(), createdAt: deps.now?.() ?? new Date() };
  return deps.saveComparison(assembleComparison(made, input.source, runs, leakCheck, input.rbo_p));
}
