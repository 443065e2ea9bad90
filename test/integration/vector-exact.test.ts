import neo4j from 'neo4j-driver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import type { GraphGateway } from '../../electron/graph/read-gateway';
import type { LoadPlan, PrincipalRecord } from '../../electron/corpus/corpus-model';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { referenceChunkVisible } from '../support/reference-acl';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
/** The ANN queries of vector mode, whose `$fetch` is what the index is asked for. */
const ANN_QUERIES = new Set(['vector-ann-postfilter', 'vector-search-in-index']);

/**
 * The gateway over a real server whose vector index returns at most `cap` hits a query, as Neo4j
 * 2026.08's index provider returns at most 10,000 (measured): every ANN query asks for no more.
 */
function annCappedAt(gateway: GraphGateway, cap: number): GraphGateway {
  return new Proxy(gateway, {
    get(target, prop) {
      if (prop === 'read') {
        return (
          query: Parameters<GraphGateway['read']>[0],
          params: Record<string, unknown>,
          options: Parameters<GraphGateway['read']>[2],
        ) => target.read(query, ANN_QUERIES.has(query.name) ? { ...params, fetch: Math.min(Number(params.fetch), cap) } : params, options);
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

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

  describe('ANN on an index that returns at most 3 hits a query (as Neo4j 2026.08.1 returns at most 10,000)', () => {
    const deps = useDemoRetrievalDeps(server, { exactScanLimit: 0 });

    it('scans exactly after ANN ends short, so the top 10 is still the exact one, and records both stages and why', async () => {
      let fallbacks = 0;
      for (const p of plan.principals) {
        for (const query of QUERIES) {
          const { response } = await ask(
            { ...deps(), gateway: annCappedAt(deps().gateway, 3) },
            { query, principal: p.principal_id, mode: 'vector', top_k: 10, options: { min_similarity: 0 } },
          );
          const got = response.items.flatMap((item) => item.chunk_ids).sort();
          const expected = exactTopK(query, p, 10).sort();
          expect({ principal: p.principal_id, query, got }).toEqual({ principal: p.principal_id, query, got: expected });
          const stages = response.stages.filter((s) => s.name === 'vector');
          if (stages.length === 1) {
            expect(stages[0]?.strategy).toBe('exact_scan');
            continue;
          }
          fallbacks += 1;
          // ANN over the whole index, or in it with the workspace filtered there (the SEARCH clause, Neo4j 2026.01+).
          expect(['ann_postfilter', 'search_in_index_then_postfilter']).toContain(stages[0]?.strategy);
          expect(stages[1]?.strategy).toBe('exact_scan');
          expect(stages[0]?.note).toMatch(/last fetch 3;/);
          expect(stages[1]?.note).toMatch(
            /exact after ANN ended short: in 1 round\(s\) ANN kept [0-3] of the \d+ allowed hits its fetch was sized for/,
          );
          expect(stages[1]?.note).toMatch(/returned 3 hits \(the index gave no more\)/);
        }
      }
      // Every principal who may see more than three chunks needs the exact scan after ANN.
      expect(fallbacks).toBeGreaterThan(QUERIES.length);
    }, 120_000);
  });
});
