import { afterAll, beforeAll } from 'vitest';

// These tests run under Node but are typed as renderer code, which has no Node types: the one Node
// global needed here is reached through globalThis.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

/**
 * Runs the file's tests in a zone nine hours east of UTC with no daylight saving (Asia/Seoul), so
 * local days and times differ from UTC ones and a UTC shortcut fails the test. Node reads TZ anew
 * whenever it is assigned.
 */
export function inSeoulTime(): void {
  const saved = env.TZ;
  beforeAll(() => {
    env.TZ = 'Asia/Seoul';
  });
  afterAll(() => {
    if (saved === undefined) delete env.TZ;
    else env.TZ = saved;
  });
}
