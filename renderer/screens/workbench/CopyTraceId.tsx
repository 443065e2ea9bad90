import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../app/copy-text';

/**
 * Copies the run's whole trace id, for a bug report or `lens traces show`: a double-click on the id
 * in the run's line selects only one of its dash-separated parts. Says whether it was copied, and
 * when the browser refuses, shows the id to copy by hand.
 */
export function CopyTraceId({ traceId }: { traceId: string }) {
  const { t } = useTranslation('workbench');
  const [state, setState] = useState<{ trace: string; copied: boolean } | null>(null);
  const shown = state?.trace === traceId ? state : null;
  return (
    <>
      {' '}
      <button
        type="button"
        onClick={() => void copyText(traceId).then((copied) => setState({ trace: traceId, copied }))}
        aria-label={t('copy_trace_label', { trace: traceId })}
        data-testid="copy-trace-id"
      >
        {t('copy_trace')}
      </button>{' '}
      <span role="status" data-testid="copy-trace-state">
        {shown ? t(shown.copied ? 'trace_copied' : 'trace_copy_failed', { trace: traceId }) : null}
      </span>
    </>
  );
}
