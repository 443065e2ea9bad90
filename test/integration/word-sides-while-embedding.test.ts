import { describe, expect, inject, it } from 'vitest';
import type { ContextResponse } from '../../shared/context-contract';
import { LensError } from '../../shared/lens-error';
import type { Embedder } from '../../electron/corpus/embedder';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import type { StageHold } from '../../electron/retrieval/retrieval-stages';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const QUERY = 'Why did we move the event bus from Kafka to Redpanda?';
const WORD_STAGES = ['fulltext', 'entity'];
/** Long enough that a run which embeds before it searches words is told apart from one that does both at once. */
const PATIENCE_MS = 5_000;

/** Watches the run's reads: `started` resolves once both word sides have begun to read the graph. */
function wordSideWatch(): { hold: StageHold; started: Promise<void> } {
  const seen = new Set<string>();
  let release: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (release = resolve));
  const hold: StageHold = async (stage) => {
    seen.add(stage);
    if (WORD_STAGES.every((name) => seen.has(name))) release();
  };
  return { hold, started };
}

/** The hashing embedder, whose query embedding first waits for `gate` (or PATIENCE_MS) and then does `then`. */
function gatedEmbedder(gate: Promise<void>, then: 'embed' | 'fail'): { embedder: Embedder; releasedBy: () => string } {
  const hashing = createHashingEmbedder();
  let releasedBy = 'not asked';
  const embedder: Embedder = {
    name: hashing.name,
    dimensions: hashing.dimensions,
    kind: hashing.kind,
    batchSize: hashing.batchSize,
    embedMany: (texts, deadline) => hashing.embedMany(texts, deadline),
    embed: async (text, deadline) => {
      const timer = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), PATIENCE_MS));
      releasedBy = await Promise.race([gate.then(() => 'word sides'), timer]);
      if (then === 'fail') throw new LensError('unavailable', 'The embedding model did not answer.');
      return hashing.embed(text, deadline);
    },
  };
  return { embedder, releasedBy: () => releasedBy };
}

/** What a response hands over, without what differs from run to run (trace id, timings). */
const handedOver = (response: ContextResponse) =>
  response.items.map((item) => ({ chunks: item.chunk_ids, scores: item.retrieval_scores, ranks: item.ranks }));

describe('hybrid and graph search words while the query is being embedded', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const mode of ['hybrid', 'graph'] as const) {
    it(`${mode}: the full-text and entity reads start before the query's vector exists, and the answer is unchanged`, async () => {
      const plain = await ask(deps(), { query: QUERY, principal: 'u-minjun', mode });
      const { hold, started } = wordSideWatch();
      const gated = gatedEmbedder(started, 'embed');
      const overlapped = await ask(
        { ...deps(), embedder: gated.embedder },
        { query: QUERY, principal: 'u-minjun', mode },
        { holdAtRead: hold },
      );
      expect(gated.releasedBy()).toBe('word sides');
      expect(overlapped.response.outcome).toBe('ok');
      expect(handedOver(overlapped.response)).toEqual(handedOver(plain.response));
    }, 60_000);

    it(`${mode}: an embedder that fails ends the run in its outcome once the word sides have finished, and nothing is read after`, async () => {
      const { hold, started } = wordSideWatch();
      const gated = gatedEmbedder(started, 'fail');
      const { response, run } = await ask(
        { ...deps(), embedder: gated.embedder },
        { query: QUERY, principal: 'u-minjun', mode },
        { holdAtRead: hold },
      );
      expect(gated.releasedBy()).toBe('word sides');
      expect(response.outcome).toBe('unavailable');
      expect(response.message).toContain('The embedding model did not answer.');
      const stages = run.queries.map((query) => query.stage);
      expect(stages).toEqual(expect.arrayContaining(WORD_STAGES));
      const read = run.queries.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(run.queries.length).toBe(read);
    }, 60_000);
  }
});
