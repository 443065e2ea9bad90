import type { Driver } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import type { ProgressEvent } from '../../../shared/progress-event';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { contentHash, writeLoadPlan } from '../../../electron/demo-graph/graph-writer';
import * as q from '../../../electron/demo-graph/loader-queries';
import { createHashingEmbedder } from '../../../electron/corpus/hashing-embedder';

const HANGUL = /[\uac00-\ud7a3]/;

/**
 * A driver standing in for the demo server: it answers the statements a load reads (the unfinished
 * content, the chunks, the server version) and takes every write. `unfinished` is the content hash
 * of a load that did not finish, `pending` how many chunks still lack a vector.
 */
function fakeDriver(answers: { unfinished: string | null; chunks: { chunk_id: string; text: string }[]; pending: number }): Driver {
  const record = (values: Record<string, unknown>) => ({ get: (key: string) => values[key] });
  const answer = (text: string) => {
    if (text === q.UNFINISHED_CONTENT) return answers.unfinished === null ? [] : [record({ content_hash: answers.unfinished })];
    if (text === q.CHUNK_COUNT) return [record({ chunks: answers.chunks.length })];
    if (text === q.PENDING_CHUNKS) return answers.chunks.slice(0, answers.pending).map(record);
    if (text === q.SERVER_VERSION) return [record({ version: '2026.08.1' })];
    return [];
  };
  return {
    session: () => ({
      run: async (text: string) => ({ records: answer(text) }),
      close: async () => undefined,
    }),
  } as unknown as Driver;
}

/** Every event carries its code, worded in English exactly as its message, and in Korean apart from it. */
function expectCoded(events: readonly ProgressEvent[]): void {
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    expect(event.said, `${event.phase}: ${event.message}`).toBeDefined();
    expect(event.said?.code).toMatch(/^progress:/);
    expect(wordCore(event.said!, 'en')).toBe(event.message);
    const korean = wordCore(event.said!, 'ko') ?? '';
    expect(korean).toMatch(HANGUL);
    expect(korean).not.toBe(event.message);
  }
}

describe('the progress events of writing a load', () => {
  const plan = buildLoadPlan();
  const chunks = plan.documents.flatMap((doc) => doc.chunks.map((chunk) => ({ chunk_id: chunk.chunk_id, text: chunk.text })));

  it('carries a progress code beside each English message of a fresh load, its parameters the figures of the message', async () => {
    const events: ProgressEvent[] = [];
    const embedder = createHashingEmbedder();
    await writeLoadPlan(fakeDriver({ unfinished: null, chunks, pending: chunks.length }), plan, embedder, (event) => events.push(event));
    expectCoded(events);
    expect(events.map((event) => event.phase)).toEqual(expect.arrayContaining(['wipe', 'chunks', 'indexes', 'embed']));
    const wrote = events.filter((event) => event.phase === 'chunks').at(-1);
    expect(wrote?.said).toEqual({ code: 'progress:chunks_written', params: { written: chunks.length, total: chunks.length } });
    expect(wrote?.message).toBe(`Wrote ${chunks.length} of ${chunks.length} chunks`);
    const embedded = events.filter((event) => event.phase === 'embed').at(-1);
    expect(embedded?.said?.code).toBe('progress:embedded');
    expect(embedded?.fraction).toBe(1);
    expect(events.at(-1)).toMatchObject({ phase: 'indexes', message: 'Indexes are online.', said: { code: 'progress:indexes_online' } });
  });

  it('carries codes for a resumed load too: the resumption and the chunks kept', async () => {
    const events: ProgressEvent[] = [];
    const embedder = createHashingEmbedder();
    const driver = fakeDriver({ unfinished: contentHash(plan), chunks, pending: 3 });
    await writeLoadPlan(driver, plan, embedder, (event) => events.push(event));
    expectCoded(events);
    expect(events[0]?.said?.code).toBe('progress:resume');
    const kept = events.find((event) => event.said?.code === 'progress:embed_resuming');
    expect(kept?.message).toBe(
      `Resuming: ${chunks.length - 3} of ${chunks.length} chunks already hold ${embedder.name} vectors and are kept.`,
    );
    expect(wordCore(kept!.said!, 'ko')).toContain(`청크 ${chunks.length}개 중 ${chunks.length - 3}개`);
  });
});
