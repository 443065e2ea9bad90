import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDemoGraph, loadFolderGraph } from '../support/demo-graph';
import { ask, retrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');

// The held-out runbook pages (test/fixtures/eval/runbooks-golden-set.yaml), loaded with the real loader:
// a page's title names its subject ("Kube HPA Maxed Out") and its sections do not, so a question's
// second term was only in the chunk's title and headings line, and every chunk was cut at 1 of 2 terms.
describe('the full-text floor over the runbook pages (test/fixtures/eval/runbooks)', () => {
  let deps: RetrievalDeps | undefined;
  let reader = '';
  beforeAll(async () => {
    reader = await loadFolderGraph(server, path.join(REPO_ROOT, 'test', 'fixtures', 'eval', 'runbooks'));
    deps = retrievalDeps(server);
  });
  afterAll(async () => {
    await deps?.close();
    await ensureDemoGraph(server);
  });

  it('counts the title’s word beside the section’s own: a Korean question over an English page finds the page in full-text mode', async () => {
    const query = 'HPA가 maxReplicas에 계속 머물러 있으면 무엇을 확인해야 하나요?';
    const { response } = await ask(deps as RetrievalDeps, { query, principal: reader, mode: 'fulltext', top_k: 10 });
    expect(response.outcome).toBe('ok');
    expect(response.items.map((item) => item.document_id)).toContain('kubernetes--KubeHpaMaxedOut');
  });

  it('counts the page’s other sections for a Korean question whose two English words sit in two sections, in every searching mode', async () => {
    // ko-ntp: NTP is in the Meaning section, chronyd in Mitigation; each held 1 of the 2 Latin terms.
    const query = '노드 시계가 NTP와 동기화되지 않을 때 chronyd를 어떻게 켜나요?';
    for (const mode of ['fulltext', 'hybrid', 'graph', 'auto'] as const) {
      const { response } = await ask(deps as RetrievalDeps, { query, principal: reader, mode, top_k: 10 });
      expect({ mode, outcome: response.outcome }).toEqual({ mode, outcome: 'ok' });
      expect(response.items[0]?.document_id).toBe('node--NodeClockNotSynchronising');
    }
  });

  it('still hands over nothing for a question the folder does not answer', async () => {
    const query = 'How many vacation days do new hires get?';
    const { response } = await ask(deps as RetrievalDeps, { query, principal: reader, mode: 'fulltext', top_k: 10 });
    expect(response.outcome).toBe('no_evidence');
    expect(response.items).toEqual([]);
  });
});
