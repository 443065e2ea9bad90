// The CLI's door onto the API: a command calls an operation through the same dispatch as IPC and
// HTTP (same input limits, same schemas in and out), and gets its value or a LensError to report.
import type { OperationInput, OperationName, OperationOutput } from '../../shared/api/lens-api';
import { LensError } from '../../shared/lens-error';
import { dispatch } from '../api/api-dispatch';
import { createLensHandlers } from '../api/lens-handlers';
import { ServiceHub } from '../services/service-hub';
import { appVersion } from '../app-home';

/** Calls one operation with the services of `env`, closing them afterwards; a failure is thrown as the LensError it was. */
export async function callOperation<K extends OperationName>(name: K, input: OperationInput<K>, env: NodeJS.ProcessEnv = process.env): Promise<OperationOutput<K>> {
  const hub = new ServiceHub(env);
  try {
    const envelope = await dispatch(createLensHandlers(hub, 'cli', appVersion()), name, input);
    if (envelope.ok) return envelope.value as OperationOutput<K>;
    const { kind, message, hint, detail } = envelope.error;
    throw new LensError(kind, message, { ...(hint === undefined ? {} : { hint }), ...(detail === undefined ? {} : { detail }) });
  } finally {
    await hub.close();
  }
}
