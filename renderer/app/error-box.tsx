import { useTranslation } from 'react-i18next';
import { useErrorText } from './core-text';
import { isLensError } from '../../shared/lens-error';

/** A failure shown as what it is: its kind, its sentence and what to do. Never an empty list. */
export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const kind = isLensError(error) ? error.kind : 'internal';
  const { message, hint, more } = useErrorText(error);
  return (
    <div className="error-box" role="alert" data-kind={kind}>
      <strong>{t('error_kind', { kind })}</strong>
      <p>{message}</p>
      {more.length > 0 ? (
        <ul className="error-more" aria-label={t('error_more_problems', { count: more.length })}>
          {more.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      {hint ? <p className="hint">{t('what_to_do', { hint })}</p> : null}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
