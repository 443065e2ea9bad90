import neo4j from 'neo4j-driver';
import { describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { defineQuery } from '../../electron/graph/built-in-query';
import { graphCapabilities } from '../../electron/retrieval/graph-capabilities';
import { Deadline } from '../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const QUERY = 'payments database failover';

/** The queries a run made, each by its own name: a read the run's state rode in (riding-read.ts) counts as the carrier's. */
const queryNames = (result: PipelineResult) => result.run.queries.map((q) => q.name.replace(/\+principal-and-graph-marker$/, ''));
const rawNames = (result: PipelineResult) => result.run.queries.map((q) => q.name);
const stage = (result: PipelineResult, name: string) => result.response.stages.find((s) => s.name === name);
const accessDenied = (result: PipelineResult) =>
  result.response.denied.filter((d) => d.kind === 'access' && d.reason === 'not_visible_to_principal');

/** Moves the demo graph's load marker (as a reload would), and puts it back afterwards; a fixture write, never the app's. */
async function withMovedLoadMarker(work: () => Promise<void>): Promise<void> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
  try {
    const before = await session.run('MATCH (m:LensLoadInfo) WITH m, m.loaded_at AS was SET m.loaded_at = datetime() RETURN was');
    try {
      await work();
    } finally {
      await session.run('MATCH (m:LensLoadInfo) SET m.loaded_at = $was', { was: before.records[0]?.get('was') ?? null });
    }
  } finally {
    await session.close();
    await driver.close();
  }
}

describe('the vector planner on the connected graph', () => {
  const deps = useDemoRetrievalDeps(server);
  const principals = buildLoadPlan().principals.map((p) => p.principal_id);

  it('counts the whole graph once per principal and graph state, then serves the same counts from the connection without a count query', async () => {
    for (const principal of principals) {
      const first = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
      const second = await ask(deps(), { query: 'event bus consumer lag', principal, mode: 'vector' });
      expect(queryNames(second)).not.toContain('access-scope-counts');
      expect(queryNames(second)).not.toContain('vector-count-and-exact-scan');
      expect(stage(second, 'access_scope')?.strategy).toBe('cached_counts');
      expect(accessDenied(second)).toEqual(accessDenied(first));
      expect(accessDenied(second)[0]?.count).toBeGreaterThan(0);
    }
  }, 120_000);

  it('counts again when the graph has been loaded since (its load marker moved)', async () => {
    const principal = principals[0] as string;
    const warm = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
    expect(queryNames(warm)).not.toContain('access-scope-counts');
    await withMovedLoadMarker(async () => {
      const after = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
      expect(queryNames(after)).toContain('access-scope-counts');
      expect(stage(after, 'access_scope')?.strategy).toBe('count_distinct_chunks');
      expect(accessDenied(after)).toEqual(accessDenied(warm));
    });
  }, 60_000);

  it('keeps the counts of one set of filters apart from another: a new filter is counted, a repeated one served', async () => {
    const principal = principals[0] as string;
    await ask(deps(), { query: QUERY, principal, mode: 'vector' });
    const runbooks = { document_types: ['runbook'] };
    const first = await ask(deps(), { query: QUERY, principal, mode: 'vector', filters: runbooks });
    expect(queryNames(first)).toContain('access-scope-counts');
    const again = await ask(deps(), { query: 'event bus consumer lag', principal, mode: 'vector', filters: runbooks });
    expect(queryNames(again)).not.toContain('access-scope-counts');
    const filterCount = (result: PipelineResult) =>
      result.response.denied.find((d) => d.kind === 'filter' && d.reason === 'document_types');
    expect(filterCount(again)).toEqual(filterCount(first));
    expect(filterCount(first)?.count).toBeGreaterThan(0);
    const other = await ask(deps(), { query: QUERY, principal, mode: 'vector', filters: { document_types: ['adr'] } });
    expect(queryNames(other)).toContain('access-scope-counts');
  }, 60_000);

  it("reads the vector index's quantization as the server declares it (a type on 2026.08's index provider, NONE for the demo's lexical vectors; none on 5.26)", async () => {
    const shown = await deps().gateway.read(
      defineQuery('test-vector-index-config', 'SHOW VECTOR INDEXES YIELD name, options WHERE name = $name RETURN options'),
      { name: DEFAULT_SCHEMA_PROFILE.indexes.chunkVector },
      { deadline: Deadline.after(30_000), stage: 'test' },
    );
    const config = (shown.rows[0]?.options as { indexConfig?: Record<string, unknown> } | undefined)?.indexConfig ?? {};
    const capabilities = await graphCapabilities(deps().gateway, DEFAULT_SCHEMA_PROFILE, Deadline.after(30_000));
    expect(capabilities.vectorIndex?.quantization).toBe(config['vector.quantization.type'] ?? null);
  });

  it('scans exactly over the allowed chunks enumerated through the full-text ACL terms, and records why it chose so', async () => {
    const capabilities = await graphCapabilities(deps().gateway, DEFAULT_SCHEMA_PROFILE, Deadline.after(30_000));
    // Over a binary-quantized index (Neo4j 2026.08's default) the demo's hashing vectors are scanned exactly whatever it costs.
    const why =
      capabilities.vectorIndex?.quantization === 'BINARY'
        ? /exact, whatever it costs: the vector index is binary-quantized/
        : /estimated exact [\d.]+ ms against ANN [\d.]+ ms \((costs calibrated on this connection|default costs)/;
    for (const principal of principals) {
      const result = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
      const vector = stage(result, 'vector');
      expect(vector?.strategy).toBe('exact_scan');
      expect(queryNames(result)).toContain('vector-exact-over-acl-terms');
      expect(vector?.note).toMatch(/enumerated through the full-text index's ACL terms/);
      expect(vector?.note).toMatch(why);
      const allowed = Number(/^(\d+) of (\d+) chunks allowed/.exec(vector?.note ?? '')?.[1]);
      expect(vector?.candidates_in).toBe(allowed);
    }
  }, 120_000);

  it("starts the vector query without waiting for the graph's state when the counts are cached, and hands over nothing before that state confirms them", async () => {
    const principal = principals[0] as string;
    const cold = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
    // The read that carries the graph's state (the cached principal's re-read, with the load marker in
    // the same round trip) and any access_scope read are held until the vector query has been sent; a
    // planner that waited for the marker first would never send it, and the hold gives up.
    let vectorSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (vectorSent = resolve));
    const order: string[] = [];
    const hold = async (stageName: string) => {
      order.push(stageName);
      if (stageName === 'vector') vectorSent();
      if (stageName === 'access_scope' || stageName === 'principal')
        await Promise.race([
          sent,
          new Promise((_, reject) => setTimeout(() => reject(new Error('the vector query waited for the load marker')), 5_000)),
        ]);
    };
    const warm = await ask(deps(), { query: QUERY, principal, mode: 'vector' }, { holdAtRead: hold });
    expect(warm.response.outcome).toBe(cold.response.outcome);
    expect(order).toContain('vector');
    // The principal and the graph's state ride in the vector query's round trip: one read in all, none for the marker alone.
    expect(rawNames(warm)).toEqual(['vector-exact-over-acl-terms+principal-and-graph-marker']);
    expect(stage(warm, 'access_scope')?.strategy).toBe('cached_counts');
    expect(warm.response.items.map((i) => i.chunk_ids)).toEqual(cold.response.items.map((i) => i.chunk_ids));
    expect(accessDenied(warm)).toEqual(accessDenied(cold));
  }, 60_000);

  it('redoes a run planned on cached counts when the graph moved on meanwhile: the redo counts now and hands over what a counted run does', async () => {
    const principal = principals[0] as string;
    await ask(deps(), { query: QUERY, principal, mode: 'vector' });
    await withMovedLoadMarker(async () => {
      const after = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
      // One count and one vector query: the redo's own, none of the thrown-away attempt's.
      expect(queryNames(after).filter((name) => name === 'access-scope-counts')).toHaveLength(1);
      expect(queryNames(after).filter((name) => name === 'vector-exact-over-acl-terms')).toHaveLength(1);
      const again = await ask(deps(), { query: QUERY, principal, mode: 'vector' });
      expect(stage(again, 'access_scope')?.strategy).toBe('cached_counts');
      expect(again.response.items.map((i) => i.chunk_ids)).toEqual(after.response.items.map((i) => i.chunk_ids));
      expect(accessDenied(again)).toEqual(accessDenied(after));
    });
  }, 60_000);
});
