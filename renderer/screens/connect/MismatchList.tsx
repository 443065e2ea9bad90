import { useTranslation } from 'react-i18next';
import type { SchemaMismatch } from '../../../shared/connect-report';
import { mismatchDigest } from '../../../shared/graph-capabilities';
import { useCoreText } from '../../app/core-text';

const SEVERITIES = ['error', 'warning', 'note'] as const;

/**
 * How the graph differs from the schema profile, in plain words, most serious first; the notes about
 * optional parts the graph does not have are one line per kind, each note a click away.
 */
export function MismatchList({ mismatches, profile }: { mismatches: readonly SchemaMismatch[]; profile: string }) {
  const { t } = useTranslation('connect');
  // The sentence's code in the UI's language; a report made before codes keeps its English.
  const text = useCoreText();
  const digest = mismatchDigest(mismatches);
  const said = (entry: SchemaMismatch) => (
    <>
      <span className="mono cn-subject">{text(entry.subject_code, entry.subject_params, entry.subject) ?? entry.subject}</span>{' '}
      {text(entry.message_code, entry.message_params, entry.message) ?? entry.message}
    </>
  );
  return (
    <section className="panel cn-mismatches" aria-labelledby="cn-mismatch-heading" data-testid="mismatches" data-count={mismatches.length}>
      <h2 id="cn-mismatch-heading">{t('mismatch_heading', { profile })}</h2>
      {mismatches.length === 0 ? <p className="cn-ok-text">{t('mismatch_none', { profile })}</p> : null}
      {SEVERITIES.map((severity) => {
        const group = digest.each.filter((entry) => entry.severity === severity);
        const grouped = severity === 'note' ? digest.grouped : [];
        if (group.length === 0 && grouped.length === 0) return null;
        return (
          <div key={severity} className={`cn-severity cn-severity-${severity}`} data-severity={severity}>
            <h3>
              {t(`severity_${severity}`)}{' '}
              <span className="cn-count">{mismatches.filter((entry) => entry.severity === severity).length}</span>
            </h3>
            <p className="cn-hint">{t(`severity_${severity}_explained`)}</p>
            <ul>
              {group.map((entry, index) => (
                <li key={`${entry.subject}:${index}`}>{said(entry)}</li>
              ))}
              {grouped.map((line) => (
                <li key={line.code} data-testid="mismatch-grouped">
                  {text(line.code, line.params, undefined) ?? line.code}
                </li>
              ))}
            </ul>
            {grouped.length > 0 ? (
              <details className="cn-notes-each" data-testid="mismatch-notes-each">
                <summary>{t('notes_each', { count: digest.grouped_count })}</summary>
                <ul>
                  {mismatches
                    .filter((entry) => entry.severity === 'note')
                    .map((entry, index) => (
                      <li key={`${entry.subject}:${index}`}>{said(entry)}</li>
                    ))}
                </ul>
              </details>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
