import type { Driver, SessionConfig } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { sessionPerStatement } from '../../../electron/demo-graph/statement-runner';

/** A driver whose sessions record their config, what they ran, and whether they were closed; a statement containing FAIL fails. */
function fakeDriver() {
  const sessions: { config: SessionConfig | undefined; ran: string[]; closed: boolean }[] = [];
  const driver = {
    session(config?: SessionConfig) {
      const made = { config, ran: [] as string[], closed: false };
      sessions.push(made);
      return {
        run: async (text: string) => {
          made.ran.push(text);
          if (text.includes('FAIL')) throw new Error(`failed: ${text}`);
          return { records: [{ text }] };
        },
        close: async () => {
          made.closed = true;
        },
      };
    },
  } as unknown as Driver;
  return { driver, sessions };
}

describe('sessionPerStatement', () => {
  it('runs each statement in a write session of its own, closed after it, the sessions sharing one bookmark manager', async () => {
    const { driver, sessions } = fakeDriver();
    const statements = sessionPerStatement(driver);
    const first = await statements.run('CREATE (:A)');
    await statements.run('MATCH (a:A) RETURN a', { x: 1 });
    expect(first.records).toHaveLength(1);
    expect(sessions.map((s) => s.ran)).toEqual([['CREATE (:A)'], ['MATCH (a:A) RETURN a']]);
    expect(sessions.every((s) => s.closed)).toBe(true);
    expect(sessions.map((s) => s.config?.defaultAccessMode)).toEqual(['WRITE', 'WRITE']);
    expect(sessions[0]?.config?.bookmarkManager).toBeDefined();
    expect(sessions[1]?.config?.bookmarkManager).toBe(sessions[0]?.config?.bookmarkManager);
  });

  it('closes the session of a statement that fails, and passes the failure on', async () => {
    const { driver, sessions } = fakeDriver();
    await expect(sessionPerStatement(driver).run('FAIL here')).rejects.toThrow('failed: FAIL here');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.closed).toBe(true);
  });
});
