import { useTranslation } from 'react-i18next';
import type { SchemaMismatch } from '../../../shared/connect-report';
import { useCoreText } from '../../app/core-text';

const SEVERITIES = ['error', 'warning', 'note'] as const;

/** How the graph differs from the schema profile, in plain words, most serious first. */
export function MismatchList({ mismatches, profile }: { mismatches: readonly SchemaMismatch[]; profile: string }) {
  const { t } = useTranslation('connect');
  // The sentence's code in the UI's language; a report made before codes keeps its English.
  const text = useCoreText();
  return (
    <section className="panel cn-mismatches" aria-labelledby="cn-mismatch-heading" data-testid="mismatches" data-count={mismatches.length}>
      <h2 id="cn-mismatch-heading">{t('mismatch_heading', { profile })}</h2>
      {mismatches.length === 0 ? <p className="cn-ok-text">{t('mismatch_none', { profile })}</p> : null}
      {SEVERITIES.map((severity) => {
        const group = mismatches.filter((entry) => entry.severity === severity);
        if (group.length === 0) return null;
        return (
          <div key={severity} className={`cn-severity cn-severity-${severity}`} data-severity={severity}>
            <h3>
              {t(`severity_${severity}`)} <span className="cn-count">{group.length}</span>
            </h3>
            <p className="cn-hint">{t(`severity_${severity}_explained`)}</p>
            <ul>
              {group.map((entry, index) => (
                <li key={`${entry.subject}:${index}`}>
                  <span className="mono cn-subject">{text(entry.subject_code, entry.subject_params, entry.subject) ?? entry.subject}</span>{' '}
                  {text(entry.message_code, entry.message_params, entry.message) ?? entry.message}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
