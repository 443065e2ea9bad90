import { useTranslation } from 'react-i18next';
import type { Freshness } from '../../../shared/context-contract';

/** current / stale / unknown, always with its reason and who marked it; freshness is never hidden in a score. */
export function FreshnessBadge({ freshness }: { freshness: Freshness }) {
  const { t } = useTranslation('workbench');
  return (
    <span className="wb-freshness">
      <span className={`badge ${freshness.state}`} data-testid="freshness-badge" data-state={freshness.state}>
        {t(`freshness_${freshness.state}`)}
      </span>{' '}
      <span className="wb-freshness-reason">{freshness.reason}</span>
      {freshness.marked_by ? <span className="muted"> {t('marked_by', { who: freshness.marked_by })}</span> : null}
    </span>
  );
}
