import { createContext, useCallback, useContext, useState, useSyncExternalStore, type ReactNode, type SetStateAction } from 'react';

/** What screens keep while another screen is shown: values by key, for one connection and this session only. */
class Memory {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<() => void>>();

  has(key: string): boolean {
    return this.values.has(key);
  }

  get(key: string): unknown {
    return this.values.get(key);
  }

  set(key: string, value: unknown): void {
    this.values.set(key, value);
    for (const listener of this.listeners.get(key) ?? []) listener();
  }

  subscribe(key: string, listener: () => void): () => void {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => set.delete(listener);
  }
}

const Context = createContext<Memory | null>(null);

/**
 * Holds the screens' kept values. Only the open screen is mounted, so a screen's own state would be
 * lost each time the user looks at another one. Each connection keeps its own: a comparison or a
 * filter of another graph means nothing here.
 */
export function KeptStateProvider({ connection, children }: { connection: string | null; children: ReactNode }) {
  const [byConnection] = useState(() => new Map<string | null, Memory>());
  let memory = byConnection.get(connection);
  if (memory === undefined) {
    memory = new Memory();
    byConnection.set(connection, memory);
  }
  return <Context.Provider value={memory}>{children}</Context.Provider>;
}

/**
 * `useState` whose value outlives the screen: it is read back when the screen is shown again, and a
 * value set after the screen was left (a comparison that finished while the user read Traces) is
 * what the screen shows on return. Outside a provider the value lives as long as the component.
 */
export function useKeptState<T>(key: string, initial: T): [T, (next: SetStateAction<T>) => void] {
  const shared = useContext(Context);
  const [own] = useState(() => new Memory());
  const memory = shared ?? own;
  if (!memory.has(key)) memory.set(key, initial);
  const subscribe = useCallback((listener: () => void) => memory.subscribe(key, listener), [memory, key]);
  const value = useSyncExternalStore(subscribe, () => memory.get(key) as T);
  const set = useCallback(
    (next: SetStateAction<T>) => {
      const current = memory.get(key) as T;
      memory.set(key, typeof next === 'function' ? (next as (previous: T) => T)(current) : next);
    },
    [memory, key],
  );
  return [value, set];
}
