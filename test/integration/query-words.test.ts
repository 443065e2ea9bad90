import { describe, expect, inject, it } from 'vitest';
import { MAX_QUESTION_CHARS, type RetrievalMode } from '../../shared/context-contract';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const SEARCH_MODES: readonly RetrievalMode[] = ['fulltext', 'hybrid', 'graph', 'vector'];
/**
 * 1,500 distinct words: more clauses than Lucene's limit of 1,024 allows in one query, in fewer
 * characters than a question may hold (MAX_QUESTION_CHARS: a longer one is refused at the door).
 */
const LONG_QUERY = ['runbook', ...Array.from({ length: 1_499 }, (_, i) => `w${i.toString(36).padStart(3, '0')}`)].join(' ');

describe('queries with no words, and queries with too many', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const mode of SEARCH_MODES) {
    it(`${mode}: a query of punctuation alone is an invalid request that says there is nothing to search for`, async () => {
      for (const query of ['???', '!!! ---', '* / *']) {
        const { response } = await ask(deps(), { query, principal: 'u-guest', mode });
        expect({ query, outcome: response.outcome, message: response.message }).toEqual({
          query,
          outcome: 'invalid_request',
          message: expect.stringMatching(/no words to search for/),
        });
        expect(response.message).not.toMatch(/Neo4j|Lucene|vector\.similarity/);
      }
    });
  }

  it('fulltext: a query of stop words alone says there was nothing to search for, not that the principal may see nothing', async () => {
    for (const query of ['NOT', 'the and of', 'AND OR NOT']) {
      const { response } = await ask(deps(), { query, principal: 'u-sora', mode: 'fulltext' });
      expect({ query, outcome: response.outcome, code: response.message_code }).toEqual({
        query,
        outcome: 'no_evidence',
        code: 'outcome:no_evidence_no_terms',
      });
      expect(response.message).toMatch(/leaves out every word of the query/);
    }
    // A real word that finds nothing is still an answer about what the principal may see.
    const { response } = await ask(deps(), { query: 'zyxwvutsq', principal: 'u-sora', mode: 'fulltext' });
    expect(response.message_code).toBe('outcome:no_evidence_none_visible');
  });

  it('the long query fits a question', () => {
    expect(LONG_QUERY.length).toBeLessThanOrEqual(MAX_QUESTION_CHARS);
    expect(new Set(LONG_QUERY.split(' ')).size).toBe(1_500);
  });

  for (const mode of ['fulltext', 'hybrid', 'auto'] as const) {
    it(`${mode}: a query over Lucene's clause limit is searched by its first words, and the stage says how many`, async () => {
      const { response } = await ask(deps(), { query: LONG_QUERY, principal: 'u-sora', mode });
      expect(['ok', 'no_evidence']).toContain(response.outcome);
      const note = response.stages.find((stage) => stage.name === 'fulltext')?.note ?? '';
      const [, used, given] = /first (\d+) of (\d+) words/.exec(note) ?? [];
      expect(Number(given)).toBe(1_500);
      // Each word is asked in both indexed text fields (the chunk's text and its title line), so the
      // clause limit holds about half as many words: 84 on the demo since fbd5a55, not over 100.
      expect(Number(used)).toBeGreaterThan(50);
      expect(Number(used)).toBeLessThan(1_500);
    });
  }

  it('fulltext: a query over the limit still finds what its first words match', async () => {
    // One real word among 1,500 is below the default relevance floor (2 terms); this test is about the clause limit, so it asks for 1.
    const { response } = await ask(deps(), { query: LONG_QUERY, principal: 'u-sora', mode: 'fulltext', options: { min_matched_terms: 1 } });
    expect(response.outcome).toBe('ok');
    expect(response.items.length).toBeGreaterThan(0);
  });
});
