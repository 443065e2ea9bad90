import { describe, expect, it } from 'vitest';
import { wordAccessMessage } from '../../shared/acl/access-messages';
import type { WhyNotVerdict } from '../../shared/why-not';
import { WHY_NOT_MESSAGE_CODES, WHY_NOT_MESSAGES, whyNotMessages, wordWhyNotMessage } from '../../shared/why-not-messages';

const words = (verdict: WhyNotVerdict, language: 'en' | 'ko' = 'en') =>
  whyNotMessages(verdict, 'u-sora').map((message) => wordWhyNotMessage(message, language));

describe('why-not messages: each verdict in words', () => {
  it('has every code in both languages, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const code of WHY_NOT_MESSAGE_CODES)
      expect(placeholders(WHY_NOT_MESSAGES.ko[code]), code).toEqual(placeholders(WHY_NOT_MESSAGES.en[code]));
    expect(Object.keys(WHY_NOT_MESSAGES.en).sort()).toEqual([...WHY_NOT_MESSAGE_CODES].sort());
    expect(Object.keys(WHY_NOT_MESSAGES.ko).sort()).toEqual([...WHY_NOT_MESSAGE_CODES].sort());
  });

  it('words a denial with its rule, and carries the failed clauses for the access catalogue to word', () => {
    const [message] = whyNotMessages(
      {
        kind: 'not_visible',
        access: {
          node: 'chunk',
          reason: 'partition',
          rule: 'chunk.all_of[0] acl_partition',
          failed: [
            {
              path: 'chunk.all_of[0]',
              code: 'partitions_failed',
              params: { property: 'acl_partition', field: 'acl_partitions', found: 'security', expected: 'general, eng' },
            },
          ],
        },
      },
      'u-sora',
    );
    expect(message && wordWhyNotMessage(message)).toBe(
      'Not visible to u-sora: the chunk fails the access rule (in a partition the principal lacks; rule chunk.all_of[0] acl_partition).',
    );
    expect(message?.clauses?.map((clause) => wordAccessMessage(clause))).toEqual(['in the partition security, which the principal lacks']);
    // The reason in the reader's language, never the policy's code inside a Korean sentence.
    expect(message && wordWhyNotMessage(message, 'ko')).toBe(
      'u-sora에게 보이지 않음: 청크가 접근 규칙을 통과하지 못함 (주체에게 없는 파티션에 속함; 규칙 chunk.all_of[0] acl_partition).',
    );
  });

  it("shows a team policy's own reason code as it is, in either language", () => {
    const [message] = whyNotMessages(
      { kind: 'not_visible', access: { node: 'document', reason: 'legal_hold', rule: 'document.all_of[1]', failed: [] } },
      'u-sora',
    );
    expect(message && wordWhyNotMessage(message)).toBe(
      'Not visible to u-sora: its document fails the access rule (legal_hold; rule document.all_of[1]).',
    );
    expect(message && wordWhyNotMessage(message, 'ko')).toContain('(legal_hold; 규칙 document.all_of[1])');
  });

  it('words a chunk below the cut-off with its rank and score against the last item kept, and its stale demotion', () => {
    expect(
      words({
        kind: 'below_cutoff',
        rank: 7,
        score: 0.01412,
        candidates: 14,
        top_k: 3,
        last_kept: { item_rank: 3, chunk_id: 'd#0', rank: null, score: 0.031 },
        demoted_as_stale: 'superseded by adr-010',
      }),
    ).toEqual([
      'Scored below the cut-off: rank 7 of the 14 candidates packing received, score 0.0141; top_k is 3.',
      'The last item kept, #3 (chunk d#0), scored 0.0310.',
      'Its document is stale, so it was demoted below the current ones: superseded by adr-010.',
    ]);
  });

  it('labels a rank from a re-run as a re-run, and says so when the re-run does not reach the chunk either', () => {
    const ranked = words({
      kind: 'outside_candidates',
      rerun: { depth: 1000, candidates: 220, rank: 78, score: 0.0064, last_kept: { item_rank: 3, chunk_id: 'd#0', rank: 3, score: 0.031 } },
    });
    expect(ranked[0]).toMatch(/^Not among the candidates the run’s retrieval fetched/);
    expect(ranked[1]).toBe(
      'A re-run of the request as the same principal, with candidate lists 1000 deep and the graph as it is now, ranks it 78 of 220, score 0.0064.',
    );
    expect(ranked[2]).toBe('In that re-run the last item the run kept, #3 (chunk d#0), ranks 3, score 0.0310.');
    const absent = words({ kind: 'outside_candidates', rerun: { depth: 1000, candidates: 12, rank: null, score: null, last_kept: null } });
    expect(absent[1]).toMatch(/does not find it among its 12 candidates either/);
    expect(words({ kind: 'outside_candidates', rerun: null })).toHaveLength(1);
  });

  it('words each failed filter with what was asked and what the document holds', () => {
    expect(
      words({
        kind: 'filtered',
        filters: [
          { filter: 'document_types', expected: 'adr', found: 'runbook' },
          { filter: 'language', expected: 'en', found: null },
        ],
      }),
    ).toEqual([
      'Left out by the document-type filter: the request asks for adr, the document is runbook.',
      'Left out by the language filter: the request asks for en, and the document has no value for it.',
    ]);
  });

  it('words a document outside the allowed scopes with the scopes asked for and the document, in both languages', () => {
    const verdict: WhyNotVerdict = {
      kind: 'filtered',
      filters: [{ filter: 'allowed_scopes', expected: 'services: settlement-engine; document_ids: adr-011', found: 'runbook-x' }],
    };
    expect(words(verdict)).toEqual([
      'Left out by the allowed scopes: the request keeps only documents in services: settlement-engine; document_ids: adr-011, and the document runbook-x is in none of them (as the graph holds them now).',
    ]);
    expect(words(verdict, 'ko')[0]).toContain('허용 범위로 제외됨');
    expect(words(verdict, 'ko')[0]).toContain('runbook-x');
  });

  it('words a returned chunk, merged or demoted, in Korean from the same parameters', () => {
    const verdict: WhyNotVerdict = {
      kind: 'returned',
      item_index: 1,
      item_rank: 2,
      item_chunk_id: 'd#3',
      merged: true,
      freshness: { state: 'stale', reason: 'superseded by adr-010' },
    };
    expect(words(verdict)).toEqual([
      'Returned in item #2, merged after chunk d#3.',
      'It is stale and was demoted below the current items: superseded by adr-010.',
    ]);
    expect(words(verdict, 'ko')[0]).toBe('항목 #2에 청크 d#3 뒤로 병합되어 반환됨.');
  });

  it('words a failed run as a failure, saying what it was doing in the user’s words', () => {
    expect(words({ kind: 'run_failed', outcome: 'timeout', failed_stage: 'graph_expansion' })).toEqual([
      'The run ended in timeout while following the graph from the hits and returned nothing.',
    ]);
    expect(words({ kind: 'run_failed', outcome: 'timeout', failed_stage: 'graph_expansion' }, 'ko')).toEqual([
      '실행이 검색 결과에서 그래프를 따라가는 중에 timeout(으)로 끝나 아무것도 반환하지 않음.',
    ]);
    // A stage this build has no words for is named, which is all there is.
    expect(words({ kind: 'run_failed', outcome: 'timeout', failed_stage: 'some_new_stage' })).toEqual([
      'The run ended in timeout at the some_new_stage stage and returned nothing.',
    ]);
  });

  it('words a relevance-floor cut with what the chunk reached and how to see it, in either language', () => {
    const verdict: WhyNotVerdict = { kind: 'below_relevance_floor', detail: 'similarity 0.589 < 0.635' };
    expect(words(verdict)).toEqual([
      'Cut by the relevance floor: no search found it strongly enough to count as evidence (similarity 0.589 < 0.635). Lower the floor to see it.',
    ]);
    expect(words(verdict, 'ko')[0]).toContain('관련성 하한');
  });

  it('words a cut detail recorded as a code in the language asked, and keeps the English for the CLI and old runs', () => {
    const packing: WhyNotVerdict = {
      kind: 'packing',
      cut: 'duplicate',
      detail: 'already kept at rank 2',
      detail_code: 'cut:duplicate',
      detail_params: { rank: 2 },
      tokens: null,
      max_tokens: 800,
    };
    expect(words(packing)).toEqual(['Cut while packing as a duplicate (already kept at rank 2).']);
    expect(words(packing, 'ko')).toEqual(['패킹 중 중복으로 잘림 (이미 2위로 유지됨).']);
    const { detail_code: _code, detail_params: _params, ...old } = packing;
    expect(words(old, 'ko')).toEqual(['패킹 중 중복으로 잘림 (already kept at rank 2).']);
    const stale: WhyNotVerdict = {
      kind: 'stale_filtered',
      reason: 'superseded by adr-003',
      reason_code: 'freshness:superseded_by',
      reason_params: { successor: 'adr-003' },
    };
    expect(words(stale, 'ko')[0]).toContain('adr-003(으)로 대체됨');
    expect(words(stale, 'ko')[0]).not.toContain('superseded');
  });

  it('words a stale demotion recorded as a code in Korean', () => {
    const verdict: WhyNotVerdict = {
      kind: 'below_cutoff',
      rank: 7,
      score: 0.01412,
      candidates: 14,
      top_k: 3,
      last_kept: null,
      demoted_as_stale: 'superseded by adr-010',
      demoted_code: 'freshness:superseded_by',
      demoted_params: { successor: 'adr-010' },
    };
    expect(words(verdict).at(-1)).toBe('Its document is stale, so it was demoted below the current ones: superseded by adr-010.');
    expect(words(verdict, 'ko').at(-1)).toContain('adr-010(으)로 대체됨');
  });
});
