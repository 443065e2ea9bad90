import { useTranslation } from 'react-i18next';
import { useErrorText } from './core-text';
import { isLensError, type ErrorKind } from '../../shared/lens-error';

/** The heading of each kind of failure, as a message code of the common texts: never the kind's own name ("unavailable"). */
const KIND_HEADINGS: Readonly<Record<ErrorKind, string>> = {
  invalid_input: 'error_kind_invalid_input',
  unavailable: 'error_kind_unavailable',
  timeout: 'error_kind_timeout',
  refused: 'error_kind_refused',
  not_found: 'error_kind_not_found',
  environment: 'error_kind_environment',
  conflict: 'error_kind_conflict',
  io: 'error_kind_io',
  internal: 'error_kind_internal',
  cancelled: 'error_kind_cancelled',
};

/** A failure shown as what it is: its kind, its sentence and what to do. Never an empty list. */
export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const kind = isLensError(error) ? error.kind : 'internal';
  const { message, hint, more } = useErrorText(error);
  const detail = isLensError(error) ? error.detail : undefined;
  return (
    <div className="error-box" role="alert" data-kind={kind}>
      <strong>{t(KIND_HEADINGS[kind])}</strong>
      <p>{message}</p>
      {more.length > 0 ? (
        <ul className="error-more" aria-label={t('error_more_problems', { count: more.length })}>
          {more.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      {hint ? <p className="hint">{t('what_to_do', { hint })}</p> : null}
      {/* The detail as the app and the library said it (which of the app's queries failed, the driver's words), for a bug
          report: folded away, and left out where it only repeats the problems listed above in English. */}
      {detail && more.length === 0 ? (
        <details className="error-detail">
          <summary>{t('error_detail')}</summary>
          <pre className="mono">{detail}</pre>
        </details>
      ) : null}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
