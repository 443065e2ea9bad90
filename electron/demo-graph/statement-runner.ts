import neo4j, { type Driver, type Record as Neo4jRecord } from 'neo4j-driver';

/** Runs one Cypher statement of a load and hands back its records. */
export interface StatementRunner {
  run(text: string, params?: Record<string, unknown>): Promise<{ readonly records: Neo4jRecord[] }>;
}

/**
 * Each statement in a write session of its own, the sessions chained by one bookmark manager so each
 * sees the writes before it. A driver session keeps every result it ran, parameters included, until
 * it closes: one session for a whole load held every batch it wrote (about 4 MB per batch of 500
 * vectors; past 8 GB of heap at 1,000,000 chunks). Write-capable: only for the local demo server.
 */
export function sessionPerStatement(driver: Driver): StatementRunner {
  const bookmarkManager = neo4j.bookmarkManager();
  return {
    async run(text, params = {}) {
      const session = driver.session({ defaultAccessMode: neo4j.session.WRITE, bookmarkManager });
      try {
        const result = await session.run(text, params);
        return { records: result.records };
      } finally {
        await session.close();
      }
    },
  };
}
