import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy } from '../../shared/acl/access-policy';
import type { RetrievalMode } from '../../shared/context-contract';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** The default policy with one more chunk requirement on a property the schema profile does not name. */
const CLEARANCE_POLICY: AccessPolicy = {
  ...DEFAULT_ACCESS_POLICY,
  chunk: {
    ...DEFAULT_ACCESS_POLICY.chunk,
    all_of: [
      ...DEFAULT_ACCESS_POLICY.chunk.all_of,
      { op: 'in_principal_when_both_set', property: 'clearance', principal_field: 'acl_partitions', reason: 'partition' },
    ],
  },
};

/** The default policy with one more document requirement on a property the schema profile does not name. */
const COMPARTMENT_POLICY: AccessPolicy = {
  ...DEFAULT_ACCESS_POLICY,
  document: {
    ...DEFAULT_ACCESS_POLICY.document,
    all_of: [
      ...DEFAULT_ACCESS_POLICY.document.all_of,
      { op: 'in_principal_when_both_set', property: 'compartment', principal_field: 'acl_partitions', reason: 'partition' },
    ],
  },
};

const chunkIds = (result: PipelineResult) => result.response.items.flatMap((item) => item.chunk_ids);
const caughtAfterExpansion = (result: PipelineResult) =>
  result.response.denied.filter((entry) => entry.stage === 'after_expansion').reduce((sum, entry) => sum + entry.count, 0);
/** A query of the run that reads a chunk's whole property map (`c { .* }`), the embedding with it. */
const readsWholeChunks = (result: PipelineResult) =>
  result.run.queries.filter((query) => /\bc2? \{ \.\*/.test(query.cypher)).map((query) => query.name);

/**
 * `target` is withheld with the pre-filter off, where only the TypeScript re-check can withhold it (and
 * says so after expansion), and with it on.
 */
async function expectWithheld(deps: Parameters<typeof ask>[0], request: Parameters<typeof ask>[1], target: string): Promise<void> {
  const broken = await ask(deps, request, { skipPrefilter: true });
  expect(['ok', 'no_evidence']).toContain(broken.response.outcome);
  expect(chunkIds(broken)).not.toContain(target);
  expect(caughtAfterExpansion(broken)).toBeGreaterThan(0);
  const kept = await ask(deps, request);
  expect(chunkIds(kept)).not.toContain(target);
}

/**
 * A query of the run that reads a document's whole property map (`properties(d)`, `d { .* }`), or graph
 * mode's expansion an entity's (`ent { .* }`), whatever the graph keeps on them.
 */
const readsWholeDocuments = (result: PipelineResult) =>
  result.run.queries
    .filter(
      (query) =>
        /properties\(|\b(d|of_chunk) \{ \.\*/.test(query.cypher) ||
        (query.name === 'graph-expansion' && /\b(ent|near) \{ \.\*/.test(query.cypher)),
    )
    .map((query) => query.name);

describe('candidate and expansion queries name the chunk properties a run reads (chunk-keys.ts)', () => {
  const deps = useDemoRetrievalDeps(server, { policy: CLEARANCE_POLICY });
  const modes: RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];
  const request = { query: 'payments database failover runbook', principal: 'u-sora', top_k: 5, options: { min_similarity: 0 } };

  for (const mode of modes) {
    it(`${mode}: reads no whole chunk, and a chunk property only the access policy reads still reaches the re-check`, async () => {
      const before = await ask(deps(), { ...request, mode });
      expect(before.response.outcome).toBe('ok');
      expect(readsWholeChunks(before)).toEqual([]);
      const target = chunkIds(before)[0];
      if (!target) throw new Error(`${mode} found no chunk for u-sora to work with`);

      const driver = fixtureDriver(server);
      try {
        // A partition u-sora does not hold, on a property the profile does not name (no count or marker changes).
        await driver.executeQuery("MATCH (c:Chunk {chunk_id: $target}) SET c.clearance = 'sealed'", { target });
        // The pre-filter off: only the TypeScript re-check can withhold it, and only if the chunk map carries `clearance`.
        await expectWithheld(deps(), { ...request, mode }, target);
      } finally {
        await driver.executeQuery('MATCH (c:Chunk {chunk_id: $target}) REMOVE c.clearance', { target });
        await driver.close();
      }
    });
  }
});

describe('candidate and expansion queries name the document properties a run reads (chunk-keys.ts, documentKeys)', () => {
  const deps = useDemoRetrievalDeps(server, { policy: COMPARTMENT_POLICY });
  const modes: RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];
  const request = { query: 'payments database failover runbook', principal: 'u-sora', top_k: 5, options: { min_similarity: 0 } };
  const documentOf = async (chunkId: string): Promise<string> => {
    const driver = fixtureDriver(server);
    try {
      const { records } = await driver.executeQuery(
        'MATCH (:Chunk {chunk_id: $chunkId})-[:PART_OF]->(d:Document) RETURN d.document_id AS id',
        { chunkId },
      );
      return records[0]?.get('id') as string;
    } finally {
      await driver.close();
    }
  };

  for (const mode of modes) {
    it(`${mode}: reads no whole document, a document's bulky text is not read, and a property only the policy reads still reaches the re-check`, async () => {
      const before = await ask(deps(), { ...request, mode });
      expect(before.response.outcome).toBe('ok');
      expect(readsWholeDocuments(before)).toEqual([]);
      const target = chunkIds(before)[0];
      if (!target) throw new Error(`${mode} found no chunk for u-sora to work with`);
      const document = await documentOf(target);

      const driver = fixtureDriver(server);
      try {
        // What a user's graph may keep on a document and no reader needs: the whole text, as LangChain and GraphRAG imports do.
        await driver.executeQuery(
          "MATCH (d:Document {document_id: $document}) SET d.raw_content = reduce(s = '', i IN range(1, 2000) | s + 'x')",
          { document },
        );
        const bulky = await ask(deps(), { ...request, mode });
        expect(chunkIds(bulky)).toEqual(chunkIds(before));
        expect(bulky.response.items.map((item) => [item.title, item.source_uri, item.freshness.state])).toEqual(
          before.response.items.map((item) => [item.title, item.source_uri, item.freshness.state]),
        );
        // A partition u-sora does not hold, on a document property the profile does not name (no count or marker changes).
        await driver.executeQuery("MATCH (d:Document {document_id: $document}) SET d.compartment = 'sealed'", { document });
        // The pre-filter off: only the TypeScript re-check can withhold it, and only if the document map carries `compartment`.
        await expectWithheld(deps(), { ...request, mode }, target);
      } finally {
        await driver.executeQuery('MATCH (d:Document {document_id: $document}) REMOVE d.compartment, d.raw_content', { document });
        await driver.close();
      }
    });
  }
});

describe("the entity signal's hits name the properties it reads (chunk-keys.ts, entityHitKeys)", () => {
  const deps = useDemoRetrievalDeps(server, { policy: COMPARTMENT_POLICY });
  const ADR_011 = 'adr-011-settlement-hourly';
  /** A query of the run that reads the entity-names hits whole (`ent { .* }`). */
  const readsWholeHits = (result: PipelineResult) =>
    result.run.queries
      .filter((query) => query.name.includes('entity-hits') && /\bent \{ \.\*/.test(query.cypher))
      .map((query) => query.name);
  const entityStage = (result: PipelineResult) => result.response.stages.find((stage) => stage.name === 'entity');

  for (const mode of ['hybrid', 'graph'] as const) {
    it(`${mode}: reads no whole entity hit, and a property only the policy reads still decides whether an ADR found by its number is named`, async () => {
      const request = { query: 'ADR-011 settlement', principal: 'u-sora', mode, top_k: 5, timeout_ms: 60_000 };
      const before = await ask(deps(), request);
      expect(before.response.outcome).toBe('ok');
      expect(before.run.queries.some((query) => query.name.includes('entity-hits'))).toBe(true);
      expect(readsWholeHits(before)).toEqual([]);
      expect(entityStage(before)).toMatchObject({ note_code: 'stage:entity_signal' });
      expect(entityStage(before)?.note).toContain('ADR-011');

      const driver = fixtureDriver(server);
      try {
        // A GraphRAG import keeps a description's embedding on every entity; a partition u-sora lacks, on a property only the policy names.
        await driver.executeQuery(
          `MATCH (d:Document {document_id: $adr}) SET d.compartment = 'sealed', d.description_embedding = [i IN range(1, 1536) | 0.5]
           WITH count(*) AS done MATCH (s:Service) SET s.description_embedding = [i IN range(1, 1536) | 0.5]`,
          { adr: ADR_011 },
        );
        const sealed = await ask(deps(), request);
        expect(readsWholeHits(sealed)).toEqual([]);
        // The judge saw `compartment` on the hit, so the ADR is counted as one u-sora may not see, never named.
        expect(entityStage(sealed)).toMatchObject({ note_code: 'stage:entity_signal_denied', note_params: { denied: 1 } });
        expect(JSON.stringify([entityStage(sealed)?.note, entityStage(sealed)?.note_params])).not.toContain('ADR-011');
        expect(sealed.response.items.filter((item) => item.document_id === ADR_011)).toEqual([]);
      } finally {
        await driver.executeQuery(
          'MATCH (d:Document {document_id: $adr}) REMOVE d.compartment, d.description_embedding WITH count(*) AS done MATCH (s:Service) REMOVE s.description_embedding',
          { adr: ADR_011 },
        );
        await driver.close();
      }
    });
  }
});
