import neo4j from 'neo4j-driver';
import { fixtureDriver } from './demo-graph';
import type { TestNeo4j } from './test-env';

/**
 * The ids of the server's transactions whose metadata carries `traceId` (the gateway tags every read
 * with its run's trace id and its stage), of stage `stage` only when one is given.
 */
export async function transactionsTagged(server: TestNeo4j, traceId: string, stage: string | null = null): Promise<string[]> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(
      'SHOW TRANSACTIONS YIELD transactionId, metaData WHERE metaData.trace_id = $traceId AND ($stage IS NULL OR metaData.stage = $stage) RETURN transactionId',
      { traceId, stage },
    );
    return result.records.map((record) => String(record.get('transactionId')));
  } finally {
    await session.close();
    await driver.close();
  }
}

/** Polls until no transaction tagged with the trace id is listed, or `withinMs` passed; returns what is still listed. */
export async function transactionsWithTrace(server: TestNeo4j, traceId: string, withinMs: number): Promise<string[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const listed = await transactionsTagged(server, traceId);
    if (listed.length === 0 || Date.now() > until) return listed;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Polls until a transaction of the trace id's read at `stage` is listed (it is running on the server), or `withinMs` passed. */
export async function untilRunningOnServer(server: TestNeo4j, traceId: string, stage: string, withinMs: number): Promise<string[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const listed = await transactionsTagged(server, traceId, stage);
    if (listed.length > 0 || Date.now() > until) return listed;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
