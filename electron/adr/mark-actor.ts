import os from 'node:os';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { unwantedCharacter, unwantedMessage } from '../../shared/visible-text';

/**
 * Who records a stale mark or unmark: LENS_USER when set (a shared machine, a CI job acting for
 * someone), else the OS user. Never guessed: without either, marking is refused.
 */
export function markActor(env: NodeJS.ProcessEnv): string {
  const named = env.LENS_USER?.trim();
  // The name is kept with every mark and shown in each run's freshness: a control or reordering character in it is refused, as in a reason.
  const unwanted = named ? unwantedCharacter(named, 'one_line') : null;
  if (unwanted !== null)
    throw codedError('invalid_input', retrievalError('lens_user_unwanted', { problem: [unwantedMessage(unwanted)] }), {
      hint: retrievalError('lens_user_unwanted_hint'),
    });
  if (named) return named;
  let username: string;
  try {
    username = os.userInfo().username.trim();
  } catch (error) {
    throw codedError('environment', retrievalError('os_user_unreadable'), {
      hint: retrievalError('os_user_unreadable_hint'),
      cause: error,
    });
  }
  if (username === '')
    throw codedError('environment', retrievalError('os_user_nameless'), { hint: retrievalError('os_user_nameless_hint') });
  return username;
}
