import { describe, expect, inject, it } from 'vitest';
import type { RetrievalMode } from '../../shared/context-contract';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const HR_QUERY = '연봉 조정 정책 salary adjustment performance review';
const isHr = (documentId: string) => documentId.startsWith('policy-hr-');

describe('fault injection: each enforcement point catches what the one before it let through', () => {
  const deps = useDemoRetrievalDeps(server);

  const modes: { mode: RetrievalMode; options?: Record<string, unknown> }[] = [
    { mode: 'vector' },
    { mode: 'fulltext' },
    { mode: 'hybrid' },
    { mode: 'graph' },
    { mode: 'cypher', options: { template_id: 'chunks-containing' } },
  ];

  for (const { mode, options } of modes) {
    const query = mode === 'cypher' ? '연봉' : HR_QUERY;

    it(`${mode}: with the pre-filter switched off, the after-expansion check cuts the HR documents`, async () => {
      const broken = await ask(deps(), { query, principal: 'u-sora', mode, options }, { skipPrefilter: true });
      expect(['ok', 'no_evidence']).toContain(broken.response.outcome);
      expect(broken.response.items.filter((item) => isHr(item.document_id))).toEqual([]);
      const caught = broken.response.denied.filter((d) => d.stage === 'after_expansion').reduce((sum, d) => sum + d.count, 0);
      expect(caught).toBeGreaterThan(0);
      expect(broken.response.denied.filter((d) => d.stage === 'before_candidates')).toEqual([]);
    });

    it(`${mode}: with the pre-filter and the re-check both off, the final check ends in acl_violation with no items`, async () => {
      const { response } = await ask(deps(), { query, principal: 'u-sora', mode, options }, { skipPrefilter: true, skipRecheck: true });
      expect(response.outcome).toBe('acl_violation');
      expect(response.answerable).toBe(false);
      expect(response.items).toEqual([]);
      expect(response.failed_stage).toBe('before_output');
      expect(response.denied.find((d) => d.stage === 'before_output')?.count).toBeGreaterThan(0);
      expect(response.message).toMatch(/earlier enforcement point/);
    });
  }

  it('never puts denied content into the response, only counts', async () => {
    const { response } = await ask(deps(), { query: HR_QUERY, principal: 'u-sora', mode: 'graph' }, { skipPrefilter: true });
    const text = JSON.stringify(response);
    expect(text).not.toMatch(/policy-hr-/);
    expect(response.denied.length).toBeGreaterThan(0);
  });
});
