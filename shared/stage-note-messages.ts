import { messageBuilder } from './core-message';

/**
 * What each stage did, in words: every stage note is a code of this catalogue (namespace `stage`)
 * with parameters; clauses that vary (how the planner chose, why full-text hits are post-filtered)
 * are messages of their own inside a parameter. The record's English `note` is worded from here.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  scope_visible:
    '{{visible}} of {{total}} chunks in the graph are visible to this principal under the access rule; {{counted}}, nothing fetched',
  scope_visible_filters:
    '{{visible}} of {{total}} chunks in the graph are visible to this principal under the access rule; the request filters are counted apart; {{counted}}, nothing fetched',
  counted_cached: 'counted at {{at}} on the same graph state (load marker and count-store counts unchanged), kept per connection',
  counted_now: 'counted now',
  one_document_chunks:
    "no chunk of this graph is part of two documents (checked once on this connection for the graph's state), so each chunk is judged by its one document without asking for its others",
  embedding: '{{kind}} embedder, {{dimensions}} dimensions',
  embedder_lexical: 'lexical',
  embedder_semantic: 'semantic',
  allowed_chunks: '{{allowed}} of {{total}} chunks allowed',
  allowed_chunks_filtered: '{{allowed}} of {{total}} chunks allowed by the access rule and the request filters',
  vector_exact: '{{allowed}}; exact cosine, not approximate, over {{scored}} chunks: {{how}}; {{choice}}; planning {{planning_ms}} ms',
  how_enumerated: "the allowed chunks enumerated through the full-text index's ACL terms ({{field}}), each re-judged by the access rule",
  how_judged: 'every chunk judged by the access rule',
  vector_ann:
    '{{allowed}}; approximate (ANN), {{rounds}} round(s) of adaptive over-fetch, last fetch {{fetched}}; {{choice}}; planning {{planning_ms}} ms',
  vector_ann_in_index:
    '{{allowed}}; approximate (ANN), {{rounds}} round(s) of adaptive over-fetch, last fetch {{fetched}}; {{property}} filtered inside the index; {{choice}}; planning {{planning_ms}} ms',
  choice_fixed: 'fixed exact-scan limit {{limit}}',
  choice_binary_quantized:
    'exact, whatever it costs: the vector index is binary-quantized, where ANN misses much of the exact top k of lexical vectors ({{embedder}})',
  choice_estimated: 'estimated exact {{exact_ms}} ms against ANN {{ann_ms}} ms ({{costs}})',
  choice_ann_short:
    'exact after ANN ended short: in {{rounds}} round(s) ANN kept {{kept}} of the {{wanted}} allowed hits its fetch was sized for, and its last fetch of {{asked}} returned {{fetched}} hits (the index gave no more)',
  // costs_default, costs_calibrated and costs_refined word runs recorded before ANN's re-scoring was costed apart (the *_rescored codes).
  costs_default:
    'default costs (graph too small to calibrate): exact {{exact_fixed}} ms + {{exact_per_chunk}} ms per chunk, ANN {{ann_fixed}} ms + {{ann_per_hit}} ms per hit',
  costs_default_rescored:
    'default costs (graph too small to calibrate): exact {{exact_fixed}} ms + {{exact_per_chunk}} ms per chunk, ANN {{ann_fixed}} ms + {{ann_per_hit}} ms per hit judged + {{ann_score_per_hit}} ms per allowed hit re-scored',
  costs_calibrated:
    'costs calibrated on this connection: exact {{exact_fixed}} ms + {{exact_per_chunk}} ms per chunk, ANN {{ann_fixed}} ms + {{ann_per_hit}} ms per hit',
  costs_calibrated_rescored:
    'costs calibrated on this connection: exact {{exact_fixed}} ms + {{exact_per_chunk}} ms per chunk, ANN {{ann_fixed}} ms + {{ann_per_hit}} ms per hit judged + {{ann_score_per_hit}} ms per allowed hit re-scored',
  costs_refined:
    'costs calibrated on this connection, refined by {{observed}} of its queries: exact {{exact_fixed}} ms + {{exact_per_chunk}} ms per chunk, ANN {{ann_fixed}} ms + {{ann_per_hit}} ms per hit',
  costs_refined_rescored:
    'costs calibrated on this connection, refined by {{observed}} of its queries: exact {{exact_fixed}} ms + {{exact_per_chunk}} ms per chunk, ANN {{ann_fixed}} ms + {{ann_per_hit}} ms per hit judged + {{ann_score_per_hit}} ms per allowed hit re-scored',
  fulltext_none_visible: 'under the access policy this principal may see no chunk at all, so the index was not asked',
  lucene_query: 'Lucene query "{{text}}"',
  lucene_query_capped: 'Lucene query of the first {{used}} of {{given}} words (Lucene allows {{max}} clauses per query): "{{text}}"',
  fulltext_in_index:
    '{{searched}}; the access rule is inside the index query ({{terms}} ACL terms in {{field}}, boost 0) and each hit is re-judged by the Cypher predicate; {{rounds}} round(s), last fetch {{fetched}}',
  fulltext_postfilter: '{{searched}}; {{reason}}, so hits are post-filtered; {{rounds}} round(s), last fetch {{fetched}}',
  acl_in_index_off: 'in-index ACL filtering is switched off',
  acl_no_fulltext_index: 'there is no full-text index',
  acl_no_terms_field: 'the index holds no ACL fields (no {{property}})',
  acl_terms_unrecorded: 'the graph does not record how {{property}} was written',
  acl_terms_encoding: '{{property}} is in encoding {{scheme}}, this build reads {{expected}}; reload the graph',
  acl_terms_uncovered: "the index's ACL terms do not cover {{properties}}, which the access policy reads",
  acl_terms_too_many: "the principal's rule needs {{count}} ACL terms, more than the {{max}} a Lucene query may carry here",
  fusion: '{{vector}} vector + {{fulltext}} full-text candidates, {{shared}} found by more than one',
  fusion_entity: '{{vector}} vector + {{fulltext}} full-text + {{entity}} entity candidates, {{shared}} found by more than one',
  entity_skipped: 'the graph has no entity index {{index}} and the question names no ADR number, so the entity signal was skipped',
  entity_signal:
    '{{source}}; named by the question: {{names}}; {{fetched}} chunks about them judged by the access rule and the request filters in the candidate query',
  entity_signal_denied:
    '{{source}}; named by the question: {{names}}, and {{denied}} the principal may not see (counted, not named); {{fetched}} chunks about the visible ones judged by the access rule and the request filters in the candidate query',
  entity_source_index: '{{hits}} hits of {{index}} and ADR numbers',
  entity_source_adr: 'no entity index {{index}}, ADR numbers only',
  entity_named: '{{label}} {{name}}',
  none: 'none',
  graph_expansion:
    '{{seeds}} seed chunks reached {{claims}} claims, {{paths}} evidence paths and {{entities}} entity nodes; every node is re-checked next',
  graph_expansion_no_evidence:
    'not followed: this graph has no {{relationship}} link into a chunk, so none of the {{seeds}} seed chunks leads to a claim; the seeds are the answer',
  template_rows:
    '{{rows}} rows; {{lacking}} without chunk_id and source_uri (reported as lacking provenance); the template carries no ACL predicate, so rows are post-filtered',
  template_rows_capped:
    'the first {{rows}} rows, the cap: the template returned more, which were not read (give it a LIMIT, e.g. LIMIT $top_k); {{lacking}} without chunk_id and source_uri (reported as lacking provenance); the template carries no ACL predicate, so rows are post-filtered',
  text2cypher_rows:
    '{{rows}} rows; {{lacking}} without chunk_id and source_uri (reported as lacking provenance); the generated query carries no ACL predicate, so rows are post-filtered',
  text2cypher_refused: '{{rows}} rows; refused ({{rule}}); nothing from the query became an item',
  text2cypher_failed: '{{rows}} rows; failed before the query gave rows',
  relevance: '{{lines}}',
  freshness: '{{stale}} stale, {{unknown}} unknown',
  packing: '{{used}} of {{max}} tokens used; {{cut}} cut',
  provider_call: '{{url}}',
  provider_http: 'HTTP {{status}} from {{url}}',
  provider_audit: '{{count}} violation(s)',
} as const;

/** A code of the stage-note catalogue. */
export type StageNoteCode = keyof typeof en;

const ko: Readonly<Record<StageNoteCode, string>> = {
  scope_visible: '그래프의 청크 {{total}}개 중 {{visible}}개를 이 주체가 접근 규칙에 따라 볼 수 있음; {{counted}}, 가져온 내용 없음',
  scope_visible_filters:
    '그래프의 청크 {{total}}개 중 {{visible}}개를 이 주체가 접근 규칙에 따라 볼 수 있음; 요청 필터는 따로 셈; {{counted}}, 가져온 내용 없음',
  counted_cached: '같은 그래프 상태(적재 표시와 개수 저장소 값이 그대로)에서 {{at}}에 센 값을 연결별로 보관해 씀',
  counted_now: '지금 셈',
  one_document_chunks:
    '이 그래프에는 두 문서에 속한 청크가 없으므로(이 연결에서 그래프 상태마다 한 번 확인함) 각 청크를 다른 문서를 묻지 않고 그 한 문서로 판단함',
  embedding: '{{kind}} 임베더, {{dimensions}}차원',
  embedder_lexical: '어휘 기반',
  embedder_semantic: '의미 기반',
  allowed_chunks: '청크 {{total}}개 중 {{allowed}}개 허용',
  allowed_chunks_filtered: '청크 {{total}}개 중 {{allowed}}개가 접근 규칙과 요청 필터로 허용됨',
  vector_exact: '{{allowed}}; 근사가 아닌 정확한 코사인 계산, 청크 {{scored}}개 대상: {{how}}; {{choice}}; 계획 {{planning_ms}} ms',
  how_enumerated: '허용된 청크를 전문 검색 인덱스의 ACL 용어({{field}})로 나열하고 각각 접근 규칙으로 다시 판정',
  how_judged: '모든 청크를 접근 규칙으로 판정',
  vector_ann: '{{allowed}}; 근사 검색(ANN), 적응형 추가 조회 {{rounds}}회, 마지막 조회 {{fetched}}개; {{choice}}; 계획 {{planning_ms}} ms',
  vector_ann_in_index:
    '{{allowed}}; 근사 검색(ANN), 적응형 추가 조회 {{rounds}}회, 마지막 조회 {{fetched}}개; {{property}}는 인덱스 안에서 걸러짐; {{choice}}; 계획 {{planning_ms}} ms',
  choice_fixed: '고정된 정확 스캔 한도 {{limit}}',
  choice_binary_quantized:
    '비용과 관계없이 정확 스캔: 벡터 인덱스가 이진 양자화되어 있어 어휘 벡터({{embedder}})의 정확한 상위 k개 중 많은 수를 ANN이 놓침',
  choice_estimated: '예상 시간: 정확 스캔 {{exact_ms}} ms, ANN {{ann_ms}} ms ({{costs}})',
  choice_ann_short:
    'ANN이 모자라게 끝나 정확 스캔으로 이어감: ANN이 {{rounds}}회 동안 조회 크기가 겨냥한 허용 결과 {{wanted}}개 중 {{kept}}개만 남겼고, 마지막 {{asked}}개 조회에 인덱스가 {{fetched}}개만 돌려줌(더 주지 않음)',
  costs_default:
    '기본 비용(보정하기에는 그래프가 작음): 정확 스캔 {{exact_fixed}} ms + 청크당 {{exact_per_chunk}} ms, ANN {{ann_fixed}} ms + 결과당 {{ann_per_hit}} ms',
  costs_default_rescored:
    '기본 비용(보정하기에는 그래프가 작음): 정확 스캔 {{exact_fixed}} ms + 청크당 {{exact_per_chunk}} ms, ANN {{ann_fixed}} ms + 판정한 결과당 {{ann_per_hit}} ms + 허용되어 다시 점수를 매긴 결과당 {{ann_score_per_hit}} ms',
  costs_calibrated:
    '이 연결에서 보정한 비용: 정확 스캔 {{exact_fixed}} ms + 청크당 {{exact_per_chunk}} ms, ANN {{ann_fixed}} ms + 결과당 {{ann_per_hit}} ms',
  costs_calibrated_rescored:
    '이 연결에서 보정한 비용: 정확 스캔 {{exact_fixed}} ms + 청크당 {{exact_per_chunk}} ms, ANN {{ann_fixed}} ms + 판정한 결과당 {{ann_per_hit}} ms + 허용되어 다시 점수를 매긴 결과당 {{ann_score_per_hit}} ms',
  costs_refined:
    '이 연결에서 보정하고 쿼리 {{observed}}개로 다듬은 비용: 정확 스캔 {{exact_fixed}} ms + 청크당 {{exact_per_chunk}} ms, ANN {{ann_fixed}} ms + 결과당 {{ann_per_hit}} ms',
  costs_refined_rescored:
    '이 연결에서 보정하고 쿼리 {{observed}}개로 다듬은 비용: 정확 스캔 {{exact_fixed}} ms + 청크당 {{exact_per_chunk}} ms, ANN {{ann_fixed}} ms + 판정한 결과당 {{ann_per_hit}} ms + 허용되어 다시 점수를 매긴 결과당 {{ann_score_per_hit}} ms',
  fulltext_none_visible: '접근 정책상 이 주체가 볼 수 있는 청크가 하나도 없어 인덱스에 묻지 않음',
  lucene_query: 'Lucene 쿼리 "{{text}}"',
  lucene_query_capped: '단어 {{given}}개 중 처음 {{used}}개로 만든 Lucene 쿼리 (Lucene은 쿼리당 절 {{max}}개까지 허용): "{{text}}"',
  fulltext_in_index:
    '{{searched}}; 접근 규칙이 인덱스 쿼리 안에 있고({{field}}의 ACL 용어 {{terms}}개, 가중치 0) 각 결과를 Cypher 조건으로 다시 판정; {{rounds}}회, 마지막 조회 {{fetched}}개',
  fulltext_postfilter: '{{searched}}; {{reason}}, 그래서 결과를 나중에 거름; {{rounds}}회, 마지막 조회 {{fetched}}개',
  acl_in_index_off: '인덱스 내 ACL 거르기가 꺼져 있음',
  acl_no_fulltext_index: '전문 검색 인덱스가 없음',
  acl_no_terms_field: '인덱스에 ACL 필드가 없음 ({{property}} 없음)',
  acl_terms_unrecorded: '그래프에 {{property}}를 어떻게 기록했는지 남아 있지 않음',
  acl_terms_encoding: '{{property}}의 인코딩이 {{scheme}}인데 이 빌드는 {{expected}}를 읽음; 그래프를 다시 적재하세요',
  acl_terms_uncovered: '인덱스의 ACL 용어가 접근 정책이 읽는 {{properties}}를 담지 않음',
  acl_terms_too_many: '이 주체의 규칙에는 ACL 용어 {{count}}개가 필요하지만 여기서 Lucene 쿼리는 {{max}}개까지만 담을 수 있음',
  fusion: '벡터 후보 {{vector}}개 + 전문 검색 후보 {{fulltext}}개, 그중 {{shared}}개는 둘 이상에서 찾음',
  fusion_entity: '벡터 후보 {{vector}}개 + 전문 검색 후보 {{fulltext}}개 + 엔터티 후보 {{entity}}개, 그중 {{shared}}개는 둘 이상에서 찾음',
  entity_skipped: '그래프에 엔터티 인덱스 {{index}}가 없고 질문에 ADR 번호도 없어 엔터티 신호를 건너뜀',
  entity_signal: '{{source}}; 질문이 지목한 것: {{names}}; 그에 관한 청크 {{fetched}}개를 후보 쿼리에서 접근 규칙과 요청 필터로 판정',
  entity_signal_denied:
    '{{source}}; 질문이 지목한 것: {{names}}, 그 밖에 이 주체가 볼 수 없는 것 {{denied}}개(이름 없이 개수만); 볼 수 있는 것에 관한 청크 {{fetched}}개를 후보 쿼리에서 접근 규칙과 요청 필터로 판정',
  entity_source_index: '{{index}} 결과 {{hits}}개와 ADR 번호',
  entity_source_adr: '엔터티 인덱스 {{index}} 없음, ADR 번호만 사용',
  entity_named: '{{label}} {{name}}',
  none: '없음',
  graph_expansion:
    '시드 청크 {{seeds}}개에서 주장 {{claims}}개, 근거 경로 {{paths}}개, 엔터티 노드 {{entities}}개에 닿음; 다음 단계에서 모든 노드를 다시 검사',
  graph_expansion_no_evidence:
    '따라가지 않음: 이 그래프에는 청크로 이어지는 {{relationship}} 관계가 없어 시드 청크 {{seeds}}개 중 어느 것도 주장에 닿지 않음; 시드가 곧 답',
  template_rows:
    '행 {{rows}}개; 그중 {{lacking}}개는 chunk_id와 source_uri가 없음(출처 없음으로 보고); 템플릿에 ACL 조건이 없어 행을 나중에 거름',
  template_rows_capped:
    '상한인 처음 {{rows}}개 행; 템플릿이 더 많은 행을 돌려주었지만 나머지는 읽지 않음(LIMIT $top_k처럼 LIMIT을 주세요); 그중 {{lacking}}개는 chunk_id와 source_uri가 없음(출처 없음으로 보고); 템플릿에 ACL 조건이 없어 행을 나중에 거름',
  text2cypher_rows:
    '행 {{rows}}개; 그중 {{lacking}}개는 chunk_id와 source_uri가 없음(출처 없음으로 보고); 생성된 쿼리에 ACL 조건이 없어 행을 나중에 거름',
  text2cypher_refused: '행 {{rows}}개; 거부됨 ({{rule}}); 쿼리 결과 중 항목이 된 것 없음',
  text2cypher_failed: '행 {{rows}}개; 쿼리가 행을 내기 전에 실패함',
  relevance: '{{lines}}',
  freshness: '오래됨 {{stale}}개, 알 수 없음 {{unknown}}개',
  packing: '토큰 {{max}}개 중 {{used}}개 사용; {{cut}}개 잘라냄',
  provider_call: '{{url}}',
  provider_http: '{{url}}의 HTTP {{status}} 응답',
  provider_audit: '위반 {{count}}건',
};

/** The catalogue, in every language of the UI. */
export const STAGE_NOTE_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const stageNote = messageBuilder<'stage', StageNoteCode>('stage');
