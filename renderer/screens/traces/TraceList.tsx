import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunSummary } from '../../../shared/trace-record';
import { useKeptState } from '../../app/kept-state';
import { useRowLabels } from './row-labels';
import { ariaSortOf, nextSort, SORTABLE_COLUMNS, type RunSort } from './run-sort';
import { TraceRow, type TraceRowHandlers } from './TraceRow';
import type { RunPages } from './use-run-pages';
import type { TraceAction } from './use-trace-actions';

/** Fixed row height: the virtualizer needs no measuring, so scrolling tens of thousands of rows stays cheap. */
const ROW_HEIGHT = 40;
/** Height of the sticky column header inside the scroll box (keep in step with traces.css). */
const HEADER_HEIGHT = 34;
/** Rows drawn beyond the visible ones, so fast scrolling does not show blank space. */
const OVERSCAN = 12;
/** Pages are fetched once the visible range has been still this long, so a dragged scrollbar does not fetch every page it passes… */
const FETCH_DELAY_MS = 60;
/** …but at least this often while scrolling goes on, so steady scrolling fills in rows as it goes. */
const FETCH_MAX_WAIT_MS = 250;

/** In order after the check box: the actions first, so they are in view however the grid is scrolled sideways. */
const COLUMNS = ['actions', 'time', 'principal', 'mode', 'outcome', 'query', 'items', 'withheld', 'elapsed', 'replay_of'] as const;

/** Where the list was left: the filter it showed (its key), how far it was scrolled and the row that had the focus. */
interface ListPlace {
  readonly key: string;
  readonly offset: number;
  readonly active: number;
}

interface TraceListProps {
  readonly pages: RunPages;
  readonly selection: ReadonlySet<string>;
  readonly busy: boolean;
  /** Changes when the filter does: the list goes back to the top. */
  readonly resetKey: string;
  readonly onAction: (action: TraceAction, run: RunSummary) => void;
  readonly onToggle: (run: RunSummary) => void;
  readonly onToggleLoaded: (select: boolean) => void;
  /** The list's order, changed from the column headers. */
  readonly sort: RunSort;
  readonly onSort: (sort: RunSort) => void;
}

/** The run history as a virtualised grid: rows are focusable, arrows move, Enter opens, Space selects, Delete deletes. */
export function TraceList({ pages, selection, busy, resetKey, onAction, onToggle, onToggleLoaded, sort, onSort }: TraceListProps) {
  const { t } = useTranslation('traces');
  const labels = useRowLabels();
  const scroller = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const [active, setActive] = useState(0);
  const total = pages.total ?? 0;

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  const { ensureRows } = pages;
  const lastFetch = useRef(0);
  useEffect(() => {
    if (last < 0) return;
    const fetchVisible = () => {
      lastFetch.current = performance.now();
      ensureRows(first, last);
    };
    if (performance.now() - lastFetch.current >= FETCH_MAX_WAIT_MS) {
      fetchVisible();
      return;
    }
    const timer = window.setTimeout(fetchVisible, FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [first, last, ensureRows]);

  // A new filter starts at the top (a list mounted afresh starts there anyway, or where it was left: below).
  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    setActive(0);
    pendingFocus.current = null;
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  // Where the list was is kept while a run opened from it is read elsewhere, and given back once its rows are counted again:
  // the screen is mounted afresh on return, which put the list back at its top, hundreds of rows from the run just read.
  const [place, setPlace] = useKeptState<ListPlace | null>('traces.place', null);
  const leftAt = useRef<ListPlace | null>(place);
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || pages.total === null) return;
    restored.current = true;
    const kept = leftAt.current;
    if (!kept || kept.key !== resetKey || !scroller.current) {
      leftAt.current = null;
      return;
    }
    scroller.current.scrollTop = kept.offset;
    setActive(kept.active);
  }, [pages.total, resetKey]);
  useEffect(() => () => setPlace(leftAt.current), [setPlace]);

  const activeIndex = Math.min(active, Math.max(0, total - 1));
  useEffect(() => {
    if (!restored.current) return;
    const offset = leftAt.current?.key === resetKey ? leftAt.current.offset : 0;
    leftAt.current = { key: resetKey, offset, active: activeIndex };
  }, [activeIndex, resetKey]);

  // Moving with the keyboard may scroll to a row that is not drawn yet; it takes the focus once it is.
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(index, total - 1));
      setActive(target);
      pendingFocus.current = target;
      virtualizer.scrollToIndex(target, { align: 'auto' });
    },
    [total, virtualizer],
  );

  // An action disables the rows' buttons while it runs, which drops the focus of the one pressed (and the delete dialog gives
  // the focus back to a disabled button): a keyboard user was left on the page's body, far from the list. Once it is done,
  // a focus that was lost goes to the active row (after a delete, the run now in the deleted one's place).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const focused = document.activeElement;
    if ((focused === null || focused === document.body) && total > 0) moveTo(activeIndex);
  }, [busy, total, activeIndex, moveTo]);

  const onRowKey = useCallback(
    (event: KeyboardEvent<HTMLDivElement>, index: number, run: RunSummary | undefined) => {
      // Keys typed on a row's own checkbox or buttons keep their usual meaning.
      if (event.target !== event.currentTarget) return;
      const pageRows = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
      const moves: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        PageDown: index + pageRows,
        PageUp: index - pageRows,
        Home: 0,
        End: total - 1,
      };
      const move = moves[event.key];
      if (move !== undefined) {
        event.preventDefault();
        moveTo(move);
      } else if (run && event.key === 'Enter' && !busy) {
        event.preventDefault();
        onAction('open', run);
      } else if (run && event.key === ' ') {
        event.preventDefault();
        onToggle(run);
      } else if (run && event.key === 'Delete' && !busy) {
        event.preventDefault();
        onAction('delete', run);
      }
    },
    [busy, moveTo, onAction, onToggle, total],
  );

  const handlers = useMemo<TraceRowHandlers>(
    () => ({ onAction, onToggle, onActivate: setActive, onRowKey }),
    [onAction, onToggle, onRowKey],
  );

  const loadedSelected = pages.rows.reduce((count, run) => count + (selection.has(run.trace_id) ? 1 : 0), 0);
  const allLoadedSelected = pages.rows.length > 0 && loadedSelected === pages.rows.length;
  const activeDrawn = items.some((item) => item.index === activeIndex);

  return (
    <div
      ref={scroller}
      className="traces-scroller"
      role="grid"
      aria-label={t('list_label', {
        column: t(`col_${sort.by}`),
        direction: t(sort.direction === 'asc' ? 'sort_ascending' : 'sort_descending'),
      })}
      aria-rowcount={total + 1}
      aria-multiselectable="true"
      aria-busy={pages.loaded < total}
      tabIndex={activeDrawn ? -1 : 0}
      onScroll={(event) => {
        if (restored.current) leftAt.current = { key: resetKey, offset: event.currentTarget.scrollTop, active: activeIndex };
      }}
      onFocus={(event) => {
        // The tab stop scrolled out of view: focusing the list brings it back.
        if (event.target === event.currentTarget && total > 0) moveTo(activeIndex);
      }}
      data-testid="traces-list"
    >
      <div className="traces-header" role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
        <span role="columnheader" className="trace-cell check">
          <input
            type="checkbox"
            checked={allLoadedSelected}
            ref={(box) => {
              if (box) box.indeterminate = loadedSelected > 0 && !allLoadedSelected;
            }}
            disabled={pages.rows.length === 0}
            aria-label={t('select_all_loaded')}
            title={t('select_all_loaded')}
            onChange={() => onToggleLoaded(!allLoadedSelected)}
            data-testid="traces-select-all"
          />
        </span>
        {COLUMNS.map((column) => {
          const by = SORTABLE_COLUMNS[column];
          const ariaSort = ariaSortOf(sort, by);
          return (
            <span
              key={column}
              role="columnheader"
              aria-sort={ariaSort}
              className={`trace-cell ${column === 'items' || column === 'elapsed' ? 'number' : column}`}
            >
              {by === undefined ? (
                t(`col_${column}`)
              ) : (
                <button
                  type="button"
                  className="trace-sort"
                  title={t('sort_by_title', { column: t(`col_${column}`) })}
                  onClick={() => onSort(nextSort(sort, by))}
                  data-testid={`traces-sort-${by}`}
                >
                  {t(`col_${column}`)}
                  <span className="trace-sort-mark" aria-hidden="true">
                    {ariaSort === 'ascending' ? '▲' : ariaSort === 'descending' ? '▼' : ''}
                  </span>
                </button>
              )}
            </span>
          );
        })}
      </div>
      <div className="traces-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const run = pages.rowAt(item.index);
          return (
            <TraceRow
              key={item.index}
              index={item.index}
              run={run}
              top={item.start - HEADER_HEIGHT}
              selected={run ? selection.has(run.trace_id) : false}
              active={item.index === activeIndex}
              busy={busy}
              labels={labels}
              handlers={handlers}
            />
          );
        })}
      </div>
    </div>
  );
}
