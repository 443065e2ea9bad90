import { useTranslation } from 'react-i18next';
import type { Freshness } from '../../../shared/context-contract';

/**
 * current / stale / unknown, always with its reason in the UI's language and who marked it, and an
 * ADR's decision state beside it (a rejected decision is an answer, not a stale one); freshness is
 * never hidden in a score. A run kept before reasons had codes shows its English reason.
 * `nameDocument` names a successor the reason mentions (by default its document id).
 */
export function FreshnessBadge({ freshness, nameDocument }: { freshness: Freshness; nameDocument?: (documentId: string) => string }) {
  const { t } = useTranslation('workbench');
  const { t: word } = useTranslation('freshness');
  const params = freshness.params ?? {};
  // A successor is a document id; a screen that names records otherwise (ADR-007) names it the same way.
  const named = nameDocument && params.successor !== undefined ? { ...params, successor: nameDocument(params.successor) } : params;
  const reason = freshness.code === undefined ? freshness.reason : word(freshness.code, named);
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
