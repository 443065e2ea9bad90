import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunFilter, RunSummary } from '../../../shared/trace-record';
import { useLensClient } from '../../app/lens-client-context';

/** Rows per `traces.list` call: a few screens' worth, so scrolling asks the store rarely. */
export const RUN_PAGE_SIZE = 200;

type PageFilter = Omit<RunFilter, 'limit' | 'offset'>;

interface PagesState {
  /** The filter these pages belong to (its JSON). */
  readonly key: string;
  /** The same without its order: a new order of the same runs keeps their count (and the list on show) while it loads. */
  readonly countKey: string;
  /** Bumped by every reload: answers to older generations are dropped. */
  readonly generation: number;
  /** Matching runs in the store, from the latest answer; null until the first page arrives. */
  readonly total: number | null;
  /** Pages by number. After a reload they may be from the previous generation until refetched. */
  readonly pages: ReadonlyMap<number, readonly RunSummary[]>;
  /** Pages fetched in this generation. */
  readonly fresh: ReadonlySet<number>;
  /** Pages whose fetch failed in this generation; they wait for `reload` rather than retrying on every scroll. */
  readonly failed: ReadonlySet<number>;
  readonly error: unknown;
}

/** The run list of one filter, fetched page by page as rows come into view. */
export interface RunPages {
  /** Matching runs; null while the first page is on its way. */
  readonly total: number | null;
  /** Rows held so far. */
  readonly loaded: number;
  /** The last failure, or null; never turned into an empty list. */
  readonly error: unknown;
  /** The row at `index` of the whole list, when its page has arrived. */
  readonly rowAt: (index: number) => RunSummary | undefined;
  /** Every row held so far, in list order. */
  readonly rows: readonly RunSummary[];
  /** Fetches the pages covering rows `first`..`last` that are not fresh yet. */
  readonly ensureRows: (first: number, last: number) => void;
  /** Fetches again (after a delete or replay, a failure, or to see newer runs), keeping the rows on show until the new ones arrive. */
  readonly reload: () => void;
}

/** The filter's key without its order. */
const countKeyOf = (key: string): string => {
  const { sort: _sort, direction: _direction, ...rest } = JSON.parse(key) as PageFilter;
  return JSON.stringify(rest);
};

const initialState = (key: string, generation: number, total: number | null = null): PagesState => ({
  key,
  countKey: countKeyOf(key),
  generation,
  total,
  pages: new Map(),
  fresh: new Set(),
  failed: new Set(),
  error: null,
});

/** Loads `traces.list` for `filter` in pages of RUN_PAGE_SIZE, newest first, as the list asks for rows. */
export function useRunPages(filter: PageFilter): RunPages {
  const client = useLensClient();
  const key = JSON.stringify(filter);
  const [state, setState] = useState<PagesState>(() => initialState(key, 0));
  const generation = useRef(0);
  const pending = useRef(new Set<number>());

  const fetchPage = useCallback(
    (page: number, forGeneration: number, pageFilter: PageFilter) => {
      if (pending.current.has(page)) return;
      pending.current.add(page);
      client['traces.list']({ ...pageFilter, limit: RUN_PAGE_SIZE, offset: page * RUN_PAGE_SIZE }).then(
        (answer) => {
          if (forGeneration !== generation.current) return;
          pending.current.delete(page);
          setState((current) => {
            const pages = new Map(current.pages).set(page, answer.runs);
            // Pages past the new end are gone (runs were deleted meanwhile).
            const lastPage = Math.max(0, Math.ceil(answer.total / RUN_PAGE_SIZE) - 1);
            for (const number of pages.keys()) if (number > lastPage) pages.delete(number);
            return {
              ...current,
              total: answer.total,
              pages,
              fresh: new Set(current.fresh).add(page),
              error: current.failed.size > 0 ? current.error : null,
            };
          });
        },
        (failure: unknown) => {
          if (forGeneration !== generation.current) return;
          pending.current.delete(page);
          setState((current) => ({ ...current, failed: new Set(current.failed).add(page), error: failure }));
        },
      );
    },
    [client],
  );

  /** The filter of this generation's pages: bounded by the instant it began, so runs recorded later do not shift the offsets. */
  const pageFilterRef = useRef<PageFilter>({});

  const start = useCallback(
    (keepRows: boolean) => {
      const next = ++generation.current;
      pending.current = new Set();
      const asked = JSON.parse(key) as PageFilter;
      const now = new Date().toISOString();
      const pageFilter = { ...asked, until: asked.until !== undefined && asked.until < now ? asked.until : now };
      pageFilterRef.current = pageFilter;
      setState((current) =>
        keepRows && current.key === key
          ? { ...current, generation: next, fresh: new Set(), failed: new Set(), error: null }
          : initialState(key, next, current.countKey === countKeyOf(key) ? current.total : null),
      );
      fetchPage(0, next, pageFilter);
    },
    [key, fetchPage],
  );

  useEffect(() => start(false), [start]);

  const { generation: stateGeneration, fresh, failed, total, pages } = state;
  const ensureRows = useCallback(
    (first: number, last: number) => {
      if (stateGeneration !== generation.current || total === null) return;
      const pageFilter = pageFilterRef.current;
      const lastRow = Math.min(last, total - 1);
      for (let page = Math.floor(Math.max(0, first) / RUN_PAGE_SIZE); page * RUN_PAGE_SIZE <= lastRow; page += 1) {
        if (!fresh.has(page) && !failed.has(page)) fetchPage(page, stateGeneration, pageFilter);
      }
    },
    [stateGeneration, fresh, failed, total, fetchPage],
  );

  const rows = useMemo(() => [...pages.keys()].sort((a, b) => a - b).flatMap((page) => pages.get(page) ?? []), [pages]);
  const rowAt = useCallback((index: number) => pages.get(Math.floor(index / RUN_PAGE_SIZE))?.[index % RUN_PAGE_SIZE], [pages]);

  const sameFilter = state.key === key;
  return {
    total: sameFilter || state.countKey === countKeyOf(key) ? total : null,
    loaded: sameFilter ? rows.length : 0,
    error: sameFilter ? state.error : null,
    rowAt: sameFilter ? rowAt : noRow,
    rows: sameFilter ? rows : NO_ROWS,
    ensureRows,
    reload: useCallback(() => start(true), [start]),
  };
}

const NO_ROWS: readonly RunSummary[] = [];
const noRow = (): RunSummary | undefined => undefined;
