import type { z } from 'zod';
import { LENS_API, type ApiEnvelope, type LensApi, type OperationName, type OperationOutput } from '../../shared/api/lens-api';
import { schemaProblem } from '../../shared/api/schema-message';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { isLensError, type LensError } from '../../shared/lens-error';
import { inputLimitError } from './input-limits';

/** What a handler receives: the input after the operation's schema parsed it (defaults filled). */
export type HandlerInput<K extends OperationName> = z.output<LensApi[K]['input']>;

/** The implementation of every operation, typed by the table. */
export type LensHandlers = { [K in OperationName]: (input: HandlerInput<K>) => Promise<OperationOutput<K>> };

/** True for a name in the API table (doors check this before anything else). */
export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(LENS_API, name);
}

/**
 * The one way every door calls a handler. The input must be plain JSON data within the doors'
 * limits (input-limits.ts) and is parsed with the operation's schema before the handler runs; the
 * handler's answer is parsed with the output schema before it leaves, so a door never hands out a
 * shape (or a field) the table does not name. Any failure comes back as an error envelope with a
 * kind and a sentence.
 */
export async function dispatch(handlers: LensHandlers, name: string, rawInput: unknown): Promise<ApiEnvelope> {
  if (!isOperationName(name)) return { ok: false, error: codedError('not_found', serverError('no_such_operation', { name })).toData() };
  const limited = inputLimitError(name, rawInput);
  if (limited) return { ok: false, error: limited.toData() };
  const parsed = LENS_API[name].input.safeParse(rawInput ?? {}, { reportInput: true });
  if (!parsed.success) return { ok: false, error: codedError('invalid_input', schemaProblem(name, parsed.error)).toData() };
  let value: unknown;
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    value = await handler(parsed.data);
  } catch (error) {
    return { ok: false, error: (isLensError(error) ? error : handlerFailure(name, error)).toData() };
  }
  const output = LENS_API[name].output.safeParse(value);
  if (!output.success) {
    const problem = serverError('answer_schema', { operation: name, problem: [schemaProblem('output', output.error)] });
    return { ok: false, error: codedError('internal', problem, { hint: serverError('answer_schema_hint') }).toData() };
  }
  return { ok: true, value: output.data };
}

/**
 * A handler's failure that is not a LensError: a bug. Its own words (a library's or the runtime's)
 * go into a coded sentence naming the operation, with a hint to report it, so the screen words the
 * sentence in its language around them.
 */
function handlerFailure(operation: OperationName, error: unknown): LensError {
  const detail = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return codedError('internal', serverError('handler_failed', { operation, detail }), { hint: serverError('handler_failed_hint') });
}
