import { describe, expect, inject, it } from 'vitest';
import type { RetrievalMode } from '../../shared/context-contract';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { WhyNotRequest, type ExplainTarget } from '../../shared/why-not';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { buildProvenanceGraph } from '../../electron/provenance/provenance-graph-builder';
import { itemChunks } from '../../electron/provenance/provenance-queries';
import { explainWhyNot } from '../../electron/explain/why-not';
import { chunkWithDocument } from '../../electron/explain/why-not-queries';
import { fixtureDriver } from '../support/demo-graph';
import { rejectionOf } from '../support/lens-error-of';
import { ask, useDemoRetrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const SLOW = { timeout: 240_000 };
const MODES: RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];
const QUESTION = 'payments database failover runbook';
/** A chunk of a restricted document (allowed_groups [g-eng-all]): u-sora may see it, u-guest may not. */
const CHUNK = 'runbook-payments-db-failover#1';
const DOCUMENT = 'runbook-payments-db-failover';
/** Chunks are numbered from here in the order of their text ids, so every tie among scores breaks the same way. */
const FIRST = 731_904_000;
const DOCUMENT_NUMBER = 731_905_001;

async function write(cypher: string, params: Record<string, unknown> = {}): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await driver.executeQuery(cypher, params);
  } finally {
    await driver.close();
  }
}

function query(deps: RetrievalDeps, principal: string, mode: RetrievalMode, maxTokens = 100_000): Promise<PipelineResult> {
  // A first query on a freshly started server, on a machine shared with other work, can take tens of seconds.
  const request = { query: QUESTION, principal, mode, top_k: 5, max_tokens: maxTokens, timeout_ms: 180_000 };
  return ask(deps, { ...request, options: { min_similarity: 0 } });
}

/** Records the run and returns the provenance graph of all its items, as JSON (what the view is sent). */
async function drawn(deps: RetrievalDeps, result: PipelineResult): Promise<string> {
  const run = deps.store.recordRun(result.run);
  const services = { gateway: deps.gateway, store: deps.store, deps, close: async () => undefined };
  const items = run.response.items.map((_, index) => index);
  return JSON.stringify(await buildProvenanceGraph(services, { trace_id: run.trace_id, item_indexes: items, max_elements: 500 }));
}

const chunkIds = (result: PipelineResult) => result.response.items.flatMap((item) => item.chunk_ids);

describe("a chunk whose id is neither text nor a whole number (the graph's chunk_id is the FLOAT 731904862.5 or 731904862.0)", SLOW, () => {
  const deps = useDemoRetrievalDeps(server);

  it('is refused naming the id and its type where the principal may see it, recorded, never answered as a chunk the provenance graph cannot find; a whole FLOAT too, which the driver hands over as the number an INTEGER would be', async () => {
    // The fixture driver sends a JS number as a FLOAT, 731904862 too.
    for (const [value, shown] of [
      [731904862.5, '731904862.5'],
      [731904862, '731904862.0'],
    ] as const) {
      await write('MATCH (c:Chunk {chunk_id: $chunk}) SET c.chunk_id = $value', { chunk: CHUNK, value });
      try {
        // Full-text, hybrid and graph mode reach this chunk for the question (vector mode ranks it outside its candidates).
        for (const mode of ['fulltext', 'hybrid', 'graph'] as const) {
          const result = await query(deps(), 'u-sora', mode);
          expect(chunkIds(result), `${mode} ${shown}`).not.toContain(String(value));
          expect(result.response.outcome, `${mode} ${shown}`).toBe('invalid_request');
          expect(result.response.message, `${mode} ${shown}`).toContain(`${shown}, of type FLOAT`);
          expect(result.run.outcome, `${mode} ${shown}`).toBe('invalid_request');
        }
        // A principal who may not see the chunk is neither failed by it nor told its id.
        for (const mode of MODES) {
          const result = await query(deps(), 'u-guest', mode);
          expect(['ok', 'no_evidence'], `${mode} ${shown}`).toContain(result.response.outcome);
          expect(JSON.stringify(result.response), `${mode} ${shown}`).not.toContain('731904862');
        }
      } finally {
        await write('MATCH (c:Chunk {chunk_id: $value}) SET c.chunk_id = $chunk', { chunk: CHUNK, value });
      }
    }
  });
});

describe('hostile values the runs already withstand (guards)', SLOW, () => {
  const deps = useDemoRetrievalDeps(server);

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
        expect((await drawn(deps(), result)).length, mode).toBeLessThan(1_000_000);
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
      expect((await drawn(deps(), result)).length).toBeLessThan(1_000_000);
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
        const graph = JSON.parse(await drawn(deps(), result)) as { nodes: { id: string }[]; edges: { source: string; target: string }[] };
        const ids = new Set(graph.nodes.map((node) => node.id));
        for (const edge of graph.edges) expect(ids.has(edge.source) && ids.has(edge.target), principal).toBe(true);
        if (principal === 'u-guest') expect(JSON.stringify(result.response) + JSON.stringify(graph)).not.toContain('hostile');
      }
    } finally {
      await write("MATCH (n) WHERE n.claim_id STARTS WITH 'clm-hostile-' OR n.evidence_id STARTS WITH 'ev-hostile-' DETACH DELETE n");
    }
  });
});

/** Numbers every chunk as an import script does (`chunk_id: 731904000 + i`, INTEGER: a raw driver sends a JS number as a FLOAT) and gives DOCUMENT an INTEGER id; keeps the text ids to restore. */
const NUMBER_IDS = `MATCH (c:Chunk) WITH c ORDER BY c.chunk_id WITH collect(c) AS chunks
  UNWIND range(0, size(chunks) - 1) AS i WITH chunks[i] AS c, i SET c.lens_text_id = c.chunk_id, c.chunk_id = toInteger($first) + i
  WITH count(*) AS numbered MATCH (d:Document {document_id: $document}) SET d.lens_text_id = d.document_id, d.document_id = toInteger($number)`;
const RESTORE_IDS = `MATCH (n) WHERE n.lens_text_id IS NOT NULL
  SET n.chunk_id = CASE WHEN n:Chunk THEN n.lens_text_id ELSE n.chunk_id END,
      n.document_id = CASE WHEN n:Document THEN n.lens_text_id ELSE n.document_id END
  REMOVE n.lens_text_id`;

async function numberedId(chunk: string): Promise<string> {
  const driver = fixtureDriver(server);
  try {
    const { records } = await driver.executeQuery('MATCH (c:Chunk {lens_text_id: $chunk}) RETURN toString(c.chunk_id) AS id', { chunk });
    return String(records[0]?.get('id'));
  } finally {
    await driver.close();
  }
}

describe('chunk and document ids stored as INTEGER (a graph whose import script numbered its chunks)', { timeout: 600_000 }, () => {
  const deps = useDemoRetrievalDeps(server);
  const nodesDrawn = async (result: PipelineResult) => (JSON.parse(await drawn(deps(), result)) as { nodes: unknown[] }).nodes.length;

  function explain(traceId: string, target: ExplainTarget) {
    return explainWhyNot({ store: deps().store, deps: deps() }, WhyNotRequest.parse({ trace_id: traceId, target, rerun: false }));
  }

  it('answer in every mode with items, draw as many provenance nodes as text ids do, are found by why-not, recorded as text, and never named to a principal who may not see them', async () => {
    const before = new Map<RetrievalMode, { nodes: number; reached: boolean }>();
    for (const mode of MODES) {
      const result = await query(deps(), 'u-sora', mode);
      expect(result.response.outcome, `${mode} with text ids: ${result.response.message}`).toBe('ok');
      before.set(mode, { nodes: await nodesDrawn(result), reached: chunkIds(result).includes(CHUNK) });
    }
    // The full-text side ranks CHUNK among the top 5, so the modes built on it answer with it.
    expect(before.get('fulltext')?.reached).toBe(true);
    await write(NUMBER_IDS, { first: FIRST, document: DOCUMENT, number: DOCUMENT_NUMBER });
    try {
      const numbered = await numberedId(CHUNK);
      for (const mode of MODES) {
        const result = await query(deps(), 'u-sora', mode);
        expect(result.response.outcome, `${mode}: ${result.response.message}`).toBe('ok');
        expect(result.response.items.length, mode).toBeGreaterThan(0);
        for (const id of chunkIds(result)) expect(id, mode).toMatch(/^731904\d{3}$/);
        expect(await nodesDrawn(result), mode).toBe(before.get(mode)?.nodes);
        const recorded = deps().store.getRun(result.response.trace_id);
        for (const item of recorded?.response.items ?? []) expect(typeof item.chunk_id, mode).toBe('string');
        expect(recorded?.response.items.length, mode).toBe(result.response.items.length);
        if (before.get(mode)?.reached) {
          expect(chunkIds(result), mode).toContain(numbered);
          expect(
            result.response.items.map((item) => item.document_id),
            mode,
          ).toContain(String(DOCUMENT_NUMBER));
        }
      }
      for (const mode of MODES) {
        const result = await query(deps(), 'u-guest', mode);
        deps().store.recordRun(result.run);
        expect(['ok', 'no_evidence'], mode).toContain(result.response.outcome);
        expect(JSON.stringify(result.response), mode).not.toContain(numbered);
        expect(JSON.stringify(result.response), mode).not.toContain(String(DOCUMENT_NUMBER));
        if (mode === 'fulltext') {
          const chunk = await explain(result.response.trace_id, { kind: 'chunk', id: numbered });
          expect(chunk.findings[0]?.verdict.kind).toBe('not_visible');
          const document = await explain(result.response.trace_id, { kind: 'document', id: String(DOCUMENT_NUMBER) });
          expect(document.chunks_total).toBeGreaterThan(0);
          expect(document.findings[0]?.chunk_ids).toContain(numbered);
        }
      }
    } finally {
      await write(RESTORE_IDS);
    }
  });

  it('a text id "731904862" and an INTEGER 731904862 on two chunks are refused naming both forms, in a run and in why-not, never one answered for the other', async () => {
    await write(
      `MATCH (c:Chunk {chunk_id: $chunk}) SET c.lens_text_id = c.chunk_id, c.chunk_id = 731904862
       WITH c MATCH (o:Chunk) WHERE o.chunk_id STARTS WITH $document + '#' WITH o LIMIT 1 SET o.lens_text_id = o.chunk_id, o.chunk_id = '731904862'`,
      { chunk: CHUNK, document: DOCUMENT },
    );
    try {
      for (const mode of ['fulltext', 'hybrid', 'graph'] as const) {
        const result = await query(deps(), 'u-sora', mode);
        expect(result.response.outcome, mode).toBe('invalid_request');
        expect(result.response.message, mode).toContain('Two Chunk nodes have the id 731904862');
        expect(chunkIds(result), mode).not.toContain('731904862');
        deps().store.recordRun(result.run);
      }
      const run = await query(deps(), 'u-guest', 'fulltext');
      deps().store.recordRun(run.run);
      const refusal = await rejectionOf(explain(run.response.trace_id, { kind: 'chunk', id: '731904862' }));
      expect(refusal.message).toContain('Two Chunk nodes have the id 731904862');
    } finally {
      await write(RESTORE_IDS);
    }
  });

  it('a document id held as text "731905001" beside an INTEGER 731905001 is refused in a run the same way', async () => {
    await write(
      `MATCH (d:Document {document_id: $document}) SET d.lens_text_id = d.document_id, d.document_id = 731905001
       WITH d MATCH (o:Document {document_id: 'policy-hr-salary-adjustment'}) SET o.lens_text_id = o.document_id, o.document_id = '731905001'`,
      { document: DOCUMENT },
    );
    try {
      const result = await query(deps(), 'u-sora', 'fulltext');
      expect(result.response.outcome).toBe('invalid_request');
      expect(result.response.message).toContain('Two Document nodes have the id 731905001');
    } finally {
      await write(RESTORE_IDS);
    }
  });

  it('reads by a text id still seek the chunk_id index (the integer form is a second value in the same IN, not a scan)', async () => {
    const driver = fixtureDriver(server);
    try {
      for (const [built, params] of [
        [itemChunks(DEFAULT_SCHEMA_PROFILE), { chunk_ids: [CHUNK, '731904862'] }],
        [chunkWithDocument(DEFAULT_SCHEMA_PROFILE), { id: CHUNK }],
      ] as const) {
        const result = await driver.executeQuery(`EXPLAIN ${built.text}`, params);
        const operators: string[] = [];
        const walk = (plan: { operatorType: string; children: unknown[] }) => {
          operators.push(plan.operatorType);
          for (const child of plan.children) walk(child as { operatorType: string; children: unknown[] });
        };
        walk(result.summary.plan as unknown as { operatorType: string; children: unknown[] });
        expect(
          operators.some((operator) => /NodeUniqueIndexSeek|NodeIndexSeek/.test(operator)),
          `${built.name}: ${operators.join(' ')}`,
        ).toBe(true);
        expect(
          operators.some((operator) => /NodeByLabelScan|AllNodesScan/.test(operator)),
          `${built.name}: ${operators.join(' ')}`,
        ).toBe(false);
      }
    } finally {
      await driver.close();
    }
  });
});
