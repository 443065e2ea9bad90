import { numberFormat } from '../../app/number-format';
import type { Outcome } from '../../../shared/context-contract';

/** Outcomes that are answers; every other outcome is a failure and is never shown as "nothing found". */
const ANSWERS: ReadonlySet<Outcome> = new Set<Outcome>(['ok', 'no_evidence']);

/** Outcomes of runs stopped by their caller: neither an answer nor a failure. */
const STOPPED: ReadonlySet<Outcome> = new Set<Outcome>(['cancelled']);

/** True when the outcome is a failure rather than an answer or a cancellation (DESIGN.md, "The contract"). */
export function isFailure(outcome: Outcome): boolean {
  return !ANSWERS.has(outcome) && !STOPPED.has(outcome);
}

/** True when the run was cancelled by its caller (the Stop button, `query.cancel`, Ctrl+C). */
export function isStopped(outcome: Outcome): boolean {
  return STOPPED.has(outcome);
}

/** A whole number in the UI language (1,234). */
export function formatCount(value: number, language: string): string {
  return numberFormat(language, 0).format(value);
}

/** Elapsed time as a number and its unit key: milliseconds below a second, seconds (two decimals) above. */
export function elapsedParts(ms: number, language: string): { key: 'elapsed_ms' | 'elapsed_s'; value: string } {
  if (ms < 1000) return { key: 'elapsed_ms', value: numberFormat(language, 0).format(Math.round(ms)) };
  return { key: 'elapsed_s', value: numberFormat(language, 2).format(ms / 1000) };
}

/** The start of a trace id, enough to tell runs apart in a narrow column (the full id is in the title). */
export function shortTraceId(traceId: string): string {
  return traceId.length > 10 ? `${traceId.slice(0, 8)}…` : traceId;
}
