import { useTranslation } from 'react-i18next';
import { unansweredSides, type Comparison, type Leak } from '../../../shared/compare/comparison';
import { LensError, type LensErrorData } from '../../../shared/lens-error';
import { useErrorText } from '../../app/core-text';
import { AccessReason, DeniedBecause } from './AccessClauses';
import { useOutcomeLabel } from './outcome-label';

/** One leak: the item, the node, the broken clause and the clauses that failed, in words. */
function LeakRow({ leak }: { leak: Leak }) {
  const { t } = useTranslation('compare');
  const { access } = leak;
  return (
    <li
      className="cmp-leak"
      data-testid="leak"
      data-side={leak.side}
      data-document-id={leak.document_id}
      data-node={`${access.node.label}:${access.node.id}`}
    >
      <strong>
        {t('leak_row', {
          side: leak.side.toUpperCase(),
          principal: leak.principal_id,
          rank: leak.rank,
          item: leak.item_key,
          document: leak.document_id,
        })}
      </strong>
      <p>
        {t('leak_node', access.node)}
        {access.state === 'denied' && access.via ? ` · ${t('leak_via', access.via)}` : null}
        {access.state === 'denied' ? (
          <>
            {` · ${t('leak_reason')} `}
            <AccessReason reason={access.reason} />
          </>
        ) : null}
      </p>
      {access.state === 'denied' ? (
        <>
          <p className="mono" data-testid="leak-clause">
            {t('leak_clause', { rule: access.rule })}
          </p>
          <DeniedBecause access={access} />
        </>
      ) : (
        <p>{t('why_not_found', { side: leak.side.toUpperCase(), principal: leak.principal_id, ...access.node })}</p>
      )}
    </li>
  );
}

/** The leak check that could not finish: why, in the UI's language, and that the leaks are unknown. */
function LeakCheckFailed({ error }: { error: LensErrorData }) {
  const { t } = useTranslation('compare');
  const { message } = useErrorText(LensError.fromData(error));
  return (
    <div className="error-box cmp-banner" role="alert" data-testid="leak-banner" data-state="failed" data-kind={error.kind}>
      <strong>{t('check_failed', { message })}</strong>
      <p>{t('check_failed_unknown')}</p>
    </div>
  );
}

/**
 * The first thing the screen says: every leak with its broken clause, or that there are none, or that the check could not
 * run, or, when a run gave no answer (a timeout), that the leaks are unknown: its items were never there to check.
 */
export function LeakBanner({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('compare');
  const outcomeLabel = useOutcomeLabel();
  const check = comparison.leak_check;
  if (check.state === 'failed') return <LeakCheckFailed error={check.error} />;
  // A run that timed out (or failed) returned nothing to check: no leak among what was returned is not "no leaks".
  const unanswered = check.leaks.length === 0 ? unansweredSides(comparison) : [];
  if (unanswered.length > 0)
    return (
      <div className="cmp-banner cmp-banner-incomplete" role="alert" data-testid="leak-banner" data-state="incomplete">
        <strong>{t('leaks_unknown_unanswered')}</strong>
        <ul>
          {unanswered.map((side) => (
            <li key={side} data-testid="leak-banner-unanswered" data-side={side}>
              {t('leaks_unknown_side', {
                side: side.toUpperCase(),
                principal: comparison[side].principal.principal_id,
                outcome: outcomeLabel(comparison[side].outcome),
              })}
            </li>
          ))}
        </ul>
        <p>{t('leaks_unknown_what_to_do', { count: check.nodes_checked })}</p>
      </div>
    );
  if (check.leaks.length === 0)
    return (
      <div className="cmp-banner cmp-banner-clean" role="status" data-testid="leak-banner" data-state="clean">
        <strong>{t('no_leaks', { count: check.nodes_checked })}</strong>
      </div>
    );
  return (
    <div className="error-box cmp-banner" role="alert" data-testid="leak-banner" data-state="leaks">
      <strong>{t('leaks_title', { count: check.leaks.length })}</strong>
      <p>{t('leaks_never_hidden')}</p>
      <ol className="cmp-leaks">
        {check.leaks.map((leak, index) => (
          <LeakRow key={`${leak.side}-${leak.rank}-${leak.access.node.label}-${leak.access.node.id}-${index}`} leak={leak} />
        ))}
      </ol>
    </div>
  );
}
