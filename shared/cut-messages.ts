import { messageBuilder } from './core-message';

/**
 * Why each cut chunk was cut, in words: a cut's detail (`CutRecord.detail_code`) is a code of this
 * catalogue (namespace `cut`) with parameters, or of the freshness catalogue for a stale cut. The
 * record's English `detail` is worded from here; the UI words the code in its language.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  duplicate: 'already kept at rank {{rank}}',
  duplicate_now_claim: 'already kept at rank {{rank}}, now as evidence of claim {{claim}}',
  duplicate_other_claim: 'also evidence of claim {{claim}}; kept once, under claim {{kept_claim}} (rank {{rank}})',
  claim_already_covered: 'claim {{claim}} is already covered by chunk {{chunk}}',
  evidence_limit: 'at most {{max}} evidence chunks are kept',
  merged: 'merged into {{chunk}} (consecutive chunks of {{document}})',
  merged_claims: 'merged into {{chunk}} (consecutive chunks of {{document}}); {{claims}}',
  claim_of_chunk: '{{chunk}} is evidence of claim {{claim}}',
  over_top_k: 'only {{top_k}} items are kept',
  required_did_not_fit: 'required path did not fit',
  tokens_left: '{{left}} of {{max}} tokens were left',
  merged_with: '{{detail}} (merged with {{head}})',
  below_floor: '{{sides}}',
  similarity_below: 'similarity {{similarity}} < {{floor}}',
  terms_below: '{{matched}} of {{terms}} query terms < {{floor}}',
} as const;

/** A code of the cut catalogue. */
export type CutMessageCode = keyof typeof en;

const ko: Readonly<Record<CutMessageCode, string>> = {
  duplicate: '이미 {{rank}}위로 유지됨',
  duplicate_now_claim: '이미 {{rank}}위로 유지됨, 이제 주장 {{claim}}의 근거로',
  duplicate_other_claim: '주장 {{claim}}의 근거이기도 함. 주장 {{kept_claim}} 아래에 한 번만 유지됨({{rank}}위)',
  claim_already_covered: '주장 {{claim}}은(는) 이미 청크 {{chunk}}가 뒷받침함',
  evidence_limit: '근거 청크는 최대 {{max}}개까지 유지됨',
  merged: '{{chunk}}에 병합됨({{document}}의 연속 청크)',
  merged_claims: '{{chunk}}에 병합됨({{document}}의 연속 청크). {{claims}}',
  claim_of_chunk: '{{chunk}}는 주장 {{claim}}의 근거',
  over_top_k: '항목은 {{top_k}}개만 유지됨',
  required_did_not_fit: '필수 경로가 예산에 들어가지 않음',
  tokens_left: '{{max}} 토큰 중 {{left}} 토큰이 남아 있었음',
  merged_with: '{{detail}}({{head}}와 병합됨)',
  below_floor: '{{sides}}',
  similarity_below: '유사도 {{similarity}} < {{floor}}',
  terms_below: '질의어 {{terms}}개 중 {{matched}}개 일치 < {{floor}}',
};

/** The catalogue, in every language of the UI. */
export const CUT_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const cutMessage = messageBuilder<'cut', CutMessageCode>('cut');
