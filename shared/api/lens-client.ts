import type { z } from 'zod';
import { codedError } from '../coded-error';
import { serverError } from '../errors/server-error-messages';
import { LensError } from '../lens-error';
import { issueWords, schemaProblem } from './schema-message';
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
      const parsedInput = operation.input.safeParse(input ?? {}, { reportInput: true });
      if (!parsedInput.success) throw codedError('invalid_input', schemaProblem(name, parsedInput.error));
      const envelope = ApiEnvelope.safeParse(await transport(name, parsedInput.data));
      if (!envelope.success) throw codedError('internal', serverError('client_unexpected_format', { operation: name }));
      if (!envelope.data.ok) throw LensError.fromData(envelope.data.error);
      const output = operation.output.safeParse(envelope.data.value);
      if (!output.success) throw answerMismatch(name, output.error.issues[0]);
      return output.data;
    };
  }
  return client as unknown as LensClient;
}

/** The error of an answer that does not fit the operation's output schema, naming the first problem's field. */
function answerMismatch(name: OperationName, issue: z.ZodError['issues'][number] | undefined): LensError {
  return codedError(
    'internal',
    serverError('client_answer_schema', {
      operation: name,
      path: issue?.path.join('.') ?? '',
      issue: issue === undefined ? [serverError('invalid_part')] : issueWords(issue),
    }),
  );
}
