import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDemoGraph } from '../support/demo-graph';
import { startOpenAiStub, stubVector, type OpenAiStub } from '../support/openai-stub-server';
import { runLens } from '../support/run-lens';
import { REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');
const KEY = 'sk-cli-secret-key-77777777';

let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub({ dimensions: 16 });
});
afterAll(() => stub.close());

/** The variables that point the CLI at the stub's model, with a key that must never be printed. */
const modelEnv = () => ({ LENS_EMBEDDER: 'openai:stub-embed:16', OPENAI_BASE_URL: stub.baseUrl, OPENAI_API_KEY: KEY });

describe('lens embed uses the configured embedder', () => {
  it('prints the model vector with LENS_EMBEDDER set, sending the key only to the server', async () => {
    const before = stub.requests.length;
    const run = await runLens(['embed', 'payments ledger', '--json'], { ...modelEnv(), LENS_HOME: path.join(server.home, 'no-store') });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { embedder: string; kind: string; dimensions: number; vector: number[] };
    expect({ embedder: printed.embedder, kind: printed.kind, dimensions: printed.dimensions }).toEqual({
      embedder: 'openai:stub-embed:16',
      kind: 'semantic',
      dimensions: 16,
    });
    expect(printed.vector).toEqual(stubVector('payments ledger', 16).map(Math.fround));
    expect(stub.requests.slice(before).map((request) => request.authorization)).toEqual([`Bearer ${KEY}`]);
    expect(`${run.stdout}${run.stderr}`).not.toContain('77777777');
  });

  it('says the key was refused without printing it', async () => {
    for (const json of [false, true]) {
      stub.enqueue('embeddings', { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}.` } } });
      const run = await runLens(['embed', 'x', ...(json ? ['--json'] : [])], {
        ...modelEnv(),
        LENS_HOME: path.join(server.home, 'no-store'),
      });
      expect(run.code).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toMatch(/refused/);
      expect(`${run.stdout}${run.stderr}`).not.toContain('77777777');
    }
  });
});

describe.skipIf(!server.local)(
  'lens demo load embeds with LENS_EMBEDDER (skipped without a local server: it drives the local server)',
  () => {
    afterAll(async () => {
      await ensureDemoGraph(server);
    }, 600_000);

    it('loads a folder with the model, 16 dimensions, and prints no key', async () => {
      const docs = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions', 'madr');
      const before = stub.requests.length;
      const run = await runLens(['demo', 'load', '--docs', docs, '--json'], { ...modelEnv(), LENS_HOME: server.home }, 300_000);
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout) as { counts: { chunks: number }; embedder: unknown; embedding: unknown };
      expect(summary.embedder).toEqual({ name: 'openai:stub-embed:16', features: null, dimensions: 16, kind: 'semantic' });
      expect(summary.embedding).toEqual({
        embedded: summary.counts.chunks,
        kept: 0,
        batches: Math.ceil(summary.counts.chunks / 64),
        resumed: false,
      });
      expect(stub.requests.length - before).toBe(Math.ceil(summary.counts.chunks / 64));
      expect(`${run.stdout}${run.stderr}`).not.toContain('77777777');
    }, 300_000);
  },
);
