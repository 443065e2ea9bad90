import { schemaMessage } from '../../shared/api/schema-message';
import { LensError } from '../../shared/lens-error';
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
  const parsed = Retention.safeParse(input);
  if (!parsed.success)
    throw new LensError('invalid_input', schemaMessage('retention', parsed.error), {
      hint: 'Give max_runs and max_days as whole numbers of 1 or more, or leave both out to keep every run.',
    });
  const retention = parsed.data;
  store.setSetting(RETENTION_KEY, retention);
  return { retention, pruned: applyRetention(store, retention) };
}
