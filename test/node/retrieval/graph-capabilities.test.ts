import { describe, expect, it } from 'vitest';
import type { GraphGateway } from '../../../electron/graph/read-gateway';
import {
  CapabilitiesChanged,
  confirmCapabilities,
  graphCapabilities,
  UNMARKED_CAPABILITIES_MAX_AGE_MS,
} from '../../../electron/retrieval/graph-capabilities';
import { graphStateOf } from '../../../electron/retrieval/graph-state';
import { StaleCache } from '../../../electron/retrieval/stale-cache';
import { Deadline } from '../../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

/** The graph as the capabilities read sees it: its load marker (null: a graph no loader marked) and whether its chunk full-text index exists. */
interface FakeGraph {
  planHash: string | null;
  fulltext: boolean;
}

/** A gateway over `graph` that answers the capability reads and counts them. */
function graphGateway(graph: FakeGraph): GraphGateway & { reads: string[] } {
  const gateway = {
    reads: [] as string[],
    async read(query: { name: string }) {
      gateway.reads.push(query.name);
      const rows: Record<string, unknown>[] =
        query.name === 'graph-marker'
          ? [{ plan_hash: graph.planHash, loaded_at: graph.planHash === null ? null : '2026-12-01T00:00:00Z', chunks: 10, links: 10 }]
          : query.name === 'server-components'
            ? [{ name: 'Neo4j Kernel', versions: ['5.26.30'] }]
            : query.name === 'indexes' && graph.fulltext
              ? [{ name: DEFAULT_SCHEMA_PROFILE.indexes.chunkFulltext, type: 'FULLTEXT', properties: ['text'], state: 'ONLINE' }]
              : [];
      return { rows, serverMs: { available: 0, consumed: 0 } };
    },
  };
  return gateway as unknown as GraphGateway & { reads: string[] };
}

const deadline = () => Deadline.after(10_000);
const capabilitiesOf = (gateway: GraphGateway, options: { fresh?: boolean } = {}, now?: () => number) =>
  graphCapabilities(gateway, DEFAULT_SCHEMA_PROFILE, deadline(), options, now);
const stateOf = (graph: FakeGraph) =>
  Promise.resolve(
    graphStateOf({ plan_hash: graph.planHash, loaded_at: graph.planHash === null ? null : '2026-12-01T00:00:00Z', chunks: 10, links: 10 }),
  );
const markerReads = (gateway: { reads: string[] }) => gateway.reads.filter((name) => name === 'graph-marker').length;

describe('the graph capabilities a connection keeps', () => {
  it('are read once with the graph state they hold in, and read again only when asked for fresh ones', async () => {
    const graph = { planHash: 'load-1', fulltext: true };
    const gateway = graphGateway(graph);
    const first = await capabilitiesOf(gateway);
    expect(gateway.reads[0]).toBe('graph-marker');
    expect(first.fulltextIndex?.name).toBe(DEFAULT_SCHEMA_PROFILE.indexes.chunkFulltext);
    expect(await capabilitiesOf(gateway)).toBe(first);
    expect(markerReads(gateway)).toBe(1);
    graph.fulltext = false;
    const fresh = await capabilitiesOf(gateway, { fresh: true });
    expect(fresh.fulltextIndex).toBeNull();
    expect(await capabilitiesOf(gateway)).toBe(fresh);
    expect(markerReads(gateway)).toBe(2);
  });

  it('hold while the run reads the graph in the state they were read in', async () => {
    const graph = { planHash: 'load-1', fulltext: true };
    const gateway = graphGateway(graph);
    const capabilities = await capabilitiesOf(gateway);
    await expect(confirmCapabilities(gateway, capabilities, stateOf(graph))).resolves.toBeUndefined();
    expect(await capabilitiesOf(gateway)).toBe(capabilities);
  });

  it('are refused, and dropped from the connection, when the run finds the graph loaded again since', async () => {
    const graph = { planHash: 'load-1', fulltext: true };
    const gateway = graphGateway(graph);
    const capabilities = await capabilitiesOf(gateway);
    graph.planHash = 'load-2';
    graph.fulltext = false;
    const refusal = confirmCapabilities(gateway, capabilities, stateOf(graph));
    await expect(refusal).rejects.toBeInstanceOf(CapabilitiesChanged);
    // A stale cache makes the pipeline redo the run (context-pipeline.ts), as a changed principal does.
    await expect(refusal).rejects.toBeInstanceOf(StaleCache);
    const again = await capabilitiesOf(gateway);
    expect(again).not.toBe(capabilities);
    expect(again.fulltextIndex).toBeNull();
    await expect(confirmCapabilities(gateway, again, stateOf(graph))).resolves.toBeUndefined();
  });

  it('on a graph without the loader marker, are read again once older than the age limit', async () => {
    const graph: FakeGraph = { planHash: null, fulltext: true };
    const gateway = graphGateway(graph);
    let clock = 1_000_000;
    const now = () => clock;
    const first = await capabilitiesOf(gateway, {}, now);
    clock += UNMARKED_CAPABILITIES_MAX_AGE_MS - 1;
    expect(await capabilitiesOf(gateway, {}, now)).toBe(first);
    graph.fulltext = false;
    clock += 2;
    const renewed = await capabilitiesOf(gateway, {}, now);
    expect(renewed).not.toBe(first);
    expect(renewed.fulltextIndex).toBeNull();
    expect(markerReads(gateway)).toBe(2);
  });

  it('on a graph without the loader marker, hold while its counts move (it is being written to): they age instead', async () => {
    const graph: FakeGraph = { planHash: null, fulltext: true };
    const gateway = graphGateway(graph);
    const capabilities = await capabilitiesOf(gateway);
    const grown = Promise.resolve(graphStateOf({ plan_hash: null, loaded_at: null, chunks: 11, links: 11 }));
    await expect(confirmCapabilities(gateway, capabilities, grown)).resolves.toBeUndefined();
    // Loaded since (it carries the marker now): refused.
    graph.planHash = 'load-1';
    await expect(confirmCapabilities(gateway, capabilities, stateOf(graph))).rejects.toBeInstanceOf(CapabilitiesChanged);
  });

  it('of a loaded graph do not age: its marker moves with every load', async () => {
    const graph = { planHash: 'load-1', fulltext: true };
    const gateway = graphGateway(graph);
    let clock = 0;
    const first = await capabilitiesOf(gateway, {}, () => clock);
    clock += 10 * UNMARKED_CAPABILITIES_MAX_AGE_MS;
    expect(await capabilitiesOf(gateway, {}, () => clock)).toBe(first);
    expect(markerReads(gateway)).toBe(1);
  });

  it('that were never read through the cache (a caller of its own) have nothing to confirm', async () => {
    const graph = { planHash: 'load-1', fulltext: true };
    const gateway = graphGateway(graph);
    const own = { ...(await capabilitiesOf(gateway)) };
    graph.planHash = 'load-2';
    await expect(confirmCapabilities(gateway, own, stateOf(graph))).resolves.toBeUndefined();
  });
});
