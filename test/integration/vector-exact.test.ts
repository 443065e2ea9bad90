import neo4j from 'neo4j-driver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import type { LoadPlan, PrincipalRecord } from '../../electron/corpus/corpus-model';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { referenceChunkVisible } from '../support/reference-acl';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const QUERIES = ['payments database failover', '결제 DB 페일오버', 'event bus consumer lag', 'webhook signature secret', '연봉 조정'];

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += (a[i] as number) * (b[i] as number);
    na += (a[i] as number) ** 2;
    nb += (b[i] as number) ** 2;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

describe('vector retrieval equals the exact filtered answer', () => {
  let plan: LoadPlan;
  let embeddings: Map<string, number[]>;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    plan = buildLoadPlan();
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    const rows = await session.run('MATCH (c:Chunk) RETURN c.chunk_id AS id, c.embedding AS embedding');
    embeddings = new Map(rows.records.map((r) => [r.get('id') as string, Array.from(r.get('embedding') as number[])]));
    await session.close();
    await driver.close();
  });

  /** The top k allowed chunk ids by cosine, computed here from the stored vectors and the reference rule. */
  function exactTopK(query: string, p: PrincipalRecord, k: number): string[] {
    const q = Array.from(createHashingEmbedder().embedNow(query));
    const allowed = plan.documents.flatMap((doc) =>
      doc.chunks.filter((chunk) => referenceChunkVisible(doc.acl, chunk.acl_partition, p)).map((chunk) => chunk.chunk_id),
    );
    return allowed
      .map((id) => ({ id, score: cosine(q, embeddings.get(id) as number[]) }))
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
      .slice(0, k)
      .map((entry) => entry.id);
  }

  for (const [label, exactScanLimit] of [
    ['exact scan', undefined],
    ['ANN with adaptive over-fetch', 0],
  ] as const) {
    describe(label, () => {
      const deps = useDemoRetrievalDeps(server, exactScanLimit === undefined ? {} : { exactScanLimit });

      it('returns the same top 10 chunks as the exact cosine over the allowed chunks, for every principal', async () => {
        for (const p of plan.principals) {
          for (const query of QUERIES) {
            const { response } = await ask(deps(), {
              query,
              principal: p.principal_id,
              mode: 'vector',
              top_k: 10,
              options: { min_similarity: 0 },
            });
            const got = response.items.flatMap((item) => item.chunk_ids).sort();
            const expected = exactTopK(query, p, 10).sort();
            expect({ principal: p.principal_id, query, got }).toEqual({ principal: p.principal_id, query, got: expected });
            const stage = response.stages.find((s) => s.name === 'vector');
            expect(stage?.strategy).toMatch(
              exactScanLimit === undefined ? /^exact_scan$/ : /^(ann_postfilter|search_in_index_then_postfilter)$/,
            );
            if (exactScanLimit === 0) expect(stage?.note).toMatch(/approximate/);
          }
        }
      }, 120_000);
    });
  }
});
