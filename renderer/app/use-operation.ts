import { useCallback, useEffect, useRef, useState } from 'react';
import { whenWindowReturns } from './window-return';

/** The state of one async call: its value, its error, and whether it is running. */
export interface OperationState<T> {
  readonly value: T | null;
  readonly error: unknown;
  readonly loading: boolean;
  readonly reload: () => void;
}

export interface OperationOptions {
  /**
   * Read again when the user comes back to the window (`whenWindowReturns`): for what the connected
   * graph holds, which a load outside this screen can change. The last value stays shown meanwhile.
   */
  readonly reloadOnReturn?: boolean;
}

/** Runs `load` on mount and whenever `deps` change, keeping only the latest answer. */
export function useOperation<T>(load: () => Promise<T>, deps: readonly unknown[], options: OperationOptions = {}): OperationState<T> {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    load().then(
      (result) => {
        if (mine !== generation.current) return;
        setValue(result);
        setLoading(false);
      },
      (failure: unknown) => {
        if (mine !== generation.current) return;
        setError(failure);
        setLoading(false);
      },
    );
  }, deps);
  useEffect(run, [run]);
  const { reloadOnReturn = false } = options;
  useEffect(() => (reloadOnReturn ? whenWindowReturns(run) : undefined), [run, reloadOnReturn]);
  return { value, error, loading, reload: run };
}
