import { useEffect, useMemo, useState } from 'react';
import type { RunSummary } from '../../../shared/trace-record';
import { useLensClient } from '../../app/lens-client-context';

/** The principal ids the filter offers, and why the graph's list is missing when it is. */
export interface PrincipalOptions {
  readonly ids: readonly string[];
  /** Set when `principals.list` failed (the graph is offline, say); history still works without it. */
  readonly listError: unknown;
}

/**
 * Known principals (`principals.list`, which needs the graph) together with every principal seen in
 * the loaded history and the current choice, so the filter works offline and keeps past principals.
 */
export function usePrincipalOptions(rows: readonly RunSummary[], current: string): PrincipalOptions {
  const client = useLensClient();
  const [known, setKnown] = useState<readonly string[]>([]);
  const [listError, setListError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    client['principals.list']({}).then(
      ({ principals }) => {
        if (live) setKnown(principals.map((principal) => principal.principal_id));
      },
      (failure: unknown) => {
        if (live) setListError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [client]);

  const ids = useMemo(() => {
    const all = new Set<string>(known);
    for (const row of rows) all.add(row.principal_id);
    if (current !== '') all.add(current);
    return [...all].sort((a, b) => a.localeCompare(b));
  }, [known, rows, current]);

  return { ids, listError };
}
