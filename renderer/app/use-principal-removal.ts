import { useCallback, useState } from 'react';
import { useLensClient } from './lens-client-context';

/** Removing a local principal copy: which one is being removed, the last failure, and the action. */
export interface PrincipalRemoval {
  readonly removing: string | null;
  readonly error: unknown;
  readonly remove: (principalId: string) => void;
}

/**
 * Removes a principal from the local list through `principals.remove`, then calls `onRemoved`
 * (which reloads the list, so the graph's principal of that id shows again).
 */
export function usePrincipalRemoval(onRemoved: () => void): PrincipalRemoval {
  const client = useLensClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const remove = useCallback(
    (principalId: string) => {
      setRemoving(principalId);
      setError(null);
      client['principals.remove']({ principal_id: principalId }).then(
        () => {
          setRemoving(null);
          onRemoved();
        },
        (failure: unknown) => {
          setRemoving(null);
          setError(failure);
        },
      );
    },
    [client, onRemoved],
  );
  return { removing, error, remove };
}
