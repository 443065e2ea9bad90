import { useTranslation } from 'react-i18next';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';
import type { RunView } from '../../app/app-state';
import { formatRunTime } from '../../app/time-format';

/**
 * Says that the run on display is a stored one, opened from Traces (or reopened after the page was
 * reloaded), with its trace id and time (as Traces shows it).
 */
export function HistoryNote({ run }: { run: RunView }) {
  const { t } = useTranslation('workbench');
  const client = useLensClient();
  // The run view carries no timestamp; the stored record has it.
  const record = useOperation(() => client['traces.get']({ trace_id: run.traceId }), [client, run.traceId]);
  const when = record.value ? formatRunTime(record.value.created_at) : record.error ? t('history_time_unknown') : t('history_time_loading');
  return (
    <div className="wb-history" role="note" data-testid="history-note">
      <strong>{t('history_title')}</strong>{' '}
      <span>{t(run.restored ? 'history_body_restored' : 'history_body', { trace: run.traceId, when })}</span>
      {run.replayOf ? <span> {t('replay_of', { trace: run.replayOf })}</span> : null}
      {record.value ? <span className="muted"> {t('history_graph', { uri: record.value.graph_uri })}</span> : null}
    </div>
  );
}
