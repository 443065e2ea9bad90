import { useTranslation } from 'react-i18next';
import { accessClauseMessage, knownAccessReason } from '../../../shared/acl/access-messages';
import type { AccessClauseData, NodeAccess } from '../../../shared/compare/node-access';
import type { Principal } from '../../../shared/principal';

/** The policy's clauses in the UI's language (the `access` catalogue of shared/acl/access-messages.ts), each marked held or failed. */
export function AccessClauses({ clauses }: { clauses: readonly AccessClauseData[] }) {
  const { t } = useTranslation('compare');
  if (clauses.length === 0) return <p className="muted">{t('clause_no_clauses')}</p>;
  return (
    <ul className="cmp-clauses">
      {clauses.map((clause) => {
        const message = accessClauseMessage(clause);
        return (
          <li
            key={clause.path}
            className={clause.holds ? 'cmp-clause-held' : 'cmp-clause-failed'}
            data-code={message.code}
            title={clause.path}
          >
            <span aria-hidden="true">{clause.holds ? '✓' : '✗'}</span> {t(message.code, { ns: 'access', ...message.params })}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A denial's reason: worded where this build names it (the built-in policy's codes, the leak check's),
 * else a team's own code shown as code, so it does not read as a sentence left untranslated.
 */
export function AccessReason({ reason }: { reason: string }) {
  const { t } = useTranslation('access_reason');
  const known = knownAccessReason(reason);
  if (known)
    return (
      <span className="cmp-reason" data-testid="denial-reason" data-reason={reason} title={reason}>
        {t(known)}
      </span>
    );
  return (
    <code className="cmp-reason" data-testid="denial-reason" data-reason={reason}>
      {reason}
    </code>
  );
}

/** The clauses that failed at a denied node, or, for a denial that is no clause of the policy, its sentence. */
export function DeniedBecause({ access }: { access: Extract<NodeAccess, { state: 'denied' }> }) {
  const { t } = useTranslation('compare');
  if (!access.message) return <AccessClauses clauses={access.failed} />;
  return (
    <p data-testid="denial-words" data-code={access.message.code}>
      {t(access.message.code, { ns: 'access', ...access.message.params })}
    </p>
  );
}

/** Why one principal may see an item, or the first node it may not see and the clauses that failed there. */
export function AccessVerdict({ access, side, principal }: { access: NodeAccess | null; side: 'A' | 'B'; principal: Principal }) {
  const { t } = useTranslation('compare');
  const who = { side, principal: principal.principal_id };
  if (access === null)
    return (
      <div className="cmp-verdict" data-testid="why" data-side={side} data-state="not_judged">
        <p className="muted">{t('why_not_judged', who)}</p>
      </div>
    );
  if (access.state === 'not_found')
    return (
      <div className="cmp-verdict cmp-verdict-denied" data-testid="why" data-side={side} data-state="not_found">
        <p>{t('why_not_found', { ...who, label: access.node.label, id: access.node.id })}</p>
      </div>
    );
  if (access.state === 'visible')
    return (
      <div className="cmp-verdict cmp-verdict-visible" data-testid="why" data-side={side} data-state="visible">
        <p>{t('why_allowed', who)}</p>
        <AccessClauses clauses={access.because} />
      </div>
    );
  return (
    <div className="cmp-verdict cmp-verdict-denied" data-testid="why" data-side={side} data-state="denied">
      <p>
        {t('why_denied', { ...who, label: access.node.label, id: access.node.id })} {t('why_reason')}{' '}
        <AccessReason reason={access.reason} />
      </p>
      {access.via ? <p className="muted">{t('leak_via', access.via)}</p> : null}
      <DeniedBecause access={access} />
      <p className="muted mono">{t('clause_rule', { rule: access.rule })}</p>
    </div>
  );
}
