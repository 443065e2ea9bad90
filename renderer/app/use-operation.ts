import { useCallback, useEffect, useRef, useState } from 'react';

/** The state of one async call: its value, its error, and whether it is running. */
export interface OperationState<T> {
  readonly value: T | null;
  readonly error: unknown;
  readonly loading: boolean;
  readonly reload: () => void;
}

/** Runs `load` on mount and whenever `deps` change, keeping only the latest answer. */
export function useOperation<T>(load: () => Promise<T>, deps: readonly unknown[]): OperationState<T> {
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
  return { value, error, loading, reload: run };
}
