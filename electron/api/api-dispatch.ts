import type { z } from 'zod';
import { LENS_API, type ApiEnvelope, type LensApi, type OperationName, type OperationOutput } from '../../shared/api/lens-api';
import { isLensError, LensError } from '../../shared/lens-error';

/** What a handler receives: the input after the operation's schema parsed it (defaults filled). */
export type HandlerInput<K extends OperationName> = z.output<LensApi[K]['input']>;

/** The implementation of every operation, typed by the table. */
export type LensHandlers = { [K in OperationName]: (input: HandlerInput<K>) => Promise<OperationOutput<K>> };

/** True for a name in the API table (doors check this before anything else). */
export function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(LENS_API, name);
}

/**
 * The one way every door calls a handler: the input is parsed with the operation's schema first, and
 * any failure comes back as an error envelope with a kind and a sentence.
 */
export async function dispatch(handlers: LensHandlers, name: string, rawInput: unknown): Promise<ApiEnvelope> {
  if (!isOperationName(name)) return { ok: false, error: { kind: 'not_found', message: `There is no operation "${name}".` } };
  const parsed = LENS_API[name].input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: { kind: 'invalid_input', message: `${name}: ${issue?.path.join('.') || 'input'} ${issue?.message ?? 'is invalid'}.` } };
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    const lens = isLensError(error) ? error : new LensError('internal', error instanceof Error ? error.message : String(error));
    return { ok: false, error: lens.toData() };
  }
}
