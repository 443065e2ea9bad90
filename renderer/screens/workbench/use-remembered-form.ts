import { useCallback, useEffect, useState } from 'react';
import type { Principal } from '../../../shared/principal';
import { useAppState } from '../../app/app-state';
import { useLensClient } from '../../app/lens-client-context';
import { browserStorage, connectionKey, readStoredState, writeStoredState } from '../../app/stored-state';
import type { OperationState } from '../../app/use-operation';
import { principalAfterRestore, requestToForm, settlePrincipal, storedForm, type RequestForm } from './request-form';

/** The form a connection remembers (its defaults when none). */
const rememberedForm = (connection: string | null): RequestForm => storedForm(readStoredState(browserStorage(), connection).form);

/**
 * The workbench form, kept per connection across reloads: it starts from the run on display (a
 * stored run opened from Traces brings its request), else from what this graph remembers; a
 * remembered principal that no longer exists stays, shown unset with a note until another is chosen
 * (never swapped for someone else); none remembered, the first one is picked.
 */
export function useRememberedForm(principals: OperationState<Principal[]>) {
  const client = useLensClient();
  const { run, connection, setConnection } = useAppState();
  // A run reopened after a reload is not what the form held: the form this graph remembers is.
  const [form, setForm] = useState<RequestForm>(() =>
    run && !run.restored ? requestToForm(run.request, run.principal.principal_id) : rememberedForm(connection),
  );
  const [formFor, setFormFor] = useState<string | null>(run?.traceId ?? null);

  // A stored run opened from Traces brings its request; one reopened after a reload leaves the form as it was kept.
  if (run && run.fromHistory && !run.restored && run.traceId !== formFor) {
    setFormFor(run.traceId);
    setForm(requestToForm(run.request, run.principal.principal_id));
  }

  // The connection may have changed on the Connect screen since the app started: use its state.
  useEffect(() => {
    let live = true;
    client['connections.get']({}).then(
      (state) => {
        if (!live || !state.active.uri) return;
        const key = connectionKey(state.active.uri, state.active.database);
        if (key === connection) return;
        setConnection(key);
        if (!run || run.restored) setForm(rememberedForm(key));
      },
      // Without the connection state, the state stays under the connection known at start.
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Once per visit of the screen: a connection is switched on another screen.
  }, [client]);

  useEffect(() => writeStoredState(browserStorage(), connection, { form: { ...form } }), [form, connection]);

  const list = principals.value;
  useEffect(() => {
    if (!list) return;
    const ids = [...list.map((entry) => entry.principal_id), ...(run ? [run.principal.principal_id] : [])];
    // Checked when the list arrives, against the form of that moment; the update applies only if the
    // form still holds that principal, so a pick made before this effect ran is never replaced.
    const seen = form.principalId;
    const next = principalAfterRestore(seen, ids);
    if (next !== seen) setForm((current) => settlePrincipal(current, seen, next));
  }, [list, run]);

  const patch = useCallback((change: Partial<RequestForm>) => setForm((current) => ({ ...current, ...change })), []);
  return { form, patch, markRan: setFormFor };
}
