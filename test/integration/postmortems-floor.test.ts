import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDemoGraph, loadFolderGraph } from '../support/demo-graph';
import { askFulltext, fulltextFound } from '../support/held-out-sets';
import { retrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');
const SET = path.join(REPO_ROOT, 'test', 'fixtures', 'eval', 'postmortems-golden-set.yaml');

// The held-out postmortem pages (test/fixtures/eval/postmortems-golden-set.yaml), English only, loaded with the
// real loader and searched in fulltext mode: floors under the figures measured on 2026-12-07 before any change,
// so a real regression fails here while a small gain or loss does not.
describe('the held-out postmortems set in fulltext mode (test/fixtures/eval/postmortems)', () => {
  let deps: RetrievalDeps | undefined;
  let reader = '';
  beforeAll(async () => {
    reader = await loadFolderGraph(server, path.join(REPO_ROOT, 'test', 'fixtures', 'eval', 'postmortems'));
    deps = retrievalDeps(server);
  });
  afterAll(async () => {
    await deps?.close();
    await ensureDemoGraph(server);
  });

  it('finds at least 28 of the 35 expected documents of the answerable questions among their first 10 (31 measured)', async () => {
    const { found, expected } = await fulltextFound(deps as RetrievalDeps, reader, SET);
    // Measured 2026-12-07: 31 of 35 (fulltext recall@10 0.923 by `lens eval`, whose no-answer questions score 1).
    expect(expected).toBe(35);
    expect(found).toBeGreaterThanOrEqual(28);
  });

  it('hands nothing over in fulltext for the Elasticsearch question no postmortem answers', async () => {
    const response = await askFulltext(deps as RetrievalDeps, reader, 'What caused the Elasticsearch cluster split-brain?');
    expect(response.outcome).toBe('no_evidence');
    expect(response.items).toEqual([]);
  });

  it('says why the Korean question with no English word finds nothing in fulltext mode', async () => {
    const response = await askFulltext(deps as RetrievalDeps, reader, '서머타임 전환 날 밤에 청구서가 두 번 발송된 이유는?');
    expect(response.outcome).toBe('no_evidence');
    expect(response.message_code).toBe('outcome:no_evidence_script_absent');
  });
});
