import type { Driver } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../../electron/corpus/hashing-embedder';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { stoppedPartWay, writeLoadPlan } from '../../../electron/demo-graph/graph-writer';
import { loadWriteFailure } from '../../../electron/demo-graph/load-failure';
import * as q from '../../../electron/demo-graph/loader-queries';
import { wordCore } from '../../../shared/core-catalogues';
import { DEMO_CORPUS_SOURCE } from '../../../shared/demo-load-messages';
import { LensError } from '../../../shared/lens-error';

/**
 * The server going away (as the driver says it) when `failing` is run; every other statement is
 * taken, and the chunks still to embed are `pending`.
 */
function driverFailingAt(failing: string, pending: readonly { chunk_id: string; text: string }[] = []): Driver {
  const record = (values: Record<string, unknown>) => ({ get: (key: string) => values[key] });
  return {
    session: () => ({
      run: async (text: string) => {
        if (text === failing) throw Object.assign(new Error('Connection was closed by server'), { code: 'ServiceUnavailable' });
        return { records: text === q.PENDING_CHUNKS ? pending.map(record) : [] };
      },
      close: async () => undefined,
    }),
  } as unknown as Driver;
}

/** What `writeLoadPlan` throws over `driver`. */
async function writeFailure(driver: Driver): Promise<unknown> {
  try {
    await writeLoadPlan(driver, buildLoadPlan(), createHashingEmbedder(), () => undefined);
  } catch (error) {
    return error;
  }
  throw new Error('expected the write to fail');
}

const WHERE = { uri: 'bolt://127.0.0.1:7687', query: 'demo load', source: '/home/me/adrs' } as const;

describe('a load that fails part way through writing says the graph is now partial, and how to get a whole one back', () => {
  it('a failure before anything was written is the failure alone: the graph is as it was', async () => {
    const error = await writeFailure(driverFailingAt(q.UNFINISHED_CONTENT));
    expect(stoppedPartWay(error)).toBe(false);
    const said = loadWriteFailure(error, { ...WHERE, door: 'command' });
    expect(said).toMatchObject({ kind: 'unavailable', said: { code: 'error_server:unreachable' } });
  });

  it('a failure after the wipe says the graph holds part of the folder, keeping the outage’s kind and sentence (CLI)', async () => {
    const error = await writeFailure(driverFailingAt(q.WRITE_CHUNKS));
    expect(stoppedPartWay(error)).toBe(true);
    const said = loadWriteFailure(error, { ...WHERE, door: 'command' });
    expect(said).toBeInstanceOf(LensError);
    expect(said.kind).toBe('unavailable');
    expect(said.said?.code).toBe('error_server:demo_load_partial');
    expect(said.message).toBe(
      'Neo4j at bolt://127.0.0.1:7687 is unreachable (while loading the graph). The load of /home/me/adrs stopped part way through writing, so the local demo graph now holds only part of it; what it held before is gone.',
    );
    expect(said.hint).toBe(
      'Check that the server runs (`lens neo4j status` for the demo server) and that NEO4J_URI is right. Then run the same lens demo load again: it replaces the partial graph (a load that stopped while embedding resumes where it stopped); lens demo load alone puts the demo corpus back.',
    );
    expect(said.detail).toBe('query demo load: Connection was closed by server');
  });

  it('from the app it names the Connect screen’s ways back, in English and Korean', async () => {
    const error = await writeFailure(driverFailingAt(q.WRITE_CHUNKS));
    const said = loadWriteFailure(error, { ...WHERE, source: DEMO_CORPUS_SOURCE, door: 'screen' });
    expect(said.hint).toMatch(/Then load the folder again, or choose "Load the demo corpus again": either replaces the partial graph\.$/);
    expect(said.message).toContain('The load of demo corpus stopped part way through writing');
    const korean = wordCore(said.said!, 'ko') ?? '';
    expect(korean).toContain('데모 코퍼스의 적재가 쓰는 도중에 멈춰');
    expect(korean).toContain('bolt://127.0.0.1:7687');
    expect(wordCore(said.hintSaid!, 'ko')).toContain('"데모 코퍼스 다시 불러오기"');
  });

  it('a failure while embedding (after the structure was written) is partial too, and one without a hint of its own says to fix it', async () => {
    const error = await writeFailure(driverFailingAt(q.RECORD_LOAD));
    expect(stoppedPartWay(error)).toBe(true);
    const plain = new Error('embedder gave up');
    expect(stoppedPartWay(plain)).toBe(false);
    const fromEmbedder = await (async () => {
      const down = async () => Promise.reject(new LensError('unavailable', 'The embedder is down.'));
      const embedder = { ...createHashingEmbedder(), embed: down, embedMany: down };
      try {
        await writeLoadPlan(driverFailingAt('never', [{ chunk_id: 'a#0', text: 'A' }]), buildLoadPlan(), embedder, () => undefined);
      } catch (caught) {
        return caught;
      }
      throw new Error('expected the embedding to fail');
    })();
    expect(stoppedPartWay(fromEmbedder)).toBe(true);
    const said = loadWriteFailure(fromEmbedder, { ...WHERE, door: 'command' });
    expect(said.message).toMatch(/^The embedder is down\. The load of \/home\/me\/adrs stopped part way/);
    expect(said.hint).toMatch(/^Fix what stopped it\. Then run the same lens demo load again/);
  });
});
