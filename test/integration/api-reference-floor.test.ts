import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDemoGraph, loadFolderGraph } from '../support/demo-graph';
import { ask, retrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT } from '../support/test-env';
import { SCRIPT_SAMPLE_CHUNKS } from '../../electron/retrieval/script-sample';

const server = inject('neo4j');

// The held-out API reference pages (test/fixtures/eval/api-reference-golden-set.yaml), English only,
// loaded with the real loader and searched with the hashing (lexical) embedder.
describe('the relevance floor over the API reference pages (test/fixtures/eval/api-reference)', () => {
  let deps: RetrievalDeps | undefined;
  let reader = '';
  beforeAll(async () => {
    reader = await loadFolderGraph(server, path.join(REPO_ROOT, 'test', 'fixtures', 'eval', 'api-reference'));
    deps = retrievalDeps(server);
  });
  afterAll(async () => {
    await deps?.close();
    await ensureDemoGraph(server);
  });

  it('says why a Korean question with no English word finds nothing with a lexical embedder, in the answer and the stage note', async () => {
    const query = '결제 금액의 일부만 환불하려면 어떻게 하나요?';
    for (const mode of ['vector', 'hybrid', 'graph', 'auto'] as const) {
      const { response } = await ask(deps as RetrievalDeps, { query, principal: reader, mode, top_k: 10 });
      expect({ mode, outcome: response.outcome }).toEqual({ mode, outcome: 'no_evidence' });
      expect({ mode, absent: response.relevance?.question_script_absent }).toEqual({ mode, absent: true });
      expect(response.message).toContain('holds a word in its script, and hashing-384 is a lexical embedder');
      expect(response.message).toContain('LENS_EMBEDDER=openai:<model>');
      const note = response.stages.find((stage) => stage.name === 'relevance_floor')?.note ?? '';
      expect(note).toContain('passages nearest to the question holds a word in its script');
    }
  });

  it('says why a Korean question with no English word finds nothing in fulltext mode, from a bounded read recorded in the trace', async () => {
    const query = '결제 금액의 일부만 환불하려면 어떻게 하나요?';
    const { response, run } = await ask(deps as RetrievalDeps, { query, principal: reader, mode: 'fulltext', top_k: 10 });
    expect(response.outcome).toBe('no_evidence');
    expect(response.relevance?.judged).toBe(0);
    expect(response.relevance?.question_script_absent_read).toBe(SCRIPT_SAMPLE_CHUNKS);
    expect(response.message_code).toBe('outcome:no_evidence_script_absent');
    expect(response.message).toContain(`none of the ${SCRIPT_SAMPLE_CHUNKS} passages read of those this principal may see holds a word`);
    expect(response.message).not.toContain('No evidence this principal may see answers the query');
    const note = response.stages.find((stage) => stage.name === 'relevance_floor')?.note ?? '';
    expect(note).toContain(`none of the ${SCRIPT_SAMPLE_CHUNKS} passages read`);
    const sample = run.queries.filter((executed) => executed.name.endsWith('visible-chunk-texts'));
    expect(sample.map((executed) => ({ stage: executed.stage, rows: executed.rows }))).toEqual([
      { stage: 'fulltext', rows: SCRIPT_SAMPLE_CHUNKS },
    ]);
  });

  it('says nothing of scripts in fulltext mode when the question carries a word in the pages’ script', async () => {
    const query = '결제 금액의 일부만 환불하려면 어떻게 하나요? zzyzxquux';
    const { response, run } = await ask(deps as RetrievalDeps, { query, principal: reader, mode: 'fulltext', top_k: 10 });
    expect(response.outcome).toBe('no_evidence');
    expect(response.relevance?.question_script_absent_read).toBeUndefined();
    expect(response.message_code).toBe('outcome:no_evidence_none_visible');
    // The sample was read (no hit), and it holds words in the script of `zzyzxquux`.
    expect(run.queries.filter((executed) => executed.name.endsWith('visible-chunk-texts')).length).toBe(1);
    // A run with hits reads no sample at all.
    const found = await ask(deps as RetrievalDeps, {
      query: '결제 금액의 일부만 refund 하려면 어떻게 하나요?',
      principal: reader,
      mode: 'fulltext',
    });
    expect(found.response.outcome).toBe('ok');
    expect(found.run.queries.filter((executed) => executed.name.endsWith('visible-chunk-texts'))).toEqual([]);
  });

  it('says nothing of scripts when the Korean question carries the English word the pages use', async () => {
    const query = '결제 금액의 일부만 refund 하려면 어떻게 하나요?';
    const { response } = await ask(deps as RetrievalDeps, { query, principal: reader, mode: 'vector', top_k: 10 });
    expect(response.relevance?.question_script_absent).toBeUndefined();
    expect(response.message ?? '').not.toContain('lexical embedder');
  });
});
