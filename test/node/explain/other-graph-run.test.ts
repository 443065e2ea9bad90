import { describe, expect, it } from 'vitest';
import { explainWhyNot, type WhyNotServices } from '../../../electron/explain/why-not';
import { buildProvenanceGraph, expandProvenanceNode, type ProvenanceServices } from '../../../electron/provenance/provenance-graph-builder';
import type { LensError } from '../../../shared/lens-error';
import { wordCore } from '../../../shared/core-catalogues';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { buildRunRecord } from '../../support/run-record-factory';

/** A gateway on `uri` that counts the reads asked of it (none should be). */
function gatewayOn(uri: string) {
  const gateway = {
    reads: 0,
    settings: { uri },
    read: () => {
      gateway.reads += 1;
      return Promise.reject(new Error('read asked'));
    },
  };
  return gateway;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as LensError,
  );

describe('a stored run recorded on another graph than the one read now (an imported bundle’s)', () => {
  // The factory's runs were recorded on bolt://127.0.0.1:17687.
  const run = buildRunRecord({ traceId: 'imported-run-1' });
  const store = { getRun: (id: string) => (id === run.trace_id ? run : null), listStaleMarks: () => [] };

  it('is refused for “why not this chunk?”, naming both graphs, before any id is looked up in the graph it never read', async () => {
    const gateway = gatewayOn('bolt://reader:secret@db.example:7687');
    const services = { store, deps: { gateway, profile: DEFAULT_SCHEMA_PROFILE } } as unknown as WhyNotServices;
    const error = await rejection(explainWhyNot(services, { trace_id: run.trace_id, target: { chunk_id: 'c-1' }, rerun: false } as never));
    expect(error).toMatchObject({
      kind: 'invalid_input',
      message:
        'Run imported-run-1 was recorded on bolt://127.0.0.1:17687, not on the graph this app reads now (bolt://***@db.example:7687), so why a chunk fell out of it cannot be told here: its ids would be looked up in a graph the run never read.',
      hint: 'Connect to bolt://127.0.0.1:17687 (NEO4J_URI, or the Connect screen) and ask there, or pick a run made on this graph.',
    });
    expect(wordCore(error!.said!, 'ko')).toContain('여기서는 청크가 왜 빠졌는지 알 수 없습니다');
    expect(gateway.reads).toBe(0);
  });

  it('is refused for its provenance graph and a node’s expansion alike', async () => {
    const gateway = gatewayOn('neo4j://graph.example:7687');
    const services = { store, gateway, deps: { profile: DEFAULT_SCHEMA_PROFILE } } as unknown as ProvenanceServices;
    const built = await rejection(buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: [0], max_elements: 300 }));
    expect(built?.message).toContain('so its provenance graph cannot be told here');
    const expanded = await rejection(expandProvenanceNode(services, { trace_id: run.trace_id, node_id: 'Chunk|c-1', limit: 25 }));
    expect(expanded?.message).toContain('so its provenance graph cannot be told here');
    expect(gateway.reads).toBe(0);
  });

  it('is read as before on the same server by another name (localhost for 127.0.0.1)', async () => {
    const gateway = gatewayOn('bolt://localhost:17687');
    const services = { store, gateway, deps: { profile: DEFAULT_SCHEMA_PROFILE } } as unknown as ProvenanceServices;
    const error = await rejection(buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: [0], max_elements: 300 }));
    expect(error?.message ?? '').not.toContain('was recorded on');
  });
});
