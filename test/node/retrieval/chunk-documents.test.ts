import { describe, expect, it } from 'vitest';
import type { GraphGateway } from '../../../electron/graph/read-gateway';
import { checkChunkDocuments, chunksHaveOneDocument } from '../../../electron/retrieval/chunk-documents';
import { graphCapabilities, type GraphCapabilities } from '../../../electron/retrieval/graph-capabilities';
import { Deadline } from '../../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

/** The graph as the reads see it: whether a chunk has two documents, its link count, and what the scan does. */
interface FakeGraph {
  manyDocuments: boolean;
  links: number;
  /** Run when the scan is read, before it answers (the graph changing under it, or the scan failing). */
  duringScan?: () => void;
}

function graphGateway(graph: FakeGraph): GraphGateway & { scans: number } {
  const gateway = {
    scans: 0,
    async read(query: { name: string }) {
      let rows: Record<string, unknown>[] = [];
      if (query.name === 'graph-marker')
        rows = [{ plan_hash: 'load-1', loaded_at: '2026-12-01T00:00:00Z', chunks: 10, links: graph.links }];
      if (query.name === 'server-components') rows = [{ name: 'Neo4j Kernel', versions: ['5.26.30'] }];
      if (query.name === 'chunk-of-many-documents') {
        gateway.scans += 1;
        graph.duringScan?.();
        rows = [{ found: graph.manyDocuments }];
      }
      return { rows, serverMs: { available: 0, consumed: 0 } };
    },
  };
  return gateway as unknown as GraphGateway & { scans: number };
}

const profile = DEFAULT_SCHEMA_PROFILE;
const capabilitiesOf = (gateway: GraphGateway, fresh = false) => graphCapabilities(gateway, profile, Deadline.after(10_000), { fresh });

async function settled(gateway: GraphGateway, capabilities: GraphCapabilities): Promise<boolean> {
  await checkChunkDocuments(gateway, profile, capabilities);
  return chunksHaveOneDocument(gateway, profile, capabilities);
}

describe("the check that no chunk is part of two documents, which lets a run's queries leave out the every-document clause", () => {
  it('is false until the check has finished, never waited for, then true on a graph of one-document chunks', async () => {
    const gateway = graphGateway({ manyDocuments: false, links: 10 });
    const capabilities = await capabilitiesOf(gateway);
    const check = checkChunkDocuments(gateway, profile, capabilities);
    expect(chunksHaveOneDocument(gateway, profile, capabilities)).toBe(false);
    await check;
    expect(chunksHaveOneDocument(gateway, profile, capabilities)).toBe(true);
    // Once per connection and state.
    expect(gateway.scans).toBe(1);
    chunksHaveOneDocument(gateway, profile, capabilities);
    expect(gateway.scans).toBe(1);
  });

  it('is never started by a run on a connection no warm-up checked (a one-shot command would scan for nothing)', async () => {
    const gateway = graphGateway({ manyDocuments: false, links: 10 });
    const capabilities = await capabilitiesOf(gateway);
    expect(chunksHaveOneDocument(gateway, profile, capabilities)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunksHaveOneDocument(gateway, profile, capabilities)).toBe(false);
    expect(gateway.scans).toBe(0);
  });

  it('is false where a chunk is part of two nodes', async () => {
    const gateway = graphGateway({ manyDocuments: true, links: 11 });
    expect(await settled(gateway, await capabilitiesOf(gateway))).toBe(false);
  });

  it('is false when the graph changed while the chunks were scanned (the state after is not the one checked)', async () => {
    const graph: FakeGraph = { manyDocuments: false, links: 10 };
    graph.duringScan = () => {
      graph.links = 11;
    };
    const gateway = graphGateway(graph);
    expect(await settled(gateway, await capabilitiesOf(gateway))).toBe(false);
  });

  it('is false when the scan fails (an outage or its own time running out), and is not retried in that state', async () => {
    const graph: FakeGraph = { manyDocuments: false, links: 10 };
    graph.duringScan = () => {
      throw new Error('Neo4j unreachable');
    };
    const gateway = graphGateway(graph);
    const capabilities = await capabilitiesOf(gateway);
    expect(await settled(gateway, capabilities)).toBe(false);
    expect(chunksHaveOneDocument(gateway, profile, capabilities)).toBe(false);
    expect(gateway.scans).toBe(1);
  });

  it('is checked again for capabilities read in another state, and says nothing of them before that', async () => {
    const graph: FakeGraph = { manyDocuments: false, links: 10 };
    const gateway = graphGateway(graph);
    expect(await settled(gateway, await capabilitiesOf(gateway))).toBe(true);
    graph.manyDocuments = true;
    graph.links = 11;
    const renewed = await capabilitiesOf(gateway, true);
    // A connection once checked is checked again by its runs, in the background.
    expect(chunksHaveOneDocument(gateway, profile, renewed)).toBe(false);
    expect(gateway.scans).toBe(2);
    expect(await settled(gateway, renewed)).toBe(false);
    expect(gateway.scans).toBe(2);
  });

  it('is never made for capabilities read outside the connection cache, which name no state', async () => {
    const gateway = graphGateway({ manyDocuments: false, links: 10 });
    const own = { ...(await capabilitiesOf(gateway)) };
    expect(checkChunkDocuments(gateway, profile, own)).toBeUndefined();
    expect(chunksHaveOneDocument(gateway, profile, own)).toBe(false);
    expect(gateway.scans).toBe(0);
  });
});
