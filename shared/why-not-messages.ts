import type { AccessClauseMessage } from './acl/access-verdict';
import { coreSentence } from './core-catalogues';
import type { CoreLanguage, CoreMessage, CoreParams } from './core-message';
import type { LastKept, RerunPlace, WhyNotVerdict } from './why-not';
import { ACCESS_REASON_MESSAGES, knownAccessReason } from './acl/access-messages';
import { stageAction } from './stage-actions';

/**
 * "Why not this chunk?" in words: each verdict becomes message codes with parameters, worded by the
 * UI in its language (i18next, from the catalogue below) and by the CLI in English. A denial carries
 * its failed clauses, worded from the access catalogue (access-messages.ts).
 */

export const WHY_NOT_MESSAGE_CODES = [
  'returned',
  'returned_merged',
  'returned_stale',
  'not_visible_document',
  'not_visible_chunk',
  'filtered_document_types',
  'filtered_valid_at',
  'filtered_language',
  'filtered_allowed_scopes',
  'filtered_missing',
  'stale_filtered',
  'below_relevance_floor',
  'packing_duplicate',
  'packing_merged',
  'packing_claim_already_covered',
  'packing_evidence_limit',
  'packing_over_budget',
  'below_cutoff',
  'below_cutoff_unrecorded',
  'last_kept',
  'last_kept_unscored',
  'nothing_kept',
  'demoted_as_stale',
  'outside_candidates',
  'rerun_ranked',
  'rerun_last_kept',
  'rerun_last_kept_absent',
  'rerun_absent',
  'run_failed',
  'run_failed_at_stage',
  'run_failed_while',
] as const;
export type WhyNotMessageCode = (typeof WHY_NOT_MESSAGE_CODES)[number];

/**
 * One sentence as a code and its parameters; a denial also carries the clauses that failed. A
 * parameter the run recorded as a core message code (a cut's detail, a freshness reason) is also in
 * `coded`, so the UI words it in its language; `params` keeps its English for the CLI and old runs.
 */
export interface WhyNotMessage {
  readonly code: WhyNotMessageCode;
  readonly params: Readonly<Record<string, string>>;
  readonly clauses?: readonly AccessClauseMessage[];
  readonly coded?: Readonly<Record<string, CoreMessage>>;
}

/** `coded` for one parameter, when the run recorded its code. */
function codedParam(name: string, code: string | undefined, params: CoreParams | undefined): Pick<WhyNotMessage, 'coded'> {
  return code === undefined ? {} : { coded: { [name]: { code, params: params ?? {} } } };
}

const message = (code: WhyNotMessageCode, params: Record<string, string> = {}): WhyNotMessage => ({ code, params });
const score = (value: number | null) => (value === null ? '?' : value.toFixed(4));
const whole = (value: number | null) => (value === null ? '?' : String(value));

/**
 * A failed run's sentence: what the app was doing when it failed, in the user's words (`while following
 * the graph from the hits`); the stage's own name only for a stage that has no words of its own.
 */
function runFailedMessage(outcome: string, stage: string | null): WhyNotMessage {
  if (stage === null) return message('run_failed', { outcome });
  const action = stageAction(stage);
  if (!action) return message('run_failed_at_stage', { outcome, stage });
  const english = coreSentence(action.code, action.params, stage, 'en') ?? stage;
  return { ...message('run_failed_while', { outcome, action: english }), ...codedParam('action', action.code, action.params) };
}

function lastKeptMessage(last: LastKept | null): WhyNotMessage {
  if (!last) return message('nothing_kept');
  const params = { item_rank: String(last.item_rank), chunk: last.chunk_id, score: score(last.score) };
  return last.score === null ? message('last_kept_unscored', params) : message('last_kept', params);
}

function rerunMessages(rerun: RerunPlace): WhyNotMessage[] {
  const depth = String(rerun.depth);
  if (rerun.rank === null) return [message('rerun_absent', { depth, candidates: String(rerun.candidates) })];
  const placed = message('rerun_ranked', {
    depth,
    candidates: String(rerun.candidates),
    rank: String(rerun.rank),
    score: score(rerun.score),
  });
  const last = rerun.last_kept;
  if (!last) return [placed, message('nothing_kept')];
  const lastParams = { item_rank: String(last.item_rank), chunk: last.chunk_id, rank: whole(last.rank), score: score(last.score) };
  return [placed, message(last.rank === null ? 'rerun_last_kept_absent' : 'rerun_last_kept', lastParams)];
}

function belowCutoffMessages(verdict: Extract<WhyNotVerdict, { kind: 'below_cutoff' }>): WhyNotMessage[] {
  const topK = String(verdict.top_k);
  const placed =
    verdict.rank === null
      ? message('below_cutoff_unrecorded', { top_k: topK })
      : message('below_cutoff', {
          rank: String(verdict.rank),
          candidates: whole(verdict.candidates),
          score: score(verdict.score),
          top_k: topK,
        });
  const demoted =
    verdict.demoted_as_stale === null
      ? []
      : [
          {
            ...message('demoted_as_stale', { reason: verdict.demoted_as_stale }),
            ...codedParam('reason', verdict.demoted_code, verdict.demoted_params),
          },
        ];
  return [placed, lastKeptMessage(verdict.last_kept), ...demoted];
}

/** The sentences of one verdict, in order; `principalId` is who asked. */
export function whyNotMessages(verdict: WhyNotVerdict, principalId: string): WhyNotMessage[] {
  switch (verdict.kind) {
    case 'returned': {
      const params = { rank: String(verdict.item_rank), chunk: verdict.item_chunk_id };
      const { freshness } = verdict;
      const reason = codedParam('reason', freshness.code === undefined ? undefined : `freshness:${freshness.code}`, freshness.params);
      const stale = freshness.state === 'stale' ? [{ ...message('returned_stale', { reason: freshness.reason }), ...reason }] : [];
      return [message(verdict.merged ? 'returned_merged' : 'returned', params), ...stale];
    }
    case 'not_visible': {
      const { access } = verdict;
      // A reason this build names is worded in the reader's language; a team's own reason code is shown as it is.
      const known = knownAccessReason(access.reason);
      const params = { principal: principalId, reason: known ? ACCESS_REASON_MESSAGES.en[known] : access.reason, rule: access.rule };
      return [
        {
          code: access.node === 'chunk' ? 'not_visible_chunk' : 'not_visible_document',
          params,
          clauses: access.failed,
          ...codedParam('reason', known ? `access_reason:${known}` : undefined, {}),
        },
      ];
    }
    case 'filtered':
      return verdict.filters.map((failed) =>
        failed.found === null
          ? message('filtered_missing', { filter: failed.filter, expected: failed.expected })
          : message(`filtered_${failed.filter}`, { expected: failed.expected, found: failed.found }),
      );
    case 'stale_filtered':
      return [
        { ...message('stale_filtered', { reason: verdict.reason }), ...codedParam('reason', verdict.reason_code, verdict.reason_params) },
      ];
    case 'below_relevance_floor':
      return [
        {
          ...message('below_relevance_floor', { detail: verdict.detail }),
          ...codedParam('detail', verdict.detail_code, verdict.detail_params),
        },
      ];
    case 'packing':
      return [
        {
          ...message(`packing_${verdict.cut}`, {
            detail: verdict.detail ?? '',
            tokens: whole(verdict.tokens),
            max_tokens: String(verdict.max_tokens),
          }),
          ...codedParam('detail', verdict.detail_code, verdict.detail_params),
        },
      ];
    case 'below_cutoff':
      return belowCutoffMessages(verdict);
    case 'outside_candidates':
      return [message('outside_candidates'), ...(verdict.rerun ? rerunMessages(verdict.rerun) : [])];
    case 'run_failed':
      return [runFailedMessage(verdict.outcome, verdict.failed_stage)];
  }
}

/** The catalogue, in every language of the UI (i18next's `{{name}}` placeholders). */
export const WHY_NOT_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<WhyNotMessageCode, string>>>> = {
  en: {
    returned: 'Returned as item #{{rank}}.',
    returned_merged: 'Returned in item #{{rank}}, merged after chunk {{chunk}}.',
    returned_stale: 'It is stale and was demoted below the current items: {{reason}}.',
    not_visible_document: 'Not visible to {{principal}}: its document fails the access rule ({{reason}}; rule {{rule}}).',
    not_visible_chunk: 'Not visible to {{principal}}: the chunk fails the access rule ({{reason}}; rule {{rule}}).',
    filtered_document_types: 'Left out by the document-type filter: the request asks for {{expected}}, the document is {{found}}.',
    filtered_valid_at:
      'Left out by the validity filter: the request asks for documents valid at {{expected}}, the document is valid {{found}}.',
    filtered_language: 'Left out by the language filter: the request asks for {{expected}}, the document is in {{found}}.',
    filtered_allowed_scopes:
      'Left out by the allowed scopes: the request keeps only documents in {{expected}}, and the document {{found}} is in none of them (as the graph holds them now).',
    filtered_missing: 'Left out by the {{filter}} filter: the request asks for {{expected}}, and the document has no value for it.',
    stale_filtered: 'Left out as stale, since the request drops stale items: {{reason}}.',
    below_relevance_floor:
      'Cut by the relevance floor: no search found it strongly enough to count as evidence ({{detail}}). Lower the floor to see it.',
    packing_duplicate: 'Cut while packing as a duplicate ({{detail}}).',
    packing_merged: 'Cut while packing: merged into a neighbouring chunk ({{detail}}).',
    packing_claim_already_covered: 'Cut while packing: its claim was already covered ({{detail}}).',
    packing_evidence_limit: 'Cut while packing: over the evidence-chunk limit ({{detail}}).',
    packing_over_budget: 'Cut while packing: it needed {{tokens}} tokens and did not fit the budget of {{max_tokens}} ({{detail}}).',
    below_cutoff:
      'Scored below the cut-off: rank {{rank}} of the {{candidates}} candidates packing received, score {{score}}; top_k is {{top_k}}.',
    below_cutoff_unrecorded: 'Ranked below the cut-off (top_k {{top_k}}); this run did not record its rank or score.',
    last_kept: 'The last item kept, #{{item_rank}} (chunk {{chunk}}), scored {{score}}.',
    last_kept_unscored: 'The last item kept is #{{item_rank}} (chunk {{chunk}}).',
    nothing_kept: 'The run kept no item.',
    demoted_as_stale: 'Its document is stale, so it was demoted below the current ones: {{reason}}.',
    outside_candidates:
      'Not among the candidates the run’s retrieval fetched: the run records only what it kept or cut, so it does not say how this chunk ranked.',
    rerun_ranked:
      'A re-run of the request as the same principal, with candidate lists {{depth}} deep and the graph as it is now, ranks it {{rank}} of {{candidates}}, score {{score}}.',
    rerun_last_kept: 'In that re-run the last item the run kept, #{{item_rank}} (chunk {{chunk}}), ranks {{rank}}, score {{score}}.',
    rerun_last_kept_absent: 'The last item the run kept, #{{item_rank}} (chunk {{chunk}}), is not in that re-run’s ranking.',
    rerun_absent:
      'A re-run with candidate lists {{depth}} deep and the graph as it is now does not find it among its {{candidates}} candidates either: the query does not reach it.',
    run_failed: 'The run ended in {{outcome}} and returned nothing.',
    run_failed_at_stage: 'The run ended in {{outcome}} at the {{stage}} stage and returned nothing.',
    run_failed_while: 'The run ended in {{outcome}} while {{action}} and returned nothing.',
  },
  ko: {
    returned: '항목 #{{rank}}(으)로 반환됨.',
    returned_merged: '항목 #{{rank}}에 청크 {{chunk}} 뒤로 병합되어 반환됨.',
    returned_stale: '오래된 항목이라 현재 항목들 뒤로 밀림: {{reason}}.',
    not_visible_document: '{{principal}}에게 보이지 않음: 문서가 접근 규칙을 통과하지 못함 ({{reason}}; 규칙 {{rule}}).',
    not_visible_chunk: '{{principal}}에게 보이지 않음: 청크가 접근 규칙을 통과하지 못함 ({{reason}}; 규칙 {{rule}}).',
    filtered_document_types: '문서 유형 필터로 제외됨: 요청은 {{expected}}을(를) 원하고, 문서는 {{found}}임.',
    filtered_valid_at: '유효 기간 필터로 제외됨: 요청은 {{expected}}에 유효한 문서를 원하고, 문서의 유효 기간은 {{found}}임.',
    filtered_language: '언어 필터로 제외됨: 요청은 {{expected}}을(를) 원하고, 문서 언어는 {{found}}임.',
    filtered_allowed_scopes:
      '허용 범위로 제외됨: 요청은 {{expected}}에 속한 문서만 남기고, 문서 {{found}}은(는) 그중 어디에도 속하지 않음(현재 그래프 기준).',
    filtered_missing: '{{filter}} 필터로 제외됨: 요청은 {{expected}}을(를) 원하지만 문서에 해당 값이 없음.',
    stale_filtered: '요청이 오래된 항목을 제외하므로 빠짐: {{reason}}.',
    below_relevance_floor:
      '관련성 하한에서 잘림: 어떤 검색도 근거로 삼을 만큼 강하게 찾지 못했습니다 ({{detail}}). 보려면 하한을 낮추세요.',
    packing_duplicate: '패킹 중 중복으로 잘림 ({{detail}}).',
    packing_merged: '패킹 중 잘림: 이웃 청크에 병합됨 ({{detail}}).',
    packing_claim_already_covered: '패킹 중 잘림: 해당 주장이 이미 다른 근거로 다뤄짐 ({{detail}}).',
    packing_evidence_limit: '패킹 중 잘림: 근거 청크 수 한도를 넘음 ({{detail}}).',
    packing_over_budget: '패킹 중 잘림: {{tokens}} 토큰이 필요했지만 예산 {{max_tokens}}에 들어가지 않음 ({{detail}}).',
    below_cutoff: '기준선 아래 점수: 패킹이 받은 후보 {{candidates}}개 중 {{rank}}위, 점수 {{score}}; top_k는 {{top_k}}.',
    below_cutoff_unrecorded: '기준선(top_k {{top_k}}) 아래로 밀림; 이 실행은 순위와 점수를 기록하지 않음.',
    last_kept: '마지막으로 남은 항목 #{{item_rank}}(청크 {{chunk}})의 점수는 {{score}}.',
    last_kept_unscored: '마지막으로 남은 항목은 #{{item_rank}}(청크 {{chunk}}).',
    nothing_kept: '이 실행은 남긴 항목이 없음.',
    demoted_as_stale: '문서가 오래되어 현재 문서들 뒤로 밀림: {{reason}}.',
    outside_candidates: '실행의 검색이 가져온 후보에 없음: 실행은 남기거나 자른 것만 기록하므로 이 청크의 순위는 알 수 없음.',
    rerun_ranked:
      '같은 주체로 후보 목록을 {{depth}}개까지 늘려 현재 그래프에서 다시 실행하면 {{candidates}}개 중 {{rank}}위, 점수 {{score}}.',
    rerun_last_kept: '그 재실행에서 원래 실행의 마지막 항목 #{{item_rank}}(청크 {{chunk}})은 {{rank}}위, 점수 {{score}}.',
    rerun_last_kept_absent: '원래 실행의 마지막 항목 #{{item_rank}}(청크 {{chunk}})은 그 재실행의 순위에 없음.',
    rerun_absent:
      '후보 목록을 {{depth}}개까지 늘려 현재 그래프에서 다시 실행해도 후보 {{candidates}}개 안에 없음: 질의가 이 청크에 닿지 않음.',
    run_failed: '실행이 {{outcome}}(으)로 끝나 아무것도 반환하지 않음.',
    run_failed_at_stage: '실행이 {{stage}} 단계에서 {{outcome}}(으)로 끝나 아무것도 반환하지 않음.',
    run_failed_while: '실행이 {{action}} 중에 {{outcome}}(으)로 끝나 아무것도 반환하지 않음.',
  },
};

/** A message's parameters in `language`: those recorded as codes worded from their catalogue (their English where this build lacks the code). */
export function whyNotParams(entry: WhyNotMessage, language: CoreLanguage = 'en'): Record<string, string> {
  const coded = Object.entries(entry.coded ?? {}).map(([name, said]) => [
    name,
    coreSentence(said.code, said.params, entry.params[name], language) ?? '',
  ]);
  return { ...entry.params, ...Object.fromEntries(coded) };
}

/** Words a message (English by default, as the CLI does; the UI words it through i18next from the same catalogue and `whyNotParams`). */
export function wordWhyNotMessage(entry: WhyNotMessage, language: 'en' | 'ko' = 'en'): string {
  const params = whyNotParams(entry, language);
  return WHY_NOT_MESSAGES[language][entry.code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}
