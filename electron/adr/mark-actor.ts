import os from 'node:os';
import { LensError } from '../../shared/lens-error';

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
    throw new LensError('environment', 'The OS user cannot be read, so it cannot be recorded who marked the ADR.', {
      hint: 'Set LENS_USER to your name, then try again.',
      cause: error,
    });
  }
  if (username === '') throw new LensError('environment', 'The OS user has no name to record.', { hint: 'Set LENS_USER to your name.' });
  return username;
}
