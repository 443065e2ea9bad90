import type { Outcome } from '../../../shared/context-contract';
import { isFailure } from './trace-format';

/** A run's outcome: answers as outlined badges, failures filled and marked, so they never read as "nothing found"; a cancelled run has its own mark. */
export function OutcomeBadge({ outcome, label, title }: { outcome: Outcome; label: string; title: string | undefined }) {
  const failure = isFailure(outcome);
  return (
    <span className={`badge trace-outcome ${failure ? 'failure' : outcome}`} title={title}>
      <span aria-hidden="true">{failure ? '✕ ' : outcome === 'ok' ? '✓ ' : outcome === 'cancelled' ? '■ ' : '○ '}</span>
      {label}
    </span>
  );
}
