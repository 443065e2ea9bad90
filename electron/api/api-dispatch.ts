import type { z } from 'zod';
import { LENS_API, type ApiEnvelope, type LensApi, type OperationName, type OperationOutput } from '../../shared/api/lens-api';
import { schemaMessage } from '../../shared/api/schema-message';
import { isLensError, LensError } from '../../shared/lens-error';
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
  if (!isOperationName(name)) return { ok: false, error: { kind: 'not_found', message: `There is no operation "${name}".` } };
  const limited = inputLimitError(name, rawInput);
  if (limited) return { ok: false, error: limited.toData() };
  const parsed = LENS_API[name].input.safeParse(rawInput ?? {});
  if (!parsed.success) return { ok: false, error: { kind: 'invalid_input', message: schemaMessage(name, parsed.error) } };
  let value: unknown;
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    value = await handler(parsed.data);
  } catch (error) {
    const lens = isLensError(error) ? error : new LensError('internal', error instanceof Error ? error.message : String(error));
    return { ok: false, error: lens.toData() };
  }
  const output = LENS_API[name].output.safeParse(value);
  if (!output.success) {
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: `${name}: the answer did not match its schema (${schemaMessage('output', output.error)})`,
        hint: 'This is a bug in the app; please report it with the operation name.',
      },
    };
  }
  return { ok: true, value: output.data };
}
