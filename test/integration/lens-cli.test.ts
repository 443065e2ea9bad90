import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDemoGraph } from '../support/demo-graph';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');
const demoEnv = { LENS_HOME: server.home };

describe.skipIf(!server.local)('lens against the local demo server (skipped with NEO4J_TEST_URI: it drives the local server)', () => {
  beforeAll(async () => {
    await ensureDemoGraph(server);
  });

  it('neo4j start reuses the running server instead of starting a second one', async () => {
    const port = new URL(server.uri).port;
    const run = await runLens(['neo4j', 'start', '--port', port, '--neo4j-version', server.version, '--json'], demoEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ reused: true, bolt_uri: server.uri });
  });

  it('neo4j status says what runs where', async () => {
    const run = await runLens(['neo4j', 'status', '--json'], demoEnv);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      running: true,
      answering: true,
      state: { bolt_uri: server.uri, neo4j_version: server.version },
    });
  });

  it('connect --json prints the report of the demo graph', async () => {
    const run = await runLens(['connect', '--json'], demoEnv);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      source: 'demo',
      uri: server.uri,
      server: { edition: 'community' },
      read_only: { session_access_mode: 'READ' },
    });
    expect(report.schema.node_count).toBeGreaterThan(100);
  });

  it('guard check refuses a delete-everything query with exit code 3', async () => {
    const run = await runLens(['guard', 'check', 'MATCH (n) DETACH DELETE n'], demoEnv);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^refused: DETACH DELETE writes to the graph/);
  });

  it('guard check allows a read with exit code 0', async () => {
    const run = await runLens(['guard', 'check', 'MATCH (d:Document) RETURN d.title LIMIT 5'], demoEnv);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('allowed');
  });

  it('guard check --json reports the query type the server planned', async () => {
    const run = await runLens(['guard', 'check', 'MATCH (d:Document) RETURN d.title LIMIT 5', '--json'], demoEnv);
    expect(JSON.parse(run.stdout)).toEqual({ allowed: true, queryType: 'r' });
  });

  it('demo load refuses a NEO4J_URI that is not the local demo server', async () => {
    const run = await runLens(['demo', 'load'], { ...demoEnv, NEO4J_URI: 'bolt://db.example.com:7687', NEO4J_PASSWORD: 'x' });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/writes only to the local demo server/);
  });

  it('connect uses NEO4J_URI and its credentials when they are set', async () => {
    const run = await runLens(['connect', '--json'], {
      LENS_HOME: '/nonexistent-lens-home',
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ source: 'environment', uri: server.uri });
  });
});
