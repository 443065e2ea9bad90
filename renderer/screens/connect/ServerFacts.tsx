import { useTranslation } from 'react-i18next';
import { useCoreNote } from '../../app/core-text';
import type { ConnectReport } from '../../../shared/connect-report';

/** Who the server is and who we are on it: version, edition, address, account, roles and privileges. */
export function ServerFacts({ report }: { report: ConnectReport }) {
  const { t } = useTranslation('connect');
  const { server, user, privileges } = report;
  const noteText = useCoreNote();
  return (
    <section className="panel cn-server" aria-labelledby="cn-server-heading">
      <h2 id="cn-server-heading">{t('server_heading')}</h2>
      <p className="cn-server-version" data-testid="server-version" data-version={server.version} data-edition={server.edition}>
        {t('server_version', { version: server.version, edition: server.edition })}
      </p>
      <dl className="cn-facts">
        <dt>{t('uri')}</dt>
        <dd className="mono cn-break">{report.uri}</dd>
        <dt>{t('database')}</dt>
        <dd className="mono">{report.database ?? t('default_database')}</dd>
        <dt>{t('connected_via')}</dt>
        <dd>{t(`source_${report.source}`)}</dd>
        {server.agent ? (
          <>
            <dt>{t('agent')}</dt>
            <dd className="mono">{server.agent}</dd>
          </>
        ) : null}
        {server.protocol_version ? (
          <>
            <dt>{t('protocol')}</dt>
            <dd className="mono">{server.protocol_version}</dd>
          </>
        ) : null}
        <dt>{t('user')}</dt>
        <dd className="mono">{user.name ?? t('user_unknown')}</dd>
        <dt>{t('roles')}</dt>
        <dd>{user.roles === null ? t('roles_unknown') : user.roles.length > 0 ? user.roles.join(', ') : t('roles_none')}</dd>
        <dt>{t('privileges')}</dt>
        <dd>{noteText(privileges)}</dd>
      </dl>
      {privileges.available && privileges.rows.length > 0 ? (
        <details className="cn-privileges">
          <summary>{t('privilege_rows', { count: privileges.rows.length })}</summary>
          <div className="cn-scroll">
            <table className="cn-table">
              <thead>
                <tr>
                  <th scope="col">{t('privilege_access')}</th>
                  <th scope="col">{t('privilege_action')}</th>
                  <th scope="col">{t('privilege_graph')}</th>
                  <th scope="col">{t('privilege_segment')}</th>
                </tr>
              </thead>
              <tbody>
                {privileges.rows.map((row, index) => (
                  <tr key={index}>
                    <td>{row.access}</td>
                    <td className="mono">{row.action}</td>
                    <td className="mono">{row.graph ?? '—'}</td>
                    <td className="mono cn-break">{row.segment ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
      <p className="cn-hint">{t('report_took', { ms: Math.round(report.elapsed_ms) })}</p>
    </section>
  );
}
