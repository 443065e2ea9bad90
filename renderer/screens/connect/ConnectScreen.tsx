import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLensError } from '../../../shared/lens-error';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { isHostGone } from '../../app/lens-transport';
import { useOperation } from '../../app/use-operation';
import { ConnectionPanel } from './ConnectionPanel';
import { ConnectReportView } from './ConnectReportView';
import { DemoPanel } from './DemoPanel';
import { useLoadFolderState } from './LoadFolderForm';
import { demoInUse } from './demo-state';
import { NoGraphNotice } from './NoGraphNotice';
import { PrincipalOverrides } from './PrincipalOverrides';
import { ProviderPanel } from './ProviderPanel';
import { useDemoJob } from './use-demo-job';
import './connect.css';

/** The connect screen: where the app reads from, the demo database, and the read-only connect report. */
export function ConnectScreen() {
  const { t } = useTranslation('connect');
  const client = useLensClient();
  const connection = useOperation(() => client['connections.get']({}), [client]);
  const report = useOperation(() => client['connect.report']({}), [client]);
  const { reload: reloadConnection } = connection;
  const { reload: reloadReport } = report;
  const reloadAll = useCallback(() => {
    reloadConnection();
    reloadReport();
  }, [reloadConnection, reloadReport]);
  const demo = useDemoJob(reloadAll);

  // Unavailable means no graph, unless it is browser mode's host that is gone (then the error box says so).
  const noGraph = !report.loading && isLensError(report.error) && report.error.kind === 'unavailable' && !isHostGone(report.error);
  const reportState = report.loading ? 'loading' : report.value && !report.error ? 'ready' : noGraph ? 'unavailable' : 'error';
  const inUse = report.error ? null : demoInUse(connection.value?.active ?? null, report.value ?? null);
  const loadForm = useLoadFolderState();
  const demoPanel = <DemoPanel job={demo} emphasis={noGraph} inUse={inUse} loadForm={loadForm} />;

  return (
    <section className="cn-screen" aria-labelledby="cn-heading">
      <h2 id="cn-heading" className="cn-sr-only">
        {t('heading')}
      </h2>
      <div className="cn-columns">
        <div className="cn-side">
          {report.value ? <PrincipalOverrides report={report.value} /> : null}
          {/* The demo in use is the connection's status, so it comes first (and stays above the fold). */}
          {inUse ? demoPanel : null}
          {connection.value ? <ConnectionPanel state={connection.value} onChanged={reloadAll} /> : null}
          {connection.loading && !connection.value ? <p className="panel muted">{t('connection_loading')}</p> : null}
          {connection.error ? <ErrorBox error={connection.error} onRetry={connection.reload} /> : null}
          {noGraph || inUse ? null : demoPanel}
          <ProviderPanel />
        </div>
        <div className="cn-main" data-testid="connect-report" data-state={reportState} aria-busy={report.loading}>
          <div className="cn-report-bar">
            <h2>{t('report_heading')}</h2>
            <button type="button" onClick={report.reload} disabled={report.loading} data-testid="refresh-report">
              {report.loading ? t('report_checking') : t('report_refresh')}
            </button>
          </div>
          {report.loading && !report.value ? <p className="panel muted">{t('report_loading')}</p> : null}
          {noGraph ? (
            <NoGraphNotice error={report.error} configured={(connection.value?.active.source ?? 'none') !== 'none'}>
              {demoPanel}
            </NoGraphNotice>
          ) : null}
          {report.error && !noGraph ? <ErrorBox error={report.error} onRetry={report.reload} /> : null}
          {report.value && !report.error ? <ConnectReportView report={report.value} /> : null}
        </div>
      </div>
    </section>
  );
}
