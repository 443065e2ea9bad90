import neo4j from 'neo4j-driver';

/** True when a Bolt server at `uri` accepts these credentials within `timeoutMs`. */
export async function boltAnswers(uri: string, user: string, password: string, timeoutMs = 3_000): Promise<boolean> {
  const driver = neo4j.driver(uri, neo4j.auth.basic(user, password), {
    connectionTimeout: timeoutMs,
    connectionAcquisitionTimeout: timeoutMs,
    maxConnectionPoolSize: 1,
    logging: { level: 'error', logger: () => undefined },
  });
  try {
    await driver.getServerInfo();
    return true;
  } catch {
    // Not answering (yet) is the expected state while a server starts; callers poll.
    return false;
  } finally {
    await driver.close();
  }
}
