import { useState } from 'react';

/** One save of a Settings section: whether it runs, and its failure (shown until the next attempt). */
export interface SaveState {
  readonly busy: boolean;
  readonly error: unknown;
  /** Runs `save`; its answer goes to `done`, a failure to `error`. */
  run<T>(save: () => Promise<T>, done: (value: T) => void): void;
}

/** The busy flag and error of a section's save, so every section saves the same way. */
export function useSave(): SaveState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return {
    busy,
    error,
    run(save, done) {
      setBusy(true);
      setError(null);
      save().then(
        (value) => {
          setBusy(false);
          done(value);
        },
        (failure: unknown) => {
          setBusy(false);
          setError(failure);
        },
      );
    },
  };
}

/** What a save did, in words, read out as a status; nothing before the first save. */
export function SaveNote({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <span role="status" className="st-ok" data-testid={testId}>
      {text}
    </span>
  ) : null;
}
