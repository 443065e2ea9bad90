import { describe, expect, it, vi } from 'vitest';
import type { Embedder } from '../../../electron/corpus/embedder';
import type { PipelineDeps } from '../../../electron/retrieval/context-pipeline';
import {
  harmlessPrincipals,
  warmConnection,
  WARMUP_QUESTIONS,
  warmupEmbedder,
  warmupRuns,
} from '../../../electron/services/connection-warmup';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { Principal } from '../../../shared/principal';

/** A model embedder that counts its calls (each one would be paid). */
function countingEmbedder(dimensions: number | null) {
  const calls = { count: 0 };
  const embedder: Embedder = {
    name: 'openai:text-embedding-3-small',
    dimensions,
    kind: 'semantic',
    batchSize: 64,
    embed: async () => {
      calls.count += 1;
      return new Float32Array(dimensions ?? 3);
    },
    embedMany: async (texts) => {
      calls.count += 1;
      return texts.map(() => new Float32Array(dimensions ?? 3));
    },
  };
  return { embedder, calls };
}

const reader: Principal = { principal_id: 'u1', workspace_id: 'w', groups: ['g'], acl_partitions: [], source: 'graph' };

describe('the warm-up embedder', () => {
  it("keeps the connection's name, kind and length, answers a unit vector, and never calls the model", async () => {
    const { embedder, calls } = countingEmbedder(1536);
    const warm = warmupEmbedder(embedder);
    expect(warm).not.toBeNull();
    expect({ name: warm?.name, kind: warm?.kind, dimensions: warm?.dimensions }).toEqual({
      name: embedder.name,
      kind: 'semantic',
      dimensions: 1536,
    });
    const vector = await warm?.embed('warm-up 준비');
    const many = await warm?.embedMany(['a', 'b']);
    expect(vector?.length).toBe(1536);
    expect(Math.hypot(...(vector ?? []))).toBeCloseTo(1);
    expect(many?.map((v) => v.length)).toEqual([1536, 1536]);
    expect(calls.count).toBe(0);
  });

  it('is null while the model has not said its length', () => {
    expect(warmupEmbedder(countingEmbedder(null).embedder)).toBeNull();
  });
});

describe('the warm-up runs', () => {
  const depsWith = (embedder: Embedder) => ({ embedder }) as unknown as PipelineDeps;

  it("run every mode with the warm-up embedder, never the connection's", () => {
    const { embedder } = countingEmbedder(8);
    const runs = warmupRuns(depsWith(embedder), [reader]);
    const eachMode = ['vector/default', 'fulltext/default', 'hybrid/default', 'graph/default', 'vector/ann'];
    expect(runs.map((run) => `${run.mode}/${run.strategy}`)).toEqual([
      ...eachMode,
      ...eachMode,
      'vector/riding',
      'hybrid/riding',
      'graph/riding',
      'hybrid/riding-ann',
      'hybrid/riding-apart',
    ]);
    // The ANN runs take ANN even as a principal who may see nothing (0 allowed chunks): a limit below any count.
    const ann = runs.filter((run) => run.strategy.endsWith('ann'));
    expect(ann.map((run) => run.deps.exactScanLimit)).toEqual([-1, -1, -1]);
    // The apart run sends hybrid's vector read beside the word sides' whatever its estimate (vector-plan.ts, joinsOtherReads).
    const apart = runs.filter((run) => run.strategy.endsWith('apart'));
    expect(apart.map((run) => run.deps.joinBelowEstimatedMs)).toEqual([0]);
    expect(runs.every((run) => run.deps.embedder !== embedder && run.deps.embedder.name === embedder.name)).toBe(true);
  });

  it('ask, as the first stand-in, a question of one-byte characters and one with Hangul (V8 compiles a regular expression apart for each); the other shapes ask once', () => {
    const oneByte = (text: string) => [...text].every((character) => (character.codePointAt(0) ?? 0) <= 0xff);
    expect(WARMUP_QUESTIONS.some(oneByte)).toBe(true);
    expect(WARMUP_QUESTIONS.some((question) => !oneByte(question))).toBe(true);
    const other: Principal = { ...reader, principal_id: 'a-much-longer-id' };
    const runs = warmupRuns(depsWith(countingEmbedder(8).embedder), [reader, reader, other]);
    const [first, second] = harmlessPrincipals([reader, reader, other]).map((stand) => stand.principal_id);
    const asked = (id: string | undefined) => new Set(runs.filter((run) => run.principal.principal_id === id).map((run) => run.query));
    expect(asked(first)).toEqual(new Set(WARMUP_QUESTIONS));
    expect(asked(second)).toEqual(new Set([WARMUP_QUESTIONS[0]]));
    expect(runs.filter((run) => run.principal.principal_id === second)).toHaveLength(10);
  });

  it('warm only full-text while the embedding length is unknown', () => {
    const runs = warmupRuns(depsWith(countingEmbedder(null).embedder), [reader]);
    expect(runs.map((run) => `${run.mode}/${run.query}`)).toEqual(WARMUP_QUESTIONS.map((question) => `fulltext/${question}`));
  });
});

describe('the principals the warm-up runs as', () => {
  const principal = (id: string, workspace: string, groups: string[], partitions: string[]): Principal => ({
    principal_id: id,
    workspace_id: workspace,
    groups,
    acl_partitions: partitions,
    source: 'graph',
  });

  it("have each graph principal's lengths (Neo4j plans a string or list of another size apart), with ids no graph holds", () => {
    const graph = [principal('bench-s0.1', 'ws-bench', ['g-bench-s0.1'], ['bench']), principal('u-sora', 'acme', [], [])];
    const stand = harmlessPrincipals(graph);
    expect(stand).toHaveLength(2);
    stand.forEach((nobody, i) => {
      const like = graph[i] as Principal;
      expect(nobody.principal_id).toHaveLength(like.principal_id.length);
      expect(nobody.workspace_id).toHaveLength(like.workspace_id.length);
      expect(nobody.groups.map((g) => g.length)).toEqual(like.groups.map((g) => g.length));
      expect(nobody.acl_partitions.map((p) => p.length)).toEqual(like.acl_partitions.map((p) => p.length));
      const ids = [nobody.principal_id, nobody.workspace_id, ...nobody.groups, ...nobody.acl_partitions];
      expect(ids.every((id) => id.startsWith('\u2400'))).toBe(true);
      expect(ids.some((id) => graph.some((p) => [p.principal_id, p.workspace_id, ...p.groups, ...p.acl_partitions].includes(id)))).toBe(
        false,
      );
    });
  });

  it('take one per shape, the commonest first, at most six, and one even for a graph without principals', () => {
    const many = [
      principal('a', 'w', [], []),
      ...Array.from({ length: 3 }, (_, i) => principal(`bb${i}`, 'ww', ['g'], [])),
      ...Array.from({ length: 8 }, (_, i) => principal(`c${'x'.repeat(i)}`, 'w', [], [])),
    ];
    const stand = harmlessPrincipals(many);
    expect(stand).toHaveLength(6);
    expect(stand[0]?.principal_id).toHaveLength(3);
    expect(stand[0]?.groups).toHaveLength(1);
    expect(harmlessPrincipals([])).toHaveLength(1);
  });
});

describe('a cancelled warm-up', () => {
  it('stops waiting for the one-document scan (a reset must not wait it out), and says it was cancelled', async () => {
    const scan = { started: false };
    const gateway = {
      async read(query: { name: string }) {
        if (query.name === 'chunk-of-many-documents') {
          scan.started = true;
          // A scan of a large graph, still running.
          return new Promise(() => undefined);
        }
        const rows =
          query.name === 'graph-marker'
            ? [{ plan_hash: 'load-1', loaded_at: '2026-12-01T00:00:00Z', chunks: 10, links: 10 }]
            : query.name === 'server-components'
              ? [{ name: 'Neo4j Kernel', versions: ['5.26.30'] }]
              : [];
        return { rows, serverMs: { available: 0, consumed: 0 } };
      },
    };
    const abort = new AbortController();
    const deps = { gateway, profile: DEFAULT_SCHEMA_PROFILE } as unknown as PipelineDeps;
    const report = warmConnection(deps, abort.signal);
    await vi.waitFor(() => expect(scan.started).toBe(true));
    abort.abort();
    await expect(report).resolves.toMatchObject({ stopped: 'cancelled' });
  });
});
