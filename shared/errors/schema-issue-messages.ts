import { messageBuilder, type CoreMessage } from '../core-message';

/**
 * The shared schemas' own sentences (namespace `error_schema`): what a field a user fills in gets
 * wrong, beyond the kinds zod words itself. A schema names its sentence by code
 * (`.min(1, schemaIssueText('query_empty'))`), zod carries the English, and the doors and the
 * trace store read the code back from it ({@link schemaIssueSaid}), so the UI words it in its
 * language. The English is the sentence the schema said before it had a code.
 */

const en = {
  query_empty: 'the query is empty; ask a question',
  query_too_long:
    "holds more than {{max}} characters, the most a question may hold; ask with its main words (full-text search reads only a long text's first words, and each run keeps its question)",
  principal_id_empty: 'the principal id is empty; pick a principal by its id (`lens principals list` lists them)',
  scope_values_empty: 'a scope lists at least one value; leave the kind out to not narrow by it',
  top_k_range: 'must be 1 to 100',
  max_tokens_too_small: 'must be at least 1',
  timeout_not_positive: 'must be a positive number of milliseconds',
  max_tokens_too_large: 'must be at most 1000000 tokens; give a smaller budget',
  timeout_too_long: 'must be at most 600000 milliseconds (10 minutes); give a shorter timeout',
  iso_instant_format: 'must be an ISO 8601 date or date-time of a day that exists, e.g. 2026-06-30 or 2026-06-30T12:00:00Z',
  file_empty: 'the file is empty',
  embedding_model_missing: 'name the embedding model, e.g. text-embedding-3-small',
  base_url_not_http: 'must be an http:// or https:// URL of the server, e.g. http://localhost:8000/v1',
  api_key_empty: 'paste the key, or forget it with null',
  retention_runs_too_few: 'keep at least 1 run, or leave max_runs out to keep every run',
  retention_days_too_few: 'keep runs for at least 1 day, or leave max_days out',
  golden_set_empty: 'the golden set is empty; write a name and at least one question with its id, question, principal and expected',
  policy_property_proto: 'must not be __proto__, which JavaScript objects cannot hold as data',
  request_key_proto:
    'is a key JavaScript objects cannot hold as data, so it would be dropped without a word; remove it from the request, which the app never writes with it',
  policy_document_rule_empty: 'the document rule needs at least one condition: an empty rule would show every document to everyone',
  golden_id_missing: 'write an id: letters, digits, dots, dashes or underscores',
  golden_item_id_empty: 'write a document or chunk id',
  golden_question_empty: 'the question is empty; write the text to ask',
  golden_set_name_empty: 'name the set',
  golden_questions_empty: 'the list is empty; write at least one question with its id, question, principal and expected',
  golden_id_repeated: 'the id {{id}} is used twice; ids must be unique',
  allowed_scopes_empty: 'is empty; name at least one scope, or leave allowed_scopes out to draw from everything the principal may see',
  object_expected: 'must be an object',
  match_document_ids_empty: 'list at least one document id, e.g. [handbook-engineering]',
  match_doc_types_empty: 'list at least one document type, e.g. [adr]',
  match_criteria_missing: 'give at least one of document_ids, document_id_glob, document_id_regex, doc_types, source_uri_glob',
  match_glob_empty: 'write a non-empty glob such as {{example}}',
  match_glob_shape: 'write a glob such as {{example}} or a list of them, e.g. [policy-hr-*]',
  unmark_reason_missing: 'say why the mark is lifted',
  mark_reason_missing: 'is empty: say why, e.g. --reason "replaced by ADR-014"',
  principal_field_id_empty: 'is empty: give the principal its id, e.g. u-minjun',
  principal_field_workspace_empty: 'is empty: give the workspace the principal belongs to, e.g. ws-nurion',
  principal_field_name_empty: 'is an empty name: remove it, or name it, e.g. g-payments',
  principal_field_id_blank: 'holds only spaces: give the principal its id, e.g. u-minjun',
  principal_field_workspace_blank: 'holds only spaces: give the workspace the principal belongs to, e.g. ws-nurion',
  principal_field_name_blank: 'is a name of only spaces: remove it, or name it, e.g. g-payments',
  reason_not_visible:
    'holds no letter, digit or sign, only control or invisible characters (such as U+0000 or U+202E): say why in words, e.g. --reason "replaced by ADR-014"',
  text_control_char:
    'holds the control character {{char}} at character {{position}}, which does not show and is kept as given; write the text without it (type it rather than paste it)',
  text_line_break:
    'holds a line break or tab ({{char}}) at character {{position}}, and is one line of text; write it on one line, with a space in its place',
  text_bidi_char:
    'holds the bidirectional formatting character {{char}} at character {{position}}, which reorders how the text around it reads; write the text without it',
  text_lone_surrogate:
    'holds half of a character, the lone surrogate {{char}}, at character {{position}}, which text cannot keep (it would be stored as �); copy the text again from its source, or type it',
  id_spaced: 'begins or ends with a space, which no one sees when the id is typed or listed; write it without: "{{visible}}"',
  principal_id_blank: 'holds only spaces; pick a principal by its id (`lens principals list` lists them)',
  adr_reference_missing: 'name the ADR by document id or ADR id',
  id_format: 'use lowercase letters, digits and dashes',
  bolt_uri_format: 'must be a bolt:// or neo4j:// URI',
  acl_reason_code_format: 'must be a short lower-case code such as workspace or not_shared',
  audit_id_format: 'use letters, digits, dots, dashes or underscores (e.g. hr-only), at most 81 characters',
  golden_id_format: 'use letters, digits, dots, dashes or underscores (e.g. q-adr-011), at most 81 characters',
  identifier_format: 'must be a plain identifier (letters, digits, underscore; not starting with a digit)',
  param_name_reserved:
    'is a name JavaScript reserves for an object’s prototype, so it cannot name a template parameter; rename the parameter',
  regex_invalid: 'is not a valid regular expression (JavaScript syntax, e.g. ^policy-hr-)',
  regex_backreference:
    'refers back to a group (\\1 or \\k<name>), which cannot be matched in time linear in the id; write the group out again, e.g. ^(hr|eng)-(hr|eng)$ instead of ^(hr|eng)-\\1$',
  regex_lookaround:
    'looks ahead or behind ((?=, (?!, (?<= or (?<!), which cannot be matched in time linear in the id; match the text itself, e.g. ^policy-hr- instead of ^(?=policy-)policy-hr-, or list the ids in document_ids',
  regex_too_large:
    'repeats by counts ({m,n}) that would need more than 5000 states to match; repeat with * or + instead, e.g. ^adr-\\d+$ instead of ^adr-\\d{1,9999}$',
};

export type SchemaIssueCode = keyof typeof en;

const ko: Readonly<Record<SchemaIssueCode, string>> = {
  query_empty: '질문이 비어 있습니다. 질문을 입력하세요',
  query_too_long:
    '질문이 담을 수 있는 최대 {{max}}자를 넘습니다. 핵심 단어로 물어보세요(전문 검색은 긴 글의 앞 단어만 읽고, 실행마다 질문을 보관합니다)',
  principal_id_empty: '주체 ID가 비어 있습니다. 주체를 ID로 고르세요(`lens principals list`가 목록을 보여 줍니다)',
  scope_values_empty: '범위에는 값이 하나 이상 있어야 합니다. 그 종류로 좁히지 않으려면 종류를 빼세요',
  top_k_range: '1에서 100 사이여야 합니다',
  max_tokens_too_small: '1 이상이어야 합니다',
  timeout_not_positive: '양수(밀리초)여야 합니다',
  max_tokens_too_large: '1000000 토큰 이하여야 합니다. 더 작은 예산을 주세요',
  timeout_too_long: '600000밀리초(10분) 이하여야 합니다. 더 짧은 제한 시간을 주세요',
  iso_instant_format: '실제로 있는 날의 ISO 8601 날짜나 날짜-시각이어야 합니다. 예: 2026-06-30 또는 2026-06-30T12:00:00Z',
  file_empty: '파일이 비어 있습니다',
  embedding_model_missing: '임베딩 모델 이름을 입력하세요. 예: text-embedding-3-small',
  base_url_not_http: '서버의 http:// 또는 https:// URL이어야 합니다. 예: http://localhost:8000/v1',
  api_key_empty: '키를 붙여 넣거나, null로 저장된 키를 지우세요',
  retention_runs_too_few: '실행을 1개 이상 보관하거나, 모두 보관하려면 max_runs를 빼세요',
  retention_days_too_few: '실행을 1일 이상 보관하거나, max_days를 빼세요',
  golden_set_empty: '골든 세트가 비어 있습니다. name과, id, question, principal, expected를 갖춘 질문을 하나 이상 적으세요',
  policy_property_proto: '__proto__일 수 없습니다. JavaScript 객체는 이 이름을 데이터로 가질 수 없습니다',
  request_key_proto:
    'JavaScript 객체가 데이터로 가질 수 없는 키라서 말없이 버려집니다. 요청에서 지우세요. 앱은 요청에 이 키를 쓰지 않습니다',
  policy_document_rule_empty: '문서 규칙에는 조건이 하나 이상 있어야 합니다. 빈 규칙은 모든 문서를 모두에게 보여 줍니다',
  golden_id_missing: 'ID를 적으세요. 영문자, 숫자, 점, 대시, 밑줄을 쓸 수 있습니다',
  golden_item_id_empty: '문서나 청크의 ID를 적으세요',
  golden_question_empty: '질문이 비어 있습니다. 물어볼 텍스트를 적으세요',
  golden_set_name_empty: '세트의 이름을 적으세요',
  golden_questions_empty: '목록이 비어 있습니다. id, question, principal, expected를 갖춘 질문을 하나 이상 적으세요',
  golden_id_repeated: 'ID {{id}}이(가) 두 번 쓰였습니다. ID는 서로 달라야 합니다',
  allowed_scopes_empty: '비어 있습니다. 범위를 하나 이상 지정하거나, 주체가 볼 수 있는 모든 것에서 가져오려면 allowed_scopes를 빼세요',
  object_expected: '객체여야 합니다',
  match_document_ids_empty: '문서 ID를 하나 이상 나열하세요. 예: [handbook-engineering]',
  match_doc_types_empty: '문서 유형을 하나 이상 나열하세요. 예: [adr]',
  match_criteria_missing: 'document_ids, document_id_glob, document_id_regex, doc_types, source_uri_glob 중 하나 이상을 주세요',
  match_glob_empty: '비어 있지 않은 글롭을 적으세요. 예: {{example}}',
  match_glob_shape: '글롭 하나나 글롭 목록을 적으세요. 예: {{example}} 또는 [policy-hr-*]',
  unmark_reason_missing: '표시를 해제하는 이유를 적으세요',
  mark_reason_missing: '이(가) 비어 있습니다. 이유를 적으세요. 예: --reason "ADR-014로 대체됨"',
  principal_field_id_empty: '이(가) 비어 있습니다. 주체의 ID를 주세요. 예: u-minjun',
  principal_field_workspace_empty: '이(가) 비어 있습니다. 주체가 속한 워크스페이스를 주세요. 예: ws-nurion',
  principal_field_name_empty: '이(가) 빈 이름입니다. 빼거나 이름을 주세요. 예: g-payments',
  principal_field_id_blank: '공백만 있습니다. 주체의 ID를 주세요. 예: u-minjun',
  principal_field_workspace_blank: '공백만 있습니다. 주체가 속한 워크스페이스를 주세요. 예: ws-nurion',
  principal_field_name_blank: '공백만 있는 이름입니다. 빼거나 이름을 주세요. 예: g-payments',
  reason_not_visible:
    '글자, 숫자, 기호 없이 제어 문자나 보이지 않는 문자(U+0000, U+202E 등)만 있습니다. 이유를 말로 적으세요. 예: --reason "ADR-014로 대체됨"',
  text_control_char:
    '{{position}}번째 글자에 제어 문자 {{char}}이(가) 있습니다. 보이지 않지만 입력한 그대로 저장됩니다. 이 문자 없이 적으세요(붙여 넣지 말고 직접 입력하세요)',
  text_line_break: '{{position}}번째 글자에 줄바꿈이나 탭({{char}})이 있는데, 이 값은 한 줄입니다. 그 자리에 공백을 넣어 한 줄로 적으세요',
  text_bidi_char: '{{position}}번째 글자에 양방향 서식 문자 {{char}}이(가) 있어 주변 글이 읽히는 순서가 바뀝니다. 이 문자 없이 적으세요',
  text_lone_surrogate:
    '{{position}}번째 글자에 글자의 반쪽인 짝 없는 서로게이트 {{char}}이(가) 있어 텍스트로 저장할 수 없습니다(�로 저장됩니다). 원문에서 다시 복사하거나 직접 입력하세요',
  id_spaced: 'ID가 공백으로 시작하거나 끝나는데, 입력하거나 목록에서 볼 때 그 공백은 보이지 않습니다. 공백 없이 쓰세요: "{{visible}}"',
  principal_id_blank: '공백만 있습니다. 주체를 ID로 고르세요(`lens principals list`가 목록을 보여 줍니다)',
  adr_reference_missing: '문서 ID나 ADR ID로 ADR을 지정하세요',
  id_format: '영문 소문자, 숫자, 대시(-)만 쓰세요',
  bolt_uri_format: 'bolt:// 또는 neo4j:// URI여야 합니다',
  acl_reason_code_format: 'workspace나 not_shared 같은 짧은 소문자 코드여야 합니다',
  audit_id_format: '영문자, 숫자, 점, 대시, 밑줄만 쓰고(예: hr-only) 81자 이하여야 합니다',
  golden_id_format: '영문자, 숫자, 점, 대시, 밑줄만 쓰고(예: q-adr-011) 81자 이하여야 합니다',
  identifier_format: '일반 식별자여야 합니다(영문자, 숫자, 밑줄, 숫자로 시작하지 않음)',
  param_name_reserved: 'JavaScript가 객체의 프로토타입에 쓰는 이름이라 템플릿 매개변수 이름이 될 수 없습니다. 매개변수 이름을 바꾸세요',
  regex_invalid: '올바른 정규식이 아닙니다(JavaScript 문법, 예: ^policy-hr-)',
  regex_backreference:
    '그룹을 다시 참조하므로(\\1 또는 \\k<name>) ID 길이에 비례하는 시간 안에 맞춰 볼 수 없습니다. 그룹을 다시 적으세요. 예: ^(hr|eng)-\\1$ 대신 ^(hr|eng)-(hr|eng)$',
  regex_lookaround:
    '앞이나 뒤를 살피므로((?=, (?!, (?<=, (?<!) ID 길이에 비례하는 시간 안에 맞춰 볼 수 없습니다. 텍스트 자체를 맞추세요. 예: ^(?=policy-)policy-hr- 대신 ^policy-hr-, 또는 document_ids에 ID를 나열하세요',
  regex_too_large:
    '횟수 반복({m,n})을 맞추려면 상태가 5000개를 넘게 필요합니다. * 나 + 로 반복하세요. 예: ^adr-\\d{1,9999}$ 대신 ^adr-\\d+$',
};

export const SCHEMA_ISSUE_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<string, string>>>> = { en, ko };

/** A schema sentence as a message code (namespace `error_schema`). */
export const schemaIssue = messageBuilder<'error_schema', SchemaIssueCode>('error_schema');

/** The English a schema gives zod for one of its sentences: the code's wording, so the sentence is read back to the code. */
export function schemaIssueText(code: SchemaIssueCode): string {
  return en[code];
}

/** A sentence's parameters, each a figure or a short value (a code point, a position): never a sentence of its own. */
type IssueParams = Readonly<Record<string, string | number>>;

/**
 * The English of a sentence with parameters (a refinement's, made as it finds the problem), read back
 * to its code and parameters by {@link schemaIssueSaid} as the plain sentences are.
 */
export function schemaIssueTextWith(code: SchemaIssueCode, params: IssueParams): string {
  return en[code].replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(params[name] ?? ''));
}

const BY_SENTENCE = new Map(Object.entries(en).map(([code, sentence]) => [sentence, code as SchemaIssueCode]));

/** Each sentence with parameters as a pattern whose groups are the parameters, in order. */
const WITH_PARAMS = Object.entries(en)
  .filter(([, sentence]) => sentence.includes('{{'))
  .map(([code, sentence]) => {
    const parts = sentence.split(/\{\{(\w+)\}\}/);
    const names = parts.filter((_part, index) => index % 2 === 1);
    const source = parts.map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    return { code: code as SchemaIssueCode, names, pattern: new RegExp(`^${source}$`, 's') };
  });

/** The code of a schema's own sentence as zod reports it, or null when the sentence is not one of this catalogue's. */
export function schemaIssueSaid(sentence: string | undefined): CoreMessage | null {
  if (sentence === undefined) return null;
  const code = BY_SENTENCE.get(sentence);
  if (code !== undefined) return schemaIssue(code);
  for (const { code: withParams, names, pattern } of WITH_PARAMS) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    // Read back only what words back to the same sentence, so a value that happens to fit is never misread.
    if (schemaIssueTextWith(withParams, params) === sentence) return schemaIssue(withParams, params);
  }
  return null;
}
