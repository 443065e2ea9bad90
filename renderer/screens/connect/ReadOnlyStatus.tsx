import { useTranslation } from 'react-i18next';
import { useCoreText } from '../../app/core-text';
import type { ConnectReport } from '../../../shared/connect-report';

/** What read-only rests on: the session access mode, the client guard, and whether the account itself could write. */
export function ReadOnlyStatus({
  readOnly,
  warnings,
  warningMessages,
}: {
  readOnly: ConnectReport['read_only'];
  warnings: readonly string[];
  warningMessages?: ConnectReport['warning_messages'];
}) {
  const { t } = useTranslation('connect');
  const text = useCoreText();
  const canWrite = readOnly.account_can_write;
  const level = canWrite === true ? 'warn' : canWrite === 'unknown' ? 'unknown' : 'ok';
  return (
    <section
      className={`panel cn-readonly cn-level-${level}`}
      aria-labelledby="cn-readonly-heading"
      data-testid="read-only-status"
      data-account-can-write={String(canWrite)}
    >
      <h2 id="cn-readonly-heading">{t('read_only_heading')}</h2>
      <ul className="cn-checks">
        <li data-ok="true">
          <span className="cn-check" aria-hidden="true">
            ✓
          </span>
          {t('session_mode', { mode: readOnly.session_access_mode })}
        </li>
        <li data-ok={readOnly.client_guard}>
          <span className="cn-check" aria-hidden="true">
            {readOnly.client_guard ? '✓' : '!'}
          </span>
          {readOnly.client_guard ? t('client_guard_on') : t('client_guard_off')}
        </li>
        <li data-ok={canWrite === false} data-level={level}>
          <span className="cn-check" aria-hidden="true">
            {canWrite === false ? '✓' : canWrite === true ? '!' : '?'}
          </span>
          <strong>{t(`account_can_write_${String(canWrite)}`)}</strong>
        </li>
      </ul>
      <p className="cn-basis">{text(readOnly.basis_code, readOnly.basis_params, readOnly.basis)}</p>
      {warnings.length > 0 ? (
        <div className="cn-warnings" role="alert">
          <strong>{t('warnings_heading', { count: warnings.length })}</strong>
          <ul>
            {warnings.map((warning, index) => (
              <li key={warning}>{text(warningMessages?.[index]?.code, warningMessages?.[index]?.params, warning)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
