import { useCallback, useEffect, useMemo, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunSummary } from '../../../shared/trace-record';
import { useAppState } from '../../app/app-state';
import { ErrorBox } from '../../app/error-box';
import { useKeptState } from '../../app/kept-state';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { ImportResultPanel } from './ImportResultPanel';
import { DEFAULT_RUN_SORT, type RunSort } from './run-sort';
import { EMPTY_FILTER_FORM, toRunFilter, type RunFilterForm } from './run-filter-form';
import { TraceList } from './TraceList';
import { TracesBody } from './TracesBody';
import { TracesFilters } from './TracesFilters';
import { TracesToolbar } from './TracesToolbar';
import { useDebouncedValue } from './use-debounced-value';
import { usePrincipalOptions } from './use-principal-options';
import { useRunPages } from './use-run-pages';
import { useTraceActions, type TraceAction } from './use-trace-actions';
import { useTraceImport } from './use-trace-import';
import './traces.css';

/** The checked runs, with the filter (its key) they were checked under. */
interface KeptSelection {
  readonly key: string;
  readonly ids: readonly string[];
}

/** Typing in the search box queries the store once the user pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** The traces screen: the run history from the trace store, searchable, with open, replay, export and delete. */
export function TracesScreen() {
  const { t } = useTranslation('traces');
  const { setScreen } = useAppState();
  // The filters stay while a run opened from here is read in the workbench.
  const [form, setForm] = useKeptState<RunFilterForm>('traces.filter', EMPTY_FILTER_FORM);
  const text = useDebouncedValue(form.text, SEARCH_DEBOUNCE_MS);
  const filter = useMemo(() => toRunFilter({ ...form, text }), [form, text]);
  const filterKey = JSON.stringify(filter);
  const filtered = Object.keys(filter).length > 0;
  // The order is kept like the filters, and a search or filter keeps it.
  const [sort, setSort] = useKeptState<RunSort>('traces.sort', DEFAULT_RUN_SORT);
  const sorted = useMemo(() => ({ ...filter, sort: sort.by, direction: sort.direction }), [filter, sort]);
  const pages = useRunPages(sorted);
  const principals = usePrincipalOptions(pages.rows, form.principalId);

  // A selection belongs to the filter it was made in (a new filter starts a new one), and is kept, with that filter, while
  // other screens are read: it was lost on every return. Sorting shows the same runs, so it keeps the selection.
  const [kept, setKept] = useKeptState<KeptSelection>('traces.selection', { key: filterKey, ids: [] });
  const selection = useMemo<ReadonlySet<string>>(() => new Set(kept.key === filterKey ? kept.ids : []), [kept, filterKey]);
  useEffect(() => setKept((current) => (current.key === filterKey ? current : { key: filterKey, ids: [] })), [filterKey, setKept]);
  const setSelection = useCallback(
    (next: SetStateAction<ReadonlySet<string>>) =>
      setKept((current) => {
        const before = new Set(current.key === filterKey ? current.ids : []);
        return { key: filterKey, ids: [...(typeof next === 'function' ? next(before) : next)] };
      }),
    [filterKey, setKept],
  );

  const forget = useCallback(
    (traceIds: readonly string[]) => {
      setSelection((current) => new Set([...current].filter((id) => !traceIds.includes(id))));
    },
    [setSelection],
  );
  const actions = useTraceActions({ onChanged: pages.reload, onDeleted: forget });
  const { open, replay, exportRuns, askDelete } = actions;
  const { importState, importFile, dismissImport } = useTraceImport(pages.reload);

  const onAction = useCallback(
    (action: TraceAction, run: RunSummary) => {
      if (action === 'open') open(run);
      else if (action === 'replay') replay(run);
      else if (action === 'export') exportRuns([run.trace_id]);
      else askDelete([run.trace_id], run);
    },
    [open, replay, exportRuns, askDelete],
  );
  const onToggle = useCallback(
    (run: RunSummary) => {
      setSelection((current) => {
        const next = new Set(current);
        if (!next.delete(run.trace_id)) next.add(run.trace_id);
        return next;
      });
    },
    [setSelection],
  );
  const { rows } = pages;
  const onToggleLoaded = useCallback(
    (select: boolean) => setSelection(select ? new Set(rows.map((run) => run.trace_id)) : new Set()),
    [rows, setSelection],
  );

  return (
    <section className="traces-screen" aria-labelledby="traces-title">
      <div className="panel traces-head">
        <h2 id="traces-title">{t('title')}</h2>
        <p className="muted traces-intro">{t('intro')}</p>
        <TracesFilters form={form} onChange={setForm} principals={principals} />
      </div>

      <TracesToolbar
        total={pages.total}
        failed={pages.error !== null}
        loaded={pages.loaded}
        filtered={filtered}
        selection={selection}
        busy={actions.busy !== null}
        onExportSelected={() => exportRuns([...selection])}
        onDeleteSelected={() =>
          askDelete([...selection], selection.size === 1 ? (rows.find((run) => selection.has(run.trace_id)) ?? null) : null)
        }
        onExportAll={() => exportRuns(undefined)}
        onClearSelection={() => setSelection(new Set())}
        onRefresh={pages.reload}
        onImport={importFile}
        importing={importState.state === 'busy'}
      />
      <ImportResultPanel importState={importState} onDismiss={dismissImport} />

      <div className="traces-status" role="status" aria-live="polite" data-testid="traces-status">
        {actions.busy ? <span className="traces-busy">{actions.busy}</span> : actions.done}
      </div>
      {actions.failure ? (
        <div className="traces-failure" data-testid="traces-action-error">
          <p className="traces-failure-what">
            <strong>{actions.failure.what}</strong>
            <button type="button" onClick={actions.dismiss}>
              {t('dismiss')}
            </button>
          </p>
          <ErrorBox error={actions.failure.error} />
        </div>
      ) : null}

      <TracesBody
        pages={pages}
        filtered={filtered}
        onClearFilters={() => setForm(EMPTY_FILTER_FORM)}
        onGoToWorkbench={() => setScreen('workbench')}
        list={
          <TraceList
            pages={pages}
            selection={selection}
            busy={actions.busy !== null}
            resetKey={JSON.stringify(sorted)}
            sort={sort}
            onSort={setSort}
            onAction={onAction}
            onToggle={onToggle}
            onToggleLoaded={onToggleLoaded}
          />
        }
      />

      {actions.deleteRequest ? (
        <ConfirmDeleteDialog request={actions.deleteRequest} onConfirm={actions.confirmDelete} onCancel={actions.cancelDelete} />
      ) : null}
    </section>
  );
}
