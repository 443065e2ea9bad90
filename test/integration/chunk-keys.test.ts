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

const chunkIds = (result: PipelineResult) => result.response.items.flatMap((item) => item.chunk_ids);
const caughtAfterExpansion = (result: PipelineResult) =>
  result.response.denied.filter((entry) => entry.stage === 'after_expansion').reduce((sum, entry) => sum + entry.count, 0);
/** A query of the run that reads a chunk's whole property map (`c { .* }`), the embedding with it. */
const readsWholeChunks = (result: PipelineResult) =>
  result.run.queries.filter((query) => /\bc2? \{ \.\*/.test(query.cypher)).map((query) => query.name);

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
        const broken = await ask(deps(), { ...request, mode }, { skipPrefilter: true });
        expect(['ok', 'no_evidence']).toContain(broken.response.outcome);
        expect(chunkIds(broken)).not.toContain(target);
        expect(caughtAfterExpansion(broken)).toBeGreaterThan(0);
        const kept = await ask(deps(), { ...request, mode });
        expect(chunkIds(kept)).not.toContain(target);
      } finally {
        await driver.executeQuery('MATCH (c:Chunk {chunk_id: $target}) REMOVE c.clearance', { target });
        await driver.close();
      }
    });
  }
});
