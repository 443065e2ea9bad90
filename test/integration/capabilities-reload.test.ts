import neo4j from 'neo4j-driver';
import { describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const QUERY = 'payments database failover';

const stage = (result: PipelineResult, name: string) => result.response.stages.find((s) => s.name === name);
const itemIds = (result: PipelineResult) => result.response.items.map((item) => item.chunk_id);

/**
 * Loads the graph again as far as its capabilities go: the loader's record of the ACL terms now names
 * another encoding than this build writes, and the load marker moves (as every load moves it). Both
 * are put back afterwards; a fixture write, never the app's.
 */
async function withTermsOfAnotherEncoding(work: () => Promise<void>): Promise<void> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
  try {
    const before = await session.run(
      `MATCH (m:LensLoadInfo) MATCH (t:LensAclTermsInfo)
       WITH m, t, m.loaded_at AS was, t.scheme AS scheme SET m.loaded_at = datetime(), t.scheme = 'another-encoding'
       RETURN was, scheme`,
    );
    expect(before.records).toHaveLength(1);
    try {
      await work();
    } finally {
      await session.run('MATCH (m:LensLoadInfo) MATCH (t:LensAclTermsInfo) SET m.loaded_at = $was, t.scheme = $scheme', {
        was: before.records[0]?.get('was') ?? null,
        scheme: before.records[0]?.get('scheme') ?? null,
      });
    }
  } finally {
    await session.close();
    await driver.close();
  }
}

describe("a graph loaded again under the app's open connection", () => {
  const deps = useDemoRetrievalDeps(server);
  // A member of the payments team, who may see the payments runbooks the query finds.
  const principal = 'u-sora';

  it('has a principal who may see some of the graph and not all of it', () => {
    const sora = buildLoadPlan().principals.find((p) => p.principal_id === principal);
    expect(sora?.groups).toContain('g-payments');
  });

  it('is searched by what it can do now, not by the capabilities the connection read before the load', async () => {
    const warm = await ask(deps(), { query: QUERY, principal, mode: 'fulltext' });
    expect(stage(warm, 'fulltext')?.strategy).toBe('fulltext_in_index_acl');
    await withTermsOfAnotherEncoding(async () => {
      const reloaded = await ask(deps(), { query: QUERY, principal, mode: 'fulltext' });
      expect(reloaded.response.outcome).toBe(warm.response.outcome);
      // The run that found the graph changed was redone with capabilities read now: terms of another encoding are not used.
      expect(stage(reloaded, 'fulltext')?.strategy).toBe('fulltext_postfilter');
      expect(stage(reloaded, 'fulltext')?.note).toMatch(/another-encoding/);
      // Filtering after the index instead of in it hands over the same allowed chunks.
      expect(itemIds(reloaded)).toEqual(itemIds(warm));
      expect(itemIds(warm).length).toBeGreaterThan(0);
    });
    const restored = await ask(deps(), { query: QUERY, principal, mode: 'fulltext' });
    expect(stage(restored, 'fulltext')?.strategy).toBe('fulltext_in_index_acl');
    expect(itemIds(restored)).toEqual(itemIds(warm));
  }, 60_000);
});
