import type { TestProject } from 'vitest/node';
import { startLocalServer, stopLocalServer } from '../../../electron/neo4j-server/local-server';
import { TEST_LENS_HOME, type TestNeo4j } from '../../support/test-env';
import { freePort } from '../../support/free-port';

/**
 * Starts one real Neo4j for the integration run (or uses NEO4J_TEST_URI), and stops it at the end.
 * A server left over by a crashed run is stopped first, so every run starts from a known state.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.NEO4J_TEST_URI;
  if (external) {
    const info: TestNeo4j = {
      uri: external,
      user: process.env.NEO4J_TEST_USER ?? 'neo4j',
      password: process.env.NEO4J_TEST_PASSWORD ?? '',
      version: 'external',
      local: false,
      home: TEST_LENS_HOME,
      startupMs: 0,
    };
    project.provide('neo4j', info);
    return async () => undefined;
  }
  await stopLocalServer({ home: TEST_LENS_HOME });
  const port = await freePort();
  const server = await startLocalServer({
    home: TEST_LENS_HOME,
    port,
    ...(process.env.NEO4J_TEST_VERSION ? { version: process.env.NEO4J_TEST_VERSION } : {}),
    progress: (event) => {
      if (event.phase === 'resolve' || event.fraction === 1) process.stderr.write(`[neo4j] ${event.message}\n`);
    },
  });
  process.stderr.write(
    `[neo4j] test server ${server.version} on ${server.boltUri}, started in ${(server.startupMs / 1000).toFixed(1)} s\n`,
  );
  project.provide('neo4j', {
    uri: server.boltUri,
    user: server.user,
    password: server.password,
    version: server.version,
    local: true,
    home: TEST_LENS_HOME,
    startupMs: server.startupMs,
  });
  return async () => {
    if (process.env.NEO4J_TEST_KEEP !== '1') await stopLocalServer({ home: TEST_LENS_HOME });
  };
}
