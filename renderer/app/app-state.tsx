import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ContextResponse } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import type { RunRecord } from '../../shared/trace-record';
import { KeptStateProvider } from './kept-state';
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
      },
      selectedItems,
      setSelectedItems,
      connection,
      setConnection,
    }),
    [screen, run, selectedItems, connection],
  );
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
