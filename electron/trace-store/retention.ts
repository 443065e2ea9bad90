import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import { issueProblem } from '../../shared/errors/zod-problem';
import { Retention } from '../../shared/settings-state';
import type { TraceStore } from './trace-store';

/** The settings key of the retention rule. */
export const RETENTION_KEY = 'retention';

/** The retention rule in force; none saved keeps every run. */
export function readRetention(store: TraceStore): Retention {
  return store.getSetting(RETENTION_KEY, Retention) ?? {};
}

/**
 * Deletes the runs the rule no longer keeps (older than `max_days`, beyond the newest `max_runs`)
 * and returns how many went. A rule with neither limit keeps everything; a damaged store (read only)
 * is left as it is, since pruning is a write it refuses.
 */
export function applyRetention(store: TraceStore, retention: Retention = readRetention(store)): number {
  if (retention.max_runs === undefined && retention.max_days === undefined) return 0;
  if (store.damage !== null) return 0;
  return store.prune({ olderThanDays: retention.max_days, keepLatest: retention.max_runs });
}

/** Saves a validated rule and applies it at once; returns how many runs it removed. A bad rule is `invalid_input` naming the field. */
export function saveRetention(store: TraceStore, input: unknown): { retention: Retention; pruned: number } {
  const parsed = Retention.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    // The words of schemaMessage('retention', …): the field's dotted path ("input" for the rule itself) and zod's problem.
    const issue = parsed.error.issues[0];
    const problem = issueProblem(issue);
    throw codedError('invalid_input', storeError('retention_invalid', { field: issue?.path.join('.') || 'input', problem: [problem] }), {
      hint: storeError('retention_invalid_hint'),
    });
  }
  const retention = parsed.data;
  store.setSetting(RETENTION_KEY, retention);
  return { retention, pruned: applyRetention(store, retention) };
}
