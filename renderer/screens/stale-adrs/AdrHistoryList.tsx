import { useTranslation } from 'react-i18next';
import type { AdrEntry, AdrHistory } from '../../../shared/adr-marks';
import { useLensClient } from '../../app/lens-client-context';
import { ErrorBox } from '../../app/error-box';
import { useOperation } from '../../app/use-operation';
import { formatRunTime } from '../../app/time-format';
import { adrName } from './adr-filter';

/** The mark history of one ADR (adr.history), read again whenever `version` changes (after a mark or an unmark). */
export function AdrHistoryList({ entry, adrs, version }: { entry: AdrEntry; adrs: readonly AdrEntry[]; version: number }) {
  const { t } = useTranslation('adrs');
  const client = useLensClient();
  const history = useOperation<AdrHistory>(() => client['adr.history']({ adr: entry.document_id }), [entry.document_id, version]);
  const nameOf = (documentId: string) => {
    const found = adrs.find((candidate) => candidate.document_id === documentId);
    return found ? adrName(found) : documentId;
  };
  return (
    <div className="adr-history" data-testid="adr-history">
      <p>
        <strong>{t('history_title', { adr: adrName(entry) })}</strong>
      </p>
      {history.error ? (
        <>
          <p>{t('history_failed')}</p>
          <ErrorBox error={history.error} onRetry={history.reload} />
        </>
      ) : history.loading || !history.value ? (
        <p className="muted">{t('history_loading')}</p>
      ) : history.value.entries.length === 0 ? (
        <p className="muted">{t('history_empty')}</p>
      ) : (
        <ol>
          {history.value.entries.map((item) => {
            const params = { at: formatRunTime(item.recorded_at), by: item.recorded_by, reason: item.reason };
            const key =
              item.action === 'unmark' ? 'history_unmark' : item.successor_document_id ? 'history_mark_successor' : 'history_mark';
            return (
              <li key={item.seq} data-testid="adr-history-entry" data-action={item.action} title={item.recorded_at}>
                {t(key, { ...params, successor: item.successor_document_id ? nameOf(item.successor_document_id) : '' })}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
