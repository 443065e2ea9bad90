// A stand-in for neo4j-driver's Driver that records what the read gateway asks of it and answers
// from a script: enough to test the gateway's own decisions (sessions, metadata, caps, deadlines,
// termination, error wording) in the unit project. What a real server does is tested against a
// real server in test/integration/gateway-*.test.ts.
import type { Driver } from 'neo4j-driver';
import type { ConnectionSettings } from '../../electron/graph/connection-settings';

/** The settings a gateway over a scripted driver is given: a local server's, never dialled. */
export const SCRIPTED_SETTINGS: ConnectionSettings = {
  uri: 'bolt://127.0.0.1:7687',
  user: 'neo4j',
  password: 'x',
  database: 'neo4j',
  source: 'environment',
};

/** One query the gateway ran, with the session it ran in. */
export interface ScriptedCall {
  readonly text: string;
  readonly params: Record<string, unknown>;
  readonly config: { readonly timeout?: number; readonly metadata?: Record<string, unknown> };
  readonly session: Record<string, unknown>;
}

/** How the script answers a query: rows, a summary, a failure, or no answer at all. */
export interface ScriptedAnswer {
  readonly rows?: readonly Record<string, unknown>[];
  readonly summary?: Record<string, unknown>;
  readonly error?: Error;
  /** True for a server that never answers. */
  readonly hang?: boolean;
}

/** What the scripted driver saw. */
export interface ScriptedDriver {
  readonly driver: Driver;
  readonly calls: ScriptedCall[];
  readonly sessionsClosed: () => number;
  readonly driverClosed: () => boolean;
  readonly serverInfoCalls: unknown[];
  /** How many rows the gateway pulled from the last result. */
  readonly rowsPulled: () => number;
}

/** A neo4j Record: its keys and `get`. */
function recordOf(row: Record<string, unknown>) {
  return { keys: Object.keys(row), get: (key: string) => row[key] };
}

/** A result that is thenable (as `session.run`'s is), async-iterable and has `summary()`. */
function resultOf(answer: ScriptedAnswer, pulled: { count: number }) {
  const never = new Promise<never>(() => undefined);
  const settle = async () => {
    if (answer.hang) return never;
    if (answer.error) throw answer.error;
    return undefined;
  };
  const summary = async () => {
    await settle();
    return answer.summary ?? {};
  };
  return {
    then<T>(onDone: (value: { records: unknown[]; summary: unknown }) => T, onFail: (error: unknown) => T) {
      return (async () => {
        await settle();
        return { records: (answer.rows ?? []).map(recordOf), summary: await summary() };
      })().then(onDone, onFail);
    },
    async *[Symbol.asyncIterator]() {
      await settle();
      for (const row of answer.rows ?? []) {
        pulled.count += 1;
        yield recordOf(row);
      }
    },
    summary,
  };
}

/** A driver whose every query is answered by `answerFor(text)`. */
export function scriptedDriver(answerFor: (text: string) => ScriptedAnswer): ScriptedDriver {
  const calls: ScriptedCall[] = [];
  const serverInfoCalls: unknown[] = [];
  const pulled = { count: 0 };
  let closedSessions = 0;
  let closed = false;
  const driver = {
    session(sessionConfig: Record<string, unknown>) {
      return {
        run(text: string, params: Record<string, unknown>, config: ScriptedCall['config']) {
          calls.push({ text, params, config, session: sessionConfig });
          pulled.count = 0;
          return resultOf(answerFor(text), pulled);
        },
        async close() {
          closedSessions += 1;
        },
      };
    },
    async getServerInfo(config: unknown) {
      serverInfoCalls.push(config);
      return { agent: 'Neo4j/5.26.0', protocolVersion: 5.4 };
    },
    async close() {
      closed = true;
    },
  };
  return {
    driver: driver as unknown as Driver,
    calls,
    sessionsClosed: () => closedSessions,
    driverClosed: () => closed,
    serverInfoCalls,
    rowsPulled: () => pulled.count,
  };
}
