import {
  ACCESS_REASON_MESSAGES,
  accessClauseMessage,
  knownAccessReason,
  type AccessMessage,
  type AccessReasonCode,
} from '../acl/access-messages';
import { messageBuilder, wordCoreMessage, type CoreCatalogue, type CoreMessage, type CoreParam } from '../core-message';
import { SCHEMA_ISSUE_MESSAGES } from '../errors/schema-issue-messages';
import { SERVER_ERROR_MESSAGES } from '../errors/server-error-messages';
import type { NodeRef } from '../compare/node-access';
import {
  knownFreshnessState,
  wordFreshness,
  wordFreshnessState,
  type FreshnessMessageCode,
  type FreshnessState,
} from '../freshness-messages';
import { PROVIDER_FAILURE_CODES, type ProviderCallFailure, type ProviderViolation } from './provider-audit';

/**
 * The audit of a team's provider in words: each violation and each failed call becomes a message
 * code with parameters, worded by the UI in its language (i18next, from the catalogue below) and by
 * the CLI in English. An access violation also carries the failed clauses, worded from the access
 * catalogue (shared/acl/access-messages.ts), and its reason's code where this build words it (the
 * access_reason catalogue): 'not shared with the principal', not the policy's `not_shared`. A
 * freshness mismatch carries the graph's freshness reason as the freshness catalogue's code, so
 * Korean words it too ('adr-010(으)로 대체됨', not 'superseded by adr-010').
 */

export const PROVIDER_MESSAGE_CODES = [
  'document_not_found',
  'chunk_not_found',
  'chunk_not_in_document',
  'source_uri_mismatch',
  'access_denied',
  'access_denied_via',
  'access_not_found',
  'freshness_mismatch',
  'provenance_node_missing',
  'provenance_link_missing',
  'provenance_ends_elsewhere',
  'content_not_in_source',
  'over_max_tokens',
  'over_top_k',
  'outside_scope',
  'duplicate_item',
  'outcome_contradicts_items',
  'used_tokens_negative',
  'used_tokens_without_items',
  'span_invalid',
  'span_outside_chunks',
  'rank_invalid',
  'rank_out_of_order',
  'content_type_not_json',
  'names_hidden_successor',
  'title_mismatch',
  ...PROVIDER_FAILURE_CODES,
] as const;
export type ProviderMessageCode = (typeof PROVIDER_MESSAGE_CODES)[number];

/**
 * Clauses worded inside a failed call's sentence (its `said` parameters): one field of the answer
 * that does not fit the contract, with its path kept as data and what is wrong with it (zod's kinds
 * as the API doors word them, error_server's `zod_…_part`, or one of the codes below); why the
 * endpoint could not be reached (`cause_…`, the system's error code kept as data); why its answer is
 * not JSON (`not_json_…`).
 */
export const PROVIDER_PART_CODES = [
  'field_part',
  'whole_answer_part',
  'at_least_part',
  'more_than_part',
  'at_most_part',
  'less_than_part',
  'format_part',
  'union_part',
  'cause_refused_part',
  'cause_dns_part',
  'cause_timed_out_part',
  'cause_tls_part',
  'cause_reset_part',
  'cause_unreachable_part',
  'cause_other_part',
  'cause_unknown_part',
  'not_json_empty_part',
  'not_json_html_part',
  'not_json_truncated_part',
  'not_json_other_part',
  'duplicate_key_part',
] as const;
export type ProviderPartCode = (typeof PROVIDER_PART_CODES)[number];

/** A clause of this catalogue (`provider:field_part` …), typed so that only its part codes can be built. */
export const providerPart = messageBuilder<'provider', ProviderPartCode>('provider');

/** One sentence as a code and its parameters; an access violation also carries the failed clauses. */
export interface ProviderMessage {
  readonly code: ProviderMessageCode;
  /** The parameters in English (`reason` worded, as the CLI shows it). */
  readonly params: Readonly<Record<string, string>>;
  readonly clauses?: readonly AccessMessage[];
  /** An access violation's reason as this build names it, worded in the reader's language; none for a team policy's own code, shown as it is. */
  readonly reason?: AccessReasonCode;
  /** A freshness mismatch's graph reason as the freshness catalogue's code and parameters, worded in the reader's language; none on a record from before it (its English reason is shown as it is). */
  readonly freshness?: { readonly code: FreshnessMessageCode; readonly params: Readonly<Record<string, string>> };
  /** A failed call's parameters that are sentences of their own, as codes worded in the reader's language (`params` keeps their English). */
  readonly said?: Readonly<Record<string, readonly CoreMessage[]>>;
  /** A freshness mismatch's states (`claimed`, `found`) where they are the three this build names, worded in the reader's language. */
  readonly states?: Readonly<Partial<Record<'claimed' | 'found', FreshnessState>>>;
}

const nodeName = (node: NodeRef | undefined) => (node ? `${node.label} ${node.id}` : '?');
const shown = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '(none)' : value);

/** The access violation's sentence: the node, through which node, the reason and the rule. */
function accessMessage(violation: ProviderViolation, base: Record<string, string>): ProviderMessage {
  const access = violation.evidence.access;
  if (!access || access.state === 'visible')
    return { code: 'access_not_found', params: { ...base, node: nodeName(violation.evidence.node) } };
  if (access.state === 'not_found') return { code: 'access_not_found', params: { ...base, node: nodeName(access.node) } };
  // A reason this build names is worded ('not shared with the principal'); a team's own reason code is shown as it is.
  const known = knownAccessReason(access.reason);
  const reason = known ? ACCESS_REASON_MESSAGES.en[known] : access.reason;
  const params = { ...base, node: nodeName(access.node), via: nodeName(access.via), reason, rule: access.rule };
  return {
    code: access.via ? 'access_denied_via' : 'access_denied',
    params,
    clauses: access.failed.map(accessClauseMessage),
    ...(known ? { reason: known } : {}),
  };
}

/** The sentence of one violation; `principalId` is who asked. */
export function providerViolationMessage(violation: ProviderViolation, principalId: string): ProviderMessage {
  const { evidence, item } = violation;
  const base: Record<string, string> = {
    rank: item ? String(item.rank) : '',
    document: item?.document_id ?? '',
    chunk: evidence.node?.id ?? item?.chunk_id ?? '',
    claimed: shown(evidence.claimed),
    found: shown(evidence.found),
    principal: principalId,
    limit: evidence.limit === undefined ? '' : String(evidence.limit),
    counted: evidence.counted === undefined ? '' : String(evidence.counted),
    reason: evidence.reason ?? '',
    field: evidence.field ?? '',
  };
  switch (violation.kind) {
    case 'access_denied':
      return accessMessage(violation, base);
    case 'freshness_mismatch': {
      const claimed = knownFreshnessState(evidence.claimed);
      const found = knownFreshnessState(evidence.found);
      const states = { ...(claimed ? { claimed } : {}), ...(found ? { found } : {}) };
      if (evidence.reason_code === undefined) return { code: 'freshness_mismatch', params: base, states };
      const freshness = { code: evidence.reason_code, params: { ...evidence.reason_params } };
      return {
        code: 'freshness_mismatch',
        params: { ...base, reason: wordFreshness(freshness.code, freshness.params) },
        freshness,
        states,
      };
    }
    case 'provenance_broken':
      return {
        code: `provenance_${evidence.break ?? 'node_missing'}`,
        params: { ...base, node: nodeName(evidence.node), to: nodeName(evidence.to) },
      };
    default:
      return { code: violation.kind, params: base };
  }
}

/** The sentence of a failed call. */
export function providerFailureMessage(failure: ProviderCallFailure): ProviderMessage {
  return { code: failure.code, params: failure.params, ...(failure.said ? { said: failure.said } : {}) };
}

/** The catalogue, in every language of the UI (i18next's `{{name}}` placeholders). */
export const PROVIDER_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<ProviderMessageCode | ProviderPartCode, string>>>> = {
  en: {
    document_not_found: 'Item #{{rank}}: its document {{document}} is not in the graph.',
    chunk_not_found: 'Item #{{rank}}: its chunk {{chunk}} is not in the graph.',
    chunk_not_in_document:
      'Item #{{rank}}: the chunk {{chunk}} is not part of the document {{document}}; in the graph it is part of {{found}}.',
    source_uri_mismatch: 'Item #{{rank}}: source_uri is {{claimed}}, but the graph gives the document {{document}} the source {{found}}.',
    access_denied: 'Item #{{rank}}: {{principal}} may not see {{node}} ({{reason}}; rule {{rule}}).',
    access_denied_via: 'Item #{{rank}}: {{principal}} may not see {{node}}, because of {{via}} ({{reason}}; rule {{rule}}).',
    access_not_found: 'Item #{{rank}}: {{node}} is not in the graph, so it cannot be shown that {{principal}} may see it.',
    freshness_mismatch: 'Item #{{rank}}: labelled {{claimed}}, but the graph makes the document {{document}} {{found}}: {{reason}}.',
    provenance_node_missing: 'Item #{{rank}}: its provenance path names {{node}}, which is not in the graph.',
    provenance_link_missing: 'Item #{{rank}}: its provenance path goes from {{node}} to {{to}}, which the graph does not link.',
    provenance_ends_elsewhere: 'Item #{{rank}}: its provenance path ends at {{node}}, not at its document {{document}}.',
    content_not_in_source:
      'Item #{{rank}}: its content is not text of the chunk {{chunk}} it names, nor of its claim or evidence (“{{claimed}}” is in none of them), so what it hands over cannot be traced to a source.',
    over_max_tokens:
      'The response uses {{claimed}} tokens by its own count and {{counted}} counted here (o200k), over the request’s max_tokens of {{limit}}.',
    over_top_k: 'The response has {{found}} items, more than the request’s top_k of {{limit}}.',
    duplicate_item: 'Item #{{rank}} hands over chunk {{chunk}} again (first as item #{{found}}).',
    outcome_contradicts_items: 'The response says {{claimed}}, yet it hands over {{found}} items; each was audited all the same.',
    used_tokens_negative: 'The response says it used {{claimed}} tokens; a count of tokens cannot be negative.',
    used_tokens_without_items: 'The response says it used {{claimed}} tokens, yet it hands over no items.',
    span_invalid:
      'Item #{{rank}}: its span {{claimed}} is no character span (it must start at 0 or later and end no earlier than it starts).',
    span_outside_chunks:
      'Item #{{rank}}: its span {{claimed}} reaches outside the text of the chunks it names, which runs {{found}} in the document {{document}}.',
    rank_invalid: 'Item #{{rank}}: its rank {{field}} is {{claimed}}; a rank is a whole number from 1.',
    rank_out_of_order:
      'Item #{{rank}}: its final rank is {{claimed}}, not its place in the response ({{found}}); final ranks number the items 1, 2, 3… in the order they are handed over.',
    content_type_not_json:
      'The provider answered with Content-Type {{claimed}}, not JSON (application/json); its body was read as JSON and audited all the same.',
    outside_scope: 'Item #{{rank}}: its document {{document}} is outside the request’s allowed scopes.',
    title_mismatch:
      'Item #{{rank}}: its title is “{{claimed}}”, but the graph gives the document {{document}} the title {{found}}; a title that is not its document’s may be any text, another document’s among them.',
    names_hidden_successor:
      'Item #{{rank}}: its {{field}} names the document that superseded {{document}}, which {{principal}} may not see (the graph’s own freshness verdict leaves it unnamed).',
    no_endpoint:
      'No provider endpoint is configured. Set LENS_PROVIDER_URL (and LENS_PROVIDER_TOKEN for a bearer token), or save one in the desktop app.',
    call_timeout: 'The provider at {{url}} did not answer within {{ms}} ms, the request’s deadline.',
    call_refused: 'The provider at {{url}} could not be reached: {{cause}}. Check that it runs and that the URL is right.',
    call_http_status: 'The provider at {{url}} answered HTTP {{status}}, not a context response.',
    call_not_json: 'The provider at {{url}} answered with something that is not JSON: {{cause}}.',
    call_schema_mismatch:
      'The provider at {{url}} answered JSON that is not a ContextResponse; the first fields that do not fit: {{fields}}. Its answer was not used.',
    call_too_large: 'The provider at {{url}} answered more than {{limit}} bytes, so its answer was not read.',
    field_part: '{{path}}: {{problem}}',
    whole_answer_part: '(the whole answer)',
    duplicate_key_part: 'gives the key {{key}} twice, so which value was meant cannot be told',
    at_least_part: 'must be at least {{limit}}',
    more_than_part: 'must be more than {{limit}}',
    at_most_part: 'must be at most {{limit}}',
    less_than_part: 'must be less than {{limit}}',
    format_part: 'is not a valid {{format}}',
    union_part: 'fits none of the shapes the contract allows here',
    cause_refused_part: 'the connection was refused ({{code}})',
    cause_dns_part: 'its host name was not found ({{code}})',
    cause_timed_out_part: 'the connection timed out ({{code}})',
    cause_tls_part: 'the TLS handshake failed ({{code}})',
    cause_reset_part: 'the connection was reset ({{code}})',
    cause_unreachable_part: 'there is no route to its host ({{code}})',
    cause_other_part: 'network error {{code}}',
    cause_unknown_part: 'a network error without a code',
    not_json_empty_part: 'the body is empty',
    not_json_html_part: 'the body is an HTML or XML page',
    not_json_truncated_part: 'the JSON ends before it is complete',
    not_json_other_part: 'the body does not parse as JSON',
  },
  ko: {
    document_not_found: '항목 #{{rank}}: 문서 {{document}}이(가) 그래프에 없음.',
    chunk_not_found: '항목 #{{rank}}: 청크 {{chunk}}이(가) 그래프에 없음.',
    chunk_not_in_document: '항목 #{{rank}}: 청크 {{chunk}}은(는) 문서 {{document}}의 일부가 아님; 그래프에서는 {{found}}의 일부임.',
    source_uri_mismatch: '항목 #{{rank}}: source_uri가 {{claimed}}이지만, 그래프에서 문서 {{document}}의 출처는 {{found}}임.',
    access_denied: '항목 #{{rank}}: {{principal}}은(는) {{node}}을(를) 볼 수 없음 ({{reason}}; 규칙 {{rule}}).',
    access_denied_via: '항목 #{{rank}}: {{via}} 때문에 {{principal}}은(는) {{node}}을(를) 볼 수 없음 ({{reason}}; 규칙 {{rule}}).',
    access_not_found: '항목 #{{rank}}: {{node}}이(가) 그래프에 없어 {{principal}}이(가) 볼 수 있는지 보일 수 없음.',
    freshness_mismatch:
      '항목 #{{rank}}: "{{claimed}}"(으)로 표시되었지만, 그래프상 문서 {{document}}의 최신성은 "{{found}}"임: {{reason}}.',
    provenance_node_missing: '항목 #{{rank}}: 출처 경로가 그래프에 없는 {{node}}을(를) 가리킴.',
    provenance_link_missing: '항목 #{{rank}}: 출처 경로가 {{node}}에서 {{to}}(으)로 가지만 그래프에는 그 연결이 없음.',
    provenance_ends_elsewhere: '항목 #{{rank}}: 출처 경로가 문서 {{document}}이(가) 아닌 {{node}}에서 끝남.',
    content_not_in_source:
      '항목 #{{rank}}: 내용이 가리키는 청크 {{chunk}}의 텍스트도, 주장이나 근거의 텍스트도 아님(“{{claimed}}”이(가) 어디에도 없음). 넘겨주는 내용의 출처를 추적할 수 없음.',
    over_max_tokens:
      '응답이 자체 집계로 {{claimed}} 토큰, 여기서 센 값으로 {{counted}} 토큰(o200k)을 써서 요청의 max_tokens {{limit}}을(를) 넘음.',
    over_top_k: '응답 항목이 {{found}}개로 요청의 top_k {{limit}}보다 많음.',
    duplicate_item: '항목 #{{rank}}이(가) 청크 {{chunk}}을(를) 다시 건넴 (처음은 항목 #{{found}}).',
    outcome_contradicts_items: '응답은 {{claimed}}(이)라고 하면서 항목 {{found}}개를 건넴. 각 항목은 그대로 검사함.',
    used_tokens_negative: '응답이 토큰을 {{claimed}}개 썼다고 함; 토큰 수는 음수일 수 없음.',
    used_tokens_without_items: '응답이 토큰을 {{claimed}}개 썼다고 하면서 항목은 하나도 건네지 않음.',
    span_invalid: '항목 #{{rank}}: 범위 {{claimed}}은(는) 문자 범위가 아님 (0 이상에서 시작하고, 시작보다 앞에서 끝날 수 없음).',
    span_outside_chunks:
      '항목 #{{rank}}: 범위 {{claimed}}이(가) 가리키는 청크의 텍스트 밖으로 나감; 문서 {{document}}에서 그 텍스트는 {{found}}임.',
    rank_invalid: '항목 #{{rank}}: 순위 {{field}}이(가) {{claimed}}임; 순위는 1부터 세는 정수임.',
    rank_out_of_order:
      '항목 #{{rank}}: 최종 순위가 {{claimed}}(으)로 응답 안의 자리({{found}})와 다름; 최종 순위는 건넨 순서대로 1, 2, 3…이어야 함.',
    content_type_not_json:
      '프로바이더가 JSON(application/json)이 아닌 Content-Type {{claimed}}(으)로 답함; 본문은 그래도 JSON으로 읽어 검사함.',
    outside_scope: '항목 #{{rank}}: 문서 {{document}}이(가) 요청의 허용 범위 밖에 있음.',
    title_mismatch:
      '항목 #{{rank}}: 제목이 “{{claimed}}”이지만 그래프에서 문서 {{document}}의 제목은 {{found}}임; 문서의 제목이 아닌 제목은 다른 문서의 제목을 비롯해 어떤 텍스트든 될 수 있음.',
    names_hidden_successor:
      '항목 #{{rank}}: {{field}}에 {{document}}을(를) 대체한 문서, 곧 {{principal}}이(가) 볼 수 없는 문서를 적음 (그래프의 최신성 판정은 그 문서를 밝히지 않음).',
    no_endpoint:
      '프로바이더 엔드포인트가 설정되지 않음. LENS_PROVIDER_URL(베어러 토큰은 LENS_PROVIDER_TOKEN)을 설정하거나 데스크톱 앱에 저장하세요.',
    call_timeout: '{{url}}의 프로바이더가 요청 마감 시간인 {{ms}} ms 안에 답하지 않음.',
    call_refused: '{{url}}의 프로바이더에 연결할 수 없음: {{cause}}. 실행 중인지, URL이 맞는지 확인하세요.',
    call_http_status: '{{url}}의 프로바이더가 컨텍스트 응답 대신 HTTP {{status}}(으)로 답함.',
    call_not_json: '{{url}}의 프로바이더가 JSON이 아닌 답을 보냄: {{cause}}.',
    call_schema_mismatch: '{{url}}의 프로바이더가 ContextResponse가 아닌 JSON으로 답함; 맞지 않는 첫 필드: {{fields}}. 그 답은 쓰지 않음.',
    call_too_large: '{{url}}의 프로바이더 답이 {{limit}} 바이트를 넘어 읽지 않음.',
    field_part: '{{path}}: {{problem}}',
    whole_answer_part: '(답 전체)',
    duplicate_key_part: '키 {{key}}을(를) 두 번 주므로 어느 값을 뜻했는지 알 수 없음',
    at_least_part: '{{limit}} 이상이어야 함',
    more_than_part: '{{limit}}보다 커야 함',
    at_most_part: '{{limit}} 이하여야 함',
    less_than_part: '{{limit}}보다 작아야 함',
    format_part: '올바른 {{format}} 형식이 아님',
    union_part: '계약이 여기서 허용하는 어떤 형태에도 맞지 않음',
    cause_refused_part: '연결이 거부됨({{code}})',
    cause_dns_part: '호스트 이름을 찾을 수 없음({{code}})',
    cause_timed_out_part: '연결 시간이 초과됨({{code}})',
    cause_tls_part: 'TLS 핸드셰이크에 실패함({{code}})',
    cause_reset_part: '연결이 재설정됨({{code}})',
    cause_unreachable_part: '호스트로 가는 경로가 없음({{code}})',
    cause_other_part: '네트워크 오류 {{code}}',
    cause_unknown_part: '코드 없는 네트워크 오류',
    not_json_empty_part: '본문이 비어 있음',
    not_json_html_part: '본문이 HTML 또는 XML 페이지임',
    not_json_truncated_part: 'JSON이 끝나기 전에 잘림',
    not_json_other_part: '본문을 JSON으로 읽을 수 없음',
  },
};

/** The message as a core message (`provider:…`), as a run's outcome sentence carries it; a named reason and state as its own code, worded in the reader's language. */
export function providerCoreMessage(entry: ProviderMessage): CoreMessage {
  const params: Record<string, CoreParam> = { ...entry.params };
  if (entry.reason) params['reason'] = [{ code: `access_reason:${entry.reason}` }];
  if (entry.freshness) params['reason'] = [{ code: `freshness:${entry.freshness.code}`, params: entry.freshness.params }];
  for (const [name, state] of Object.entries(entry.states ?? {})) params[name] = [{ code: `freshness:state_${state}` }];
  for (const [name, parts] of Object.entries(entry.said ?? {})) params[name] = parts;
  return { code: `provider:${entry.code}`, params };
}

/** A message's parameters in `language`: a reason (access or freshness) and a freshness state this build names worded in it. */
export function providerParams(entry: ProviderMessage, language: 'en' | 'ko' = 'en'): Readonly<Record<string, string>> {
  const params: Record<string, string> = { ...entry.params };
  if (entry.reason) params['reason'] = ACCESS_REASON_MESSAGES[language][entry.reason];
  if (entry.freshness) params['reason'] = wordFreshness(entry.freshness.code, entry.freshness.params, language);
  for (const [name, state] of Object.entries(entry.states ?? {})) params[name] = wordFreshnessState(state, language);
  for (const [name, parts] of Object.entries(entry.said ?? {})) {
    // A clause of a catalogue this build lacks (a newer record) leaves the English the record keeps.
    const worded = parts.map((part) => wordProviderPart(part, language));
    if (worded.every((part) => part !== null)) params[name] = worded.join('; ');
  }
  return params;
}

/** Words a message (English by default, as the CLI does; the UI words it through i18next from the same catalogue and `providerParams`). */
export function wordProviderMessage(entry: ProviderMessage, language: 'en' | 'ko' = 'en'): string {
  const params = providerParams(entry, language);
  return PROVIDER_MESSAGES[language][entry.code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** The catalogues a failed call's clauses are worded from: this one's parts, zod's kinds as the API doors word them, the schemas' own sentences. */
const PART_CATALOGUES: Readonly<Record<string, CoreCatalogue>> = {
  provider: PROVIDER_MESSAGES,
  error_server: SERVER_ERROR_MESSAGES,
  error_schema: SCHEMA_ISSUE_MESSAGES,
};

/** Words one clause of a failed call in `language`; null when its code is in none of the catalogues it may name. */
export function wordProviderPart(part: CoreMessage, language: 'en' | 'ko' = 'en'): string | null {
  return wordCoreMessage(part, PART_CATALOGUES, language);
}
