import { useTranslation } from 'react-i18next';
import type { ProviderAudit, ProviderViolation } from '../../../shared/provider/provider-audit';
import { providerFailureMessage, providerParams, providerViolationMessage } from '../../../shared/provider/provider-messages';
import { coreLanguage } from '../../app/core-text';

/** The violations the audit found on one item, each worded in the UI's language with the clauses an access violation failed. */
export function ItemViolations({ violations, principalId }: { violations: readonly ProviderViolation[]; principalId: string }) {
  const { t } = useTranslation('workbench');
  const { t: words, i18n } = useTranslation('provider');
  const { t: access } = useTranslation('access');
  const language = coreLanguage(i18n.language);
  if (violations.length === 0) return null;
  return (
    <div className="wb-violations" role="note" data-testid="item-violations" data-count={violations.length}>
      <span className="wb-access-label">{t('violations_label')}</span>
      <ul>
        {violations.map((violation, index) => {
          const message = providerViolationMessage(violation, principalId);
          return (
            <li key={`${violation.kind}:${index}`} data-kind={violation.kind}>
              {words(message.code, providerParams(message, language))}
              {message.clauses?.length ? ` — ${message.clauses.map((clause) => access(clause.code, clause.params)).join('; ')}` : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One line on a provider run: the endpoint answered and was audited clean, found violations, or was not audited and why. */
export function ProviderAuditLine({ audit, principalId }: { audit: ProviderAudit; principalId: string }) {
  const { t } = useTranslation('workbench');
  const { t: words, i18n } = useTranslation('provider');
  const language = coreLanguage(i18n.language);
  const params = { url: audit.endpoint, items: audit.items_checked, count: audit.violations.length };
  const failure = audit.failure ? providerFailureMessage(audit.failure) : null;
  // Violations not tied to an item (top_k, max_tokens) are worded here, since no item card shows them.
  const general = audit.violations.filter((violation) => violation.item === null);
  return (
    <div className="panel wb-provider-audit" role="note" data-testid="provider-audit" data-violations={audit.violations.length}>
      {failure ? (
        <p>
          {t('audit_failed')} {words(failure.code, providerParams(failure, language))}
        </p>
      ) : !audit.audited ? (
        <p>{t('audit_unfinished', params)}</p>
      ) : (
        <p>{t(audit.violations.length === 0 ? 'audit_clean' : 'audit_found', params)}</p>
      )}
      <ItemViolations violations={general} principalId={principalId} />
    </div>
  );
}
