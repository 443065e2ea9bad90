import { messageBuilder } from './core-message';

/**
 * Why a run ended as it did, in words: the sentence of every outcome but ok (`ContextResponse.message`)
 * is a code of this catalogue (namespace `outcome`) with parameters. The record's English `message`
 * is worded from here; the UI words the code in its language.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  acl_violation_final:
    '{{count}} item(s) failed the final access check ({{reasons}}): an earlier enforcement point let them through, so nothing is returned.',
  no_evidence_budget: 'Evidence was found, but no item fits in {{max}} tokens; raise max_tokens.',
  no_evidence_floor: '{{what}} {{lines}}.',
  no_evidence_filter: 'No evidence: the filter {{filters}} matches no document in the graph (the notes list the values it holds).',
  filter_values: '{{filter}} {{values}}',
  no_evidence_none_visible: 'No evidence this principal may see answers the query.',
  no_evidence_no_terms:
    'No evidence: the full-text index leaves out every word of the query (stop words such as "the" or "not"), so there was nothing to search for; ask with a word that carries meaning.',
  no_evidence_script_absent: 'No evidence: {{line}}.',
  no_evidence_template_needs:
    'No evidence: the template {{template}} answers from {{label}} nodes, and this graph holds none at all, whoever asks; pick another template or mode for this graph.',
  filter_unsupported:
    'The filter {{keys}} is not supported, and filters fail closed rather than being ignored. Supported filters: document_types, valid_at, language.',
  field_invalid: '{{field}}: {{problem}}.',
  field_empty: '{{field}} is empty; give it a value.',
  filter_language_unreadable:
    'The filter language cannot be read: give a language code of two or more letters, such as en or ko. Filters fail closed rather than being ignored.',
  filter_document_types_unreadable:
    'The filter document_types cannot be read: give a list of document types, such as [adr, runbook]. Filters fail closed rather than being ignored.',
  filter_valid_at_unreadable:
    'The filter valid_at cannot be read: give an ISO date or date-time, such as 2026-05-01. Filters fail closed rather than being ignored.',
  scope_kind_unsupported:
    'The scope kind {{kinds}} is not supported, and scopes fail closed rather than being ignored. Accepted scope kinds: {{accepted}}.',
  scope_unreadable:
    'The scope {{kind}} cannot be read: it must be a list of non-empty texts, and scopes fail closed rather than being ignored. Accepted scope kinds: {{accepted}}.',
  scope_empty_list:
    'allowed_scopes.{{kind}}: is an empty list; name at least one value, or leave {{kind}} out (leave allowed_scopes out to draw from everything the principal may see).',
  provider_not_pipeline:
    'The provider mode calls a configured endpoint and is run through query.run (or runProviderRequest), not by the retrieval pipeline.',
  mode_unavailable: 'The {{mode}} mode is not available in this build yet; use {{modes}}.',
  provider_only: 'runProviderRequest runs mode provider only, not {{mode}}.',
  language_filter_unsupported:
    "The language filter cannot be honoured: no document in this graph has the property {{property}}, which the schema profile names as the documents' language (properties.document.language), so it fails closed. Name there the property your documents keep their language in, or leave the filter out.",
  text2cypher_no_model:
    'The text2cypher mode is off: no chat model is configured. Name one in Settings (chat model) or set LENS_CHAT_MODEL (with OPENAI_API_KEY, and OPENAI_BASE_URL for a compatible server).',
  text2cypher_not_enabled:
    'The text2cypher mode is off: it is not turned on for the chat model {{model}}. Turn on Text2Cypher in Settings, or set LENS_CHAT_MODEL.',
  text2cypher_refused: 'The generated Cypher was refused ({{rule}}): {{reason}} Nothing was run as its result.',
  text2cypher_query_failed:
    'The Cypher the model {{model}} wrote failed while Neo4j ran it: {{reason}} The query is the model’s, not the request’s; nothing it returned is used.',
  provider_acl_violation: 'The provider returned what {{principal}} may not see ({{count}} access violation(s)); the first: {{first}}',
  provider_audit_unfinished: 'The provider answered, but its audit against the graph did not finish: {{error}}',
  error: '{{message}}',
  error_hint: '{{message}} {{hint}}',
  run_cancelling: 'Cancelling the run… (Ctrl+C again to quit at once)',
  run_cancel_failed: 'the run could not be cancelled: {{reason}}',
} as const;

/** A code of the outcome catalogue. */
export type OutcomeMessageCode = keyof typeof en;

const ko: Readonly<Record<OutcomeMessageCode, string>> = {
  acl_violation_final:
    '항목 {{count}}개가 최종 접근 검사에 실패함({{reasons}}): 앞선 적용 지점이 이를 통과시켰으므로 아무것도 반환하지 않습니다.',
  no_evidence_budget: '근거는 찾았지만 {{max}} 토큰 안에 들어가는 항목이 없습니다. max_tokens를 늘리세요.',
  no_evidence_floor: '{{what}} {{lines}}.',
  no_evidence_filter: '근거 없음: 필터 {{filters}}에 맞는 문서가 그래프에 없습니다(메모에 그래프가 가진 값이 나옵니다).',
  filter_values: '{{filter}} {{values}}',
  no_evidence_none_visible: '이 주체가 볼 수 있는 것 중 질의에 답하는 근거가 없습니다.',
  no_evidence_no_terms:
    '근거 없음: 전문 검색 색인이 질의의 모든 단어를 불용어("the", "not" 등)로 버려 찾을 것이 없었습니다. 뜻이 있는 단어로 물어보세요.',
  no_evidence_script_absent: '근거 없음: {{line}}.',
  no_evidence_template_needs:
    '근거 없음: 템플릿 {{template}}은(는) {{label}} 노드로 답하는데, 이 그래프에는 누가 묻든 그런 노드가 하나도 없습니다. 이 그래프에는 다른 템플릿이나 모드를 고르세요.',
  filter_unsupported:
    '필터 {{keys}}는 지원하지 않으며, 필터는 무시되지 않고 닫힌 쪽으로 실패합니다. 지원하는 필터: document_types, valid_at, language.',
  field_invalid: '{{field}}: {{problem}}.',
  field_empty: '{{field}}이(가) 비어 있습니다. 값을 주세요.',
  filter_language_unreadable:
    '필터 language를 읽을 수 없습니다: en, ko처럼 두 글자 이상의 언어 코드를 주세요. 필터는 무시되지 않고 닫힌 쪽으로 실패합니다.',
  filter_document_types_unreadable:
    '필터 document_types를 읽을 수 없습니다: [adr, runbook]처럼 문서 유형 목록을 주세요. 필터는 무시되지 않고 닫힌 쪽으로 실패합니다.',
  filter_valid_at_unreadable:
    '필터 valid_at을 읽을 수 없습니다: 2026-05-01처럼 ISO 날짜나 날짜-시간을 주세요. 필터는 무시되지 않고 닫힌 쪽으로 실패합니다.',
  scope_kind_unsupported:
    '범위 종류 {{kinds}}는 지원하지 않으며, 범위는 무시되지 않고 닫힌 쪽으로 실패합니다. 받는 범위 종류: {{accepted}}.',
  scope_unreadable:
    '범위 {{kind}}를 읽을 수 없습니다: 비어 있지 않은 텍스트의 목록이어야 하며, 범위는 무시되지 않고 닫힌 쪽으로 실패합니다. 받는 범위 종류: {{accepted}}.',
  scope_empty_list:
    'allowed_scopes.{{kind}}: 빈 목록입니다. 값을 하나 이상 지정하거나 {{kind}}를 빼세요(주체가 볼 수 있는 모든 것에서 찾으려면 allowed_scopes를 빼세요).',
  provider_not_pipeline:
    'provider 모드는 설정된 엔드포인트를 호출하며, 검색 파이프라인이 아니라 query.run(또는 runProviderRequest)으로 실행합니다.',
  mode_unavailable: '{{mode}} 모드는 이 빌드에서 아직 쓸 수 없습니다. {{modes}} 중 하나를 쓰세요.',
  provider_only: 'runProviderRequest는 provider 모드만 실행하며 {{mode}}는 실행하지 않습니다.',
  language_filter_unsupported:
    '언어 필터를 지킬 수 없습니다: 스키마 프로필이 문서의 언어로 지정한 속성 {{property}}(properties.document.language)이(가) 이 그래프의 어떤 문서에도 없어 닫힌 쪽으로 실패합니다. 문서가 언어를 담는 속성의 이름을 거기에 적거나, 필터를 빼세요.',
  text2cypher_no_model:
    'text2cypher 모드가 꺼져 있습니다: 채팅 모델이 설정되지 않았습니다. 설정(채팅 모델)에서 지정하거나 LENS_CHAT_MODEL을 설정하세요(OPENAI_API_KEY와, 호환 서버라면 OPENAI_BASE_URL도).',
  text2cypher_not_enabled:
    'text2cypher 모드가 꺼져 있습니다: 채팅 모델 {{model}}에 켜져 있지 않습니다. 설정에서 Text2Cypher를 켜거나 LENS_CHAT_MODEL을 설정하세요.',
  text2cypher_refused: '생성된 Cypher가 거부되었습니다({{rule}}): {{reason}} 그 결과로 실행된 것은 없습니다.',
  text2cypher_query_failed:
    '모델 {{model}}이(가) 작성한 Cypher가 Neo4j에서 실행 중 실패했습니다: {{reason}} 이 쿼리는 요청이 아니라 모델이 쓴 것이며, 그 결과는 쓰지 않습니다.',
  provider_acl_violation: '제공자가 {{principal}}이(가) 볼 수 없는 것을 돌려주었습니다(접근 위반 {{count}}건). 첫 번째: {{first}}',
  provider_audit_unfinished: '제공자는 응답했지만 그래프에 대한 감사가 끝나지 않았습니다: {{error}}',
  error: '{{message}}',
  error_hint: '{{message}} {{hint}}',
  run_cancelling: '실행을 취소하는 중… (바로 끝내려면 Ctrl+C를 한 번 더 누르세요)',
  run_cancel_failed: '실행을 취소할 수 없습니다: {{reason}}',
};

/** The catalogue, in every language of the UI. */
export const OUTCOME_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const outcomeMessage = messageBuilder<'outcome', OutcomeMessageCode>('outcome');
