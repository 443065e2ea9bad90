import { describe, expect, inject, it } from 'vitest';
import type { RetrievalMode } from '../../shared/context-contract';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { buildProvenanceGraph } from '../../electron/provenance/provenance-graph-builder';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const SLOW = { timeout: 240_000 };
const MODES: RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];
const QUESTION = 'payments database failover runbook';
/** A chunk of a restricted document (allowed_groups [g-eng-all]): u-sora may see it, u-guest may not. */
const CHUNK = 'runbook-payments-db-failover#1';
const DOCUMENT = 'runbook-payments-db-failover';

async function write(cypher: string, params: Record<string, unknown> = {}): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await driver.executeQuery(cypher, params);
  } finally {
    await driver.close();
  }
}

function query(deps: RetrievalDeps, principal: string, mode: RetrievalMode, maxTokens = 100_000): Promise<PipelineResult> {
  return ask(deps, { query: QUESTION, principal, mode, top_k: 5, max_tokens: maxTokens, options: { min_similarity: 0 } });
}

const chunkIds = (result: PipelineResult) => result.response.items.flatMap((item) => item.chunk_ids);

describe("a chunk whose id is not text (the graph's chunk_id is 731904862)", SLOW, () => {
  const deps = useDemoRetrievalDeps(server);

  it('is refused naming the id and its type where the principal may see it, recorded, never answered as a chunk "731904862" the provenance graph cannot find', async () => {
    await write('MATCH (c:Chunk {chunk_id: $chunk}) SET c.chunk_id = 731904862', { chunk: CHUNK });
    try {
      // Full-text, hybrid and graph mode reach this chunk for the question (vector mode ranks it outside its candidates).
      for (const mode of ['fulltext', 'hybrid', 'graph'] as const) {
        const result = await query(deps(), 'u-sora', mode);
        expect(chunkIds(result), mode).not.toContain('731904862');
        expect(result.response.outcome, mode).toBe('invalid_request');
        expect(result.response.message, mode).toContain('731904862, of type INTEGER');
        expect(result.run.outcome, mode).toBe('invalid_request');
      }
      // A principal who may not see the chunk is neither failed by it nor told its id.
      for (const mode of MODES) {
        const result = await query(deps(), 'u-guest', mode);
        expect(['ok', 'no_evidence'], mode).toContain(result.response.outcome);
        expect(JSON.stringify(result.response), mode).not.toContain('731904862');
      }
    } finally {
      await write('MATCH (c:Chunk {chunk_id: 731904862}) SET c.chunk_id = $chunk', { chunk: CHUNK });
    }
  });
});

describe('hostile values the runs already withstand (guards)', SLOW, () => {
  const deps = useDemoRetrievalDeps(server);
  const services = () => ({ gateway: deps().gateway, store: deps().store, deps: deps(), close: async () => undefined });

  /** The provenance graph of a recorded run's items, as JSON (what the view is sent). */
  async function drawn(result: PipelineResult): Promise<string> {
    const run = deps().store.recordRun(result.run);
    const items = run.response.items.map((_, index) => index);
    return JSON.stringify(await buildProvenanceGraph(services(), { trace_id: run.trace_id, item_indexes: items, max_elements: 500 }));
  }

  it('a 2 MB chunk the principal may see is cut at packing, never packed over the budget, and its text reaches no view whole', async () => {
    await write('MATCH (c:Chunk {chunk_id: $chunk}) SET c.original_text = c.text, c.text = c.text + $more', {
      chunk: CHUNK,
      more: ` ${QUESTION}`.repeat(60_000),
    });
    try {
      for (const mode of MODES) {
        const result = await query(deps(), 'u-sora', mode, 3000);
        expect(['ok', 'no_evidence'], mode).toContain(result.response.outcome);
        expect(result.response.limits.used_tokens, mode).toBeLessThanOrEqual(3000);
        expect(chunkIds(result), mode).not.toContain(CHUNK);
        expect(JSON.stringify(result.run).length, mode).toBeLessThan(1_000_000);
        expect((await drawn(result)).length, mode).toBeLessThan(1_000_000);
      }
      const fulltext = await query(deps(), 'u-sora', 'fulltext', 3000);
      expect(fulltext.response.cuts.find((cut) => cut.chunk_id === CHUNK)?.reason).toBe('over_budget');
    } finally {
      await write('MATCH (c:Chunk {chunk_id: $chunk}) SET c.text = c.original_text REMOVE c.original_text', { chunk: CHUNK });
    }
  });

  it('allowed_groups holding a string, numbers or null-like names never opens a restricted document to a principal outside its group', async () => {
    // A lone string is a list of one (README, access policy); numbers and 'null' / '' name no group anyone is in. A list mixing a number and a string cannot be stored.
    for (const value of ['g-payments', '', [1, 2], ['null', '']]) {
      await write('MATCH (d:Document {document_id: $document}) SET d.allowed_groups = $value', { document: DOCUMENT, value });
      try {
        for (const mode of MODES) {
          const result = await query(deps(), 'u-guest', mode);
          expect(['ok', 'no_evidence'], `${mode} ${JSON.stringify(value)}`).toContain(result.response.outcome);
          expect(
            result.response.items.map((item) => item.document_id),
            `${mode} ${JSON.stringify(value)}`,
          ).not.toContain(DOCUMENT);
        }
      } finally {
        await write("MATCH (d:Document {document_id: $document}) SET d.allowed_groups = ['g-eng-all']", { document: DOCUMENT });
      }
    }
  });

  it('a 1 MB property on a Service that graph mode expands to reaches neither the response, the trace nor the provenance graph whole', async () => {
    await write("MATCH (s:Service {service_id: 'svc-payments-gateway'}) SET s.notes = $notes", { notes: 'x'.repeat(1_000_000) });
    try {
      const result = await query(deps(), 'u-sora', 'graph');
      expect(result.response.outcome).toBe('ok');
      expect(JSON.stringify(result.run).length).toBeLessThan(1_000_000);
      expect((await drawn(result)).length).toBeLessThan(1_000_000);
    } finally {
      await write("MATCH (s:Service {service_id: 'svc-payments-gateway'}) REMOVE s.notes");
    }
  });

  it('a claim/evidence cycle through a chunk and an evidence node with no chunk end the expansion and draw only edges between drawn nodes', async () => {
    await write(
      `MATCH (c:Chunk {chunk_id: $chunk}) MATCH (s:Service {service_id: 'svc-payments-gateway'})
       CREATE (c1:Claim {claim_id: 'clm-hostile-1', text: 'payments database failover runbook, first'})-[:SUPPORTED_BY]->(e1:Evidence {evidence_id: 'ev-hostile-1', quote: 'failover'})-[:LOCATED_IN]->(c)
       CREATE (c1)-[:ABOUT]->(s)
       CREATE (c2:Claim {claim_id: 'clm-hostile-2', text: 'payments database failover runbook, second'})-[:SUPPORTED_BY]->(:Evidence {evidence_id: 'ev-hostile-2', quote: 'runbook'})-[:LOCATED_IN]->(c)
       CREATE (c2)-[:ABOUT]->(s), (c2)-[:ABOUT]->(c1), (c2)-[:SUPPORTED_BY]->(e1)
       CREATE (c1)-[:SUPPORTED_BY]->(:Evidence {evidence_id: 'ev-hostile-orphan', quote: 'in no chunk'})`,
      { chunk: CHUNK },
    );
    try {
      for (const principal of ['u-sora', 'u-guest']) {
        const result = await query(deps(), principal, 'graph');
        expect(result.response.outcome, principal).toBe('ok');
        const graph = JSON.parse(await drawn(result)) as { nodes: { id: string }[]; edges: { source: string; target: string }[] };
        const ids = new Set(graph.nodes.map((node) => node.id));
        for (const edge of graph.edges) expect(ids.has(edge.source) && ids.has(edge.target), principal).toBe(true);
        if (principal === 'u-guest') expect(JSON.stringify(result.response) + JSON.stringify(graph)).not.toContain('hostile');
      }
    } finally {
      await write("MATCH (n) WHERE n.claim_id STARTS WITH 'clm-hostile-' OR n.evidence_id STARTS WITH 'ev-hostile-' DETACH DELETE n");
    }
  });
});
