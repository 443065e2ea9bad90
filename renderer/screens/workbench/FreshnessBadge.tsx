import { useTranslation } from 'react-i18next';
import type { Freshness } from '../../../shared/context-contract';

/**
 * current / stale / unknown, always with its reason in the UI's language and who marked it, and an
 * ADR's decision state beside it (a rejected decision is an answer, not a stale one); freshness is
 * never hidden in a score. A run kept before reasons had codes shows its English reason.
 */
export function FreshnessBadge({ freshness }: { freshness: Freshness }) {
  const { t } = useTranslation('workbench');
  const { t: word } = useTranslation('freshness');
  const reason = freshness.code === undefined ? freshness.reason : word(freshness.code, freshness.params ?? {});
  return (
    <span className="wb-freshness">
      <span className={`badge ${freshness.state}`} data-testid="freshness-badge" data-state={freshness.state}>
        {t(`freshness_${freshness.state}`)}
      </span>{' '}
      {freshness.decision ? (
        <>
          <span className="badge decision" data-testid="decision-badge" data-decision={freshness.decision}>
            {word(`decision_${freshness.decision}`)}
          </span>{' '}
        </>
      ) : null}
      <span className="wb-freshness-reason">{reason}</span>
      {freshness.marked_by ? <span className="muted"> {t('marked_by', { who: freshness.marked_by })}</span> : null}
    </span>
  );
}
