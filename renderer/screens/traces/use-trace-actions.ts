import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunSummary } from '../../../shared/trace-record';
import { storedRunView, useAppState } from '../../app/app-state';
import { focusOnNextScreen, RUN_RESULTS_TARGET, STORED_RUN_TARGET } from '../../app/focus-target';
import { useLensClient } from '../../app/lens-client-context';
import { downloadJson } from './download-json';
import { fileStamp } from '../../app/time-format';

/** What a row offers. */
export type TraceAction = 'open' | 'replay' | 'export' | 'delete';

/** A failed action: what was being done (a sentence) and the error itself. */
export interface ActionFailure {
  readonly what: string;
  readonly error: unknown;
}

/** Runs waiting for the user to confirm their deletion. */
export interface DeleteRequest {
  readonly traceIds: readonly string[];
  /** The run itself when a single one is deleted, to name it in the question. */
  readonly single: RunSummary | null;
}

/** The row actions and their progress, one at a time. */
export interface TraceActions {
  /** What is running now, as a sentence for the status line; null when idle. */
  readonly busy: string | null;
  /** The outcome of the last action that finished, as a sentence. */
  readonly done: string | null;
  readonly failure: ActionFailure | null;
  readonly deleteRequest: DeleteRequest | null;
  readonly open: (run: RunSummary) => void;
  readonly replay: (run: RunSummary) => void;
  /** Exports these runs, or the whole store when `traceIds` is undefined. */
  readonly exportRuns: (traceIds: readonly string[] | undefined) => void;
  readonly askDelete: (traceIds: readonly string[], single: RunSummary | null) => void;
  readonly confirmDelete: () => void;
  readonly cancelDelete: () => void;
  readonly dismiss: () => void;
}

/**
 * Open, replay, export and delete. `onChanged` runs after the store changed (a delete, a replay) so
 * the list reloads; `onDeleted` gets the ids that went, so a selection can forget them.
 */
export function useTraceActions({
  onChanged,
  onDeleted,
}: {
  onChanged: () => void;
  onDeleted: (traceIds: readonly string[]) => void;
}): TraceActions {
  const { t } = useTranslation('traces');
  const client = useLensClient();
  const { setRun, setScreen } = useAppState();
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [deleteRequest, setDeleteRequest] = useState<DeleteRequest | null>(null);

  /** Runs one action: shows it as busy, reports its result or its failure, never both. */
  const perform = useCallback(async (busyText: string, failedText: string, work: () => Promise<string | null>) => {
    setBusy(busyText);
    setDone(null);
    setFailure(null);
    try {
      setDone(await work());
    } catch (error) {
      setFailure({ what: failedText, error });
    } finally {
      setBusy(null);
    }
  }, []);

  const open = useCallback(
    (run: RunSummary) => {
      void perform(t('status_opening', { id: run.trace_id }), t('failed_open', { id: run.trace_id }), async () => {
        const record = await client['traces.get']({ trace_id: run.trace_id });
        setRun(storedRunView(record));
        focusOnNextScreen(STORED_RUN_TARGET);
        setScreen('workbench');
        return null;
      });
    },
    [client, perform, setRun, setScreen, t],
  );

  const replay = useCallback(
    (run: RunSummary) => {
      const busyText = t('status_replaying', { id: run.trace_id, query: run.query, principal: run.principal_id, mode: run.mode });
      void perform(busyText, t('failed_replay', { id: run.trace_id }), async () => {
        const result = await client['traces.replay']({ trace_id: run.trace_id });
        onChanged();
        // The new run's request is read back from the store, so the workbench shows what was recorded.
        const record = await client['traces.get']({ trace_id: result.response.trace_id });
        setRun({
          traceId: record.trace_id,
          request: record.request,
          principal: result.principal,
          response: result.response,
          replayOf: result.replay_of,
          fromHistory: false,
        });
        focusOnNextScreen(RUN_RESULTS_TARGET);
        setScreen('workbench');
        return null;
      });
    },
    [client, onChanged, perform, setRun, setScreen, t],
  );

  const exportRuns = useCallback(
    (traceIds: readonly string[] | undefined) => {
      void perform(t('status_exporting'), t('failed_export'), async () => {
        const bundle = await client['traces.export'](traceIds ? { trace_ids: [...traceIds] } : {});
        const only = traceIds?.length === 1 ? traceIds[0] : undefined;
        const file = only
          ? `provenance-lens-trace-${only}.json`
          : `provenance-lens-traces-${traceIds ? `${bundle.runs.length}-runs` : 'all'}-${fileStamp()}.json`;
        downloadJson(file, bundle);
        return t('status_exported', { count: bundle.runs.length, file });
      });
    },
    [client, perform, t],
  );

  const askDelete = useCallback((traceIds: readonly string[], single: RunSummary | null) => {
    if (traceIds.length > 0) setDeleteRequest({ traceIds, single });
  }, []);

  const confirmDelete = useCallback(() => {
    const request = deleteRequest;
    if (!request) return;
    setDeleteRequest(null);
    void perform(t('status_deleting'), t('failed_delete'), async () => {
      const { deleted, not_found } = await client['traces.delete']({ trace_ids: [...request.traceIds] });
      onDeleted(request.traceIds);
      onChanged();
      const count = deleted + not_found.length;
      return not_found.length === 0
        ? t('status_deleted', { count })
        : t('status_deleted_fewer', { deleted, count, missing: not_found.join(', ') });
    });
  }, [client, deleteRequest, onChanged, onDeleted, perform, t]);

  return {
    busy,
    done,
    failure,
    deleteRequest,
    open,
    replay,
    exportRuns,
    askDelete,
    confirmDelete,
    cancelDelete: useCallback(() => setDeleteRequest(null), []),
    dismiss: useCallback(() => {
      setDone(null);
      setFailure(null);
    }, []),
  };
}
