import { LensError } from '../lens-error';
import { schemaMessage } from './schema-message';
import { ApiEnvelope, LENS_API, OPERATION_NAMES, type OperationInput, type OperationName, type OperationOutput } from './lens-api';

/** Sends one operation through a door (IPC or HTTP) and returns the envelope it answered with. */
export type Transport = (operation: OperationName, input: unknown) => Promise<unknown>;

/** A typed method per operation. */
export type LensClient = { [K in OperationName]: (input: OperationInput<K>) => Promise<OperationOutput<K>> };

/**
 * The renderer's view of the API, built from the table over any transport: inputs and outputs are
 * validated here too, so a door that answers with the wrong shape is an error, not a quiet bug.
 */
export function createLensClient(transport: Transport): LensClient {
  const client = {} as Record<OperationName, (input: unknown) => Promise<unknown>>;
  for (const name of OPERATION_NAMES) {
    client[name] = async (input: unknown) => {
      const operation = LENS_API[name];
      const parsedInput = operation.input.safeParse(input ?? {});
      if (!parsedInput.success) throw new LensError('invalid_input', schemaMessage(name, parsedInput.error));
      const envelope = ApiEnvelope.safeParse(await transport(name, parsedInput.data));
      if (!envelope.success) throw new LensError('internal', `${name}: the app answered in an unexpected format.`);
      if (!envelope.data.ok) throw LensError.fromData(envelope.data.error);
      const output = operation.output.safeParse(envelope.data.value);
      if (!output.success)
        throw new LensError(
          'internal',
          `${name}: the answer did not match its schema (${output.error.issues[0]?.path.join('.')}: ${output.error.issues[0]?.message}).`,
        );
      return output.data;
    };
  }
  return client as unknown as LensClient;
}
