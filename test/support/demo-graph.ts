import crypto from 'node:crypto';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll } from 'vitest';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { GraphGateway } from '../../electron/graph/read-gateway';
import { buildLoadPlan, loadDemo } from '../../electron/demo-graph/demo-loader';
import { loadedPlanHash, planHash, writeLoadPlan } from '../../electron/demo-graph/graph-writer';
import type { TestNeo4j } from './test-env';

/** A gateway onto the test server. */
export function testGateway(server: TestNeo4j): GraphGateway {
  return GraphGateway.open({ uri: server.uri, user: server.user, password: server.password, database: undefined, source: 'environment' });
}

/** A raw driver for fixtures (fingerprints, loading into NEO4J_TEST_URI); app code never gets one. */
export function fixtureDriver(server: TestNeo4j): Driver {
  return neo4j.driver(server.uri, neo4j.auth.basic(server.user, server.password), { logging: { level: 'error', logger: () => undefined } });
}

/** Writes a test fixture on the test server (never a user's graph). */
export async function writeFixture(server: TestNeo4j, cypher: string): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await driver.executeQuery(cypher);
  } finally {
    await driver.close();
  }
}

/**
 * Loads the markdown folder `folder` into the test server through the real loader (the hashing
 * embedder), replacing what it held; the principal the loader made for the folder's workspace.
 * A block that calls it loads the demo back after its tests (`ensureDemoGraph`).
 */
export async function loadFolderGraph(server: TestNeo4j, folder: string): Promise<string> {
  const plan = buildLoadPlan({ docsDir: folder });
  const driver = fixtureDriver(server);
  try {
    await writeLoadPlan(driver, plan, createHashingEmbedder(), () => undefined, folder);
  } finally {
    await driver.close();
  }
  return plan.readyPrincipals[0]?.principal_id ?? '';
}

/** Loads the demo unless the graph already holds exactly this plan; through the real loader on the local server. */
export async function ensureDemoGraph(server: TestNeo4j): Promise<void> {
  const plan = buildLoadPlan();
  const embedder = createHashingEmbedder();
  const driver = fixtureDriver(server);
  try {
    if ((await loadedPlanHash(driver)) === planHash(plan, embedder)) return;
    if (server.local) await loadDemo({ home: server.home, env: {} });
    else await writeLoadPlan(driver, plan, embedder, () => undefined);
  } finally {
    await driver.close();
  }
}

/**
 * For the calling block: before its tests, the demo graph loaded (as `ensureDemoGraph`) and then
 * `open(server)`; after them, what was opened closed. The getter answers inside the block's tests
 * and in its hooks registered after this call, which vitest runs after this one.
 */
export function useOnDemoGraph<T extends { close(): Promise<void> }>(server: TestNeo4j, open: (server: TestNeo4j) => T): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    await ensureDemoGraph(server);
    opened = open(server);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error('useOnDemoGraph: what it opens exists only while the block runs');
    return opened;
  };
}

/** A gateway onto the demo graph for the calling block (see `useOnDemoGraph`). */
export function useDemoGateway(server: TestNeo4j): () => GraphGateway {
  return useOnDemoGraph(server, testGateway);
}

/** A fixture driver onto the demo graph for the calling block (see `useOnDemoGraph`). */
export function useDemoDriver(server: TestNeo4j): () => Driver {
  return useOnDemoGraph(server, fixtureDriver);
}

/** Counts of nodes, relationships and labels plus a hash of every property value: equal fingerprints, unchanged graph. */
export interface GraphFingerprint {
  readonly nodes: number;
  readonly relationships: number;
  readonly labels: Record<string, number>;
  readonly propertyHash: string;
}

/** Fingerprints the whole graph (fine for the demo's size). */
export async function graphFingerprint(server: TestNeo4j): Promise<GraphFingerprint> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const hash = crypto.createHash('sha256');
    const labels: Record<string, number> = {};
    const nodes = await session.run('MATCH (n) RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props ORDER BY id');
    for (const record of nodes.records) {
      const nodeLabels = (record.get('labels') as string[]).slice().sort();
      for (const label of nodeLabels) labels[label] = (labels[label] ?? 0) + 1;
      hash.update(`${record.get('id')}|${nodeLabels.join(':')}|${stableJson(record.get('props'))}\n`);
    }
    const rels = await session.run(
      'MATCH (a)-[r]->(b) RETURN elementId(r) AS id, type(r) AS type, elementId(a) AS a, elementId(b) AS b, properties(r) AS props ORDER BY id',
    );
    for (const record of rels.records)
      hash.update(`${record.get('id')}|${record.get('type')}|${record.get('a')}|${record.get('b')}|${stableJson(record.get('props'))}\n`);
    return { nodes: nodes.records.length, relationships: rels.records.length, labels, propertyHash: hash.digest('hex') };
  } finally {
    await session.close();
    await driver.close();
  }
}

function stableJson(value: unknown): string {
  if (neo4j.isInt(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return value && typeof value === 'object' ? String(value) : JSON.stringify(value);
}
