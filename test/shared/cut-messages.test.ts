import { describe, expect, it } from 'vitest';
import { CutRecord } from '../../shared/context-contract';
import { coreSentence, wordCore } from '../../shared/core-catalogues';
import { cutDetail } from '../../shared/cut-detail';
import { CUT_MESSAGES, cutMessage } from '../../shared/cut-messages';

describe('a cut detail worded from its code', () => {
  it('keeps the English detail packing always wrote beside the code', () => {
    const detail = cutDetail(
      cutMessage('merged_claims', {
        chunk: 'd#1',
        document: 'd',
        claims: [
          cutMessage('claim_of_chunk', { chunk: 'd#1', claim: 'c-1' }),
          cutMessage('claim_of_chunk', { chunk: 'd#2', claim: 'c-3' }),
        ],
      }),
    );
    expect(detail.detail).toBe('merged into d#1 (consecutive chunks of d); d#1 is evidence of claim c-1; d#2 is evidence of claim c-3');
    expect(detail.detail_code).toBe('cut:merged_claims');
  });

  it('words every packing detail in Korean with no English word left', () => {
    const messages = [
      cutMessage('duplicate', { rank: 2 }),
      cutMessage('duplicate_now_claim', { rank: 2, claim: 'c-1' }),
      cutMessage('duplicate_other_claim', { claim: 'c-2', kept_claim: 'c-1', rank: 1 }),
      cutMessage('claim_already_covered', { claim: 'c-1', chunk: 'a#0' }),
      cutMessage('evidence_limit', { max: 8 }),
      cutMessage('merged_claims', { chunk: 'd#1', document: 'd', claims: [cutMessage('claim_of_chunk', { chunk: 'd#1', claim: 'c-1' })] }),
      cutMessage('merged_with', { detail: [cutMessage('over_top_k', { top_k: 3 })], head: 'b#0' }),
      cutMessage('tokens_left', { left: 2, max: 800 }),
      cutMessage('required_did_not_fit'),
      cutMessage('below_floor', {
        sides: [
          cutMessage('similarity_below', { similarity: '0.120', floor: 0.3 }),
          cutMessage('terms_below', { matched: 1, terms: 4, floor: 2 }),
        ],
      }),
    ];
    for (const message of messages) {
      const korean = wordCore(message, 'ko');
      expect(korean, message.code).not.toBeNull();
      expect(korean, message.code).toMatch(/[가-힣]/);
      expect(korean, message.code).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(Object.keys(CUT_MESSAGES.ko).sort()).toEqual(Object.keys(CUT_MESSAGES.en).sort());
  });

  it('words a stale cut from the freshness catalogue', () => {
    const cut = CutRecord.parse({
      chunk_id: 'a#0',
      reason: 'stale_filtered',
      detail: 'superseded by ADR-2',
      detail_code: 'freshness:superseded_by',
      detail_params: { successor: 'ADR-2' },
    });
    expect(coreSentence(cut.detail_code, cut.detail_params, cut.detail, 'ko')).toBe('ADR-2(으)로 대체됨');
  });

  it('shows the English detail of a cut recorded before codes existed', () => {
    const old = CutRecord.parse({ chunk_id: 'a#0', reason: 'duplicate', detail: 'already kept at rank 1' });
    expect(old.detail_code).toBeUndefined();
    expect(coreSentence(old.detail_code, old.detail_params, old.detail, 'ko')).toBe('already kept at rank 1');
  });
});
