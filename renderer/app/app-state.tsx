import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ContextResponse } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import type { RunRecord } from '../../shared/trace-record';
import { KeptStateProvider } from './kept-state';
import { useLensClient } from './lens-client-context';
import { browserStorage, readStoredState, writeStoredState, type Screen } from './stored-state';

export type { Screen };

/** A run as the workbench shows it: fresh from a query, or opened from the trace store exactly as it was. */
export interface RunView {
  readonly traceId: string;
  readonly request: Record<string, unknown>;
  readonly principal: Principal;
  readonly response: ContextResponse;
  readonly replayOf: string | null;
  /** True when opened from Traces rather than just run. */
  readonly fromHistory: boolean;
  /** True when reopened from the trace store after a reload: the form keeps what was typed since, rather than the run's request. */
  readonly restored?: boolean;
}

/** A stored run as the workbench opens it: exactly as it was recorded (Traces, Evaluations). */
export function storedRunView(record: RunRecord): RunView {
  return {
    traceId: record.trace_id,
    request: record.request,
    principal: record.principal,
    response: record.response,
    replayOf: record.replay_of,
    fromHistory: true,
  };
}

interface AppState {
  readonly screen: Screen;
  readonly setScreen: (screen: Screen) => void;
  readonly run: RunView | null;
  readonly setRun: (run: RunView | null) => void;
  /** Items of the current run chosen for the provenance graph (indexes into its items). */
  readonly selectedItems: readonly number[];
  readonly setSelectedItems: (indexes: readonly number[]) => void;
  /** The identity of the graph in use (`connectionKey`), under which the screen and form are remembered; null when unknown. */
  readonly connection: string | null;
  readonly setConnection: (connection: string | null) => void;
}

const Context = createContext<AppState | null>(null);

/** Holds what the screens share: the current screen, the run on display and the items picked for the graph. */
export function AppStateProvider({ children, connection: initialConnection = null }: { children: ReactNode; connection?: string | null }) {
  const [connection, setConnection] = useState<string | null>(initialConnection);
  // The screen open when the app was last left, on this connection.
  const [screen, setScreenState] = useState<Screen>(() => readStoredState(browserStorage(), initialConnection).screen ?? 'connect');
  const [run, setRunState] = useState<RunView | null>(null);
  const [selectedItems, setSelectedItems] = useState<readonly number[]>([]);
  const value = useMemo<AppState>(
    () => ({
      screen,
      setScreen: (next) => {
        setScreenState(next);
        writeStoredState(browserStorage(), connection, { screen: next });
      },
      run,
      setRun: (next) => {
        setRunState(next);
        setSelectedItems(next && next.response.items.length > 0 ? [0] : []);
        // The run on display comes back after a reload, from the trace store (undefined drops the key).
        writeStoredState(browserStorage(), connection, { run: next?.traceId });
      },
      selectedItems,
      setSelectedItems,
      connection,
      setConnection,
    }),
    [screen, run, selectedItems, connection],
  );
  useRestoredRun(connection, run, value.setRun);
  return (
    <Context.Provider value={value}>
      <KeptStateProvider connection={connection}>{children}</KeptStateProvider>
    </Context.Provider>
  );
}

/** The shared app state; only inside AppStateProvider. */
export function useAppState(): AppState {
  const state = useContext(Context);
  if (!state) throw new Error('useAppState is used outside AppStateProvider');
  return state;
}

/**
 * After a reload, the run that was on display is opened again from the trace store, as it was
 * recorded (once per connection, and only while no other run is shown). A run deleted since is
 * forgotten; a store that cannot answer now leaves the id for the next start.
 */
function useRestoredRun(connection: string | null, run: RunView | null, setRun: (run: RunView | null) => void): void {
  const client = useLensClient();
  const tried = useRef<string | null>(null);
  // The run shown and the setter of this render, read when the store answers (a run shown by then wins).
  const current = useRef({ run, setRun });
  current.current = { run, setRun };
  useEffect(() => {
    if (connection === null || current.current.run !== null || tried.current === connection) return undefined;
    tried.current = connection;
    const traceId = readStoredState(browserStorage(), connection).run;
    if (!traceId) return undefined;
    let live = true;
    client['traces.get']({ trace_id: traceId }).then(
      (record) => {
        if (live && current.current.run === null) current.current.setRun({ ...storedRunView(record), restored: true });
      },
      (error: unknown) => {
        if ((error as { kind?: string }).kind === 'not_found') writeStoredState(browserStorage(), connection, { run: undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [client, connection]);
}
