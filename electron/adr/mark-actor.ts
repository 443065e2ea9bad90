import os from 'node:os';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';

/**
 * Who records a stale mark or unmark: LENS_USER when set (a shared machine, a CI job acting for
 * someone), else the OS user. Never guessed: without either, marking is refused.
 */
export function markActor(env: NodeJS.ProcessEnv): string {
  const named = env.LENS_USER?.trim();
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
