import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryCancelResult } from '../../../shared/api/lens-api';
import { useLensClient } from '../../app/lens-client-context';

/**
 * A trace id made in the browser, so a run can be named (to stop it) before it answers. Built from
 * getRandomValues, which every context has (randomUUID needs a secure one).
 */
export function newTraceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The Stop button of a running query: asks `query.cancel` for its trace id, and says so when there was nothing to stop. */
export function StopButton({ traceId, onError }: { traceId: string | null; onError: (error: unknown) => void }) {
  const { t } = useTranslation('workbench');
  const client = useLensClient();
  const [answer, setAnswer] = useState<{ traceId: string; status: QueryCancelResult['status'] | 'asked' } | null>(null);
  const shown = answer && answer.traceId === traceId ? answer.status : null;
  const stop = async () => {
    if (!traceId) return;
    setAnswer({ traceId, status: 'asked' });
    try {
      const result = await client['query.cancel']({ trace_id: traceId });
      setAnswer({ traceId, status: result.status });
    } catch (error: unknown) {
      onError(error);
    }
  };
  return (
    <div className="wb-stop">
      {traceId ? (
        <button
          type="button"
          className="danger"
          onClick={() => void stop()}
          title={t('stop_title')}
          disabled={shown !== null}
          data-testid="stop-run"
        >
          {t('stop')}
        </button>
      ) : null}
      {shown === 'asked' || shown === 'cancelled' ? <span className="muted">{t('stop_requested')}</span> : null}
      {shown === 'finished' ? <span className="muted">{t('stop_finished')}</span> : null}
      {shown === 'unknown' ? <span className="muted">{t('stop_unknown')}</span> : null}
    </div>
  );
}
