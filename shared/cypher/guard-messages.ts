import { messageBuilder, wordCoreMessage, type CoreMessage } from '../core-message';

/**
 * Why the Cypher guard refused a query, in words: a refusal's reason (`reason_code`) is a code of
 * this catalogue (namespace `guard`) with parameters. The verdict's English `reason` is worded from
 * here; the UI words the code in its language.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  function_not_allowed: 'The function {{name}} is outside the built-in namespaces the workbench allows.',
  create_admin: 'CREATE {{what}} is an administration or schema command; the workbench runs data queries only.',
  write_clause: '{{clause}} writes to the graph; the workbench only reads.',
  use_database: 'USE selects another database or graph; queries run only on the configured database.',
  load_csv: 'LOAD CSV reads files or URLs from the server; it is not allowed.',
  periodic_commit: 'USING PERIODIC COMMIT batches writes; it is not allowed.',
  call_in_transactions: 'CALL { … } IN TRANSACTIONS runs batched transactions; it is not allowed.',
  admin_word: '{{word}} … is an administration command; the workbench runs data queries only.',
  procedure_not_allowed: 'The procedure {{name}} is not on the read-only allowlist.',
  explain_prefix: '{{word}} is added by the gateway itself; remove it from the query.',
  admin_first: '{{word}} … is an administration or schema command; the workbench runs data queries only.',
  too_large:
    'The query is {{length}} characters long; the workbench checks and runs queries of at most {{max}} characters. Pass data as parameters instead of writing it into the text.',
  too_deep:
    'The query nests brackets {{depth}} deep; the workbench checks and runs queries nested at most {{max}} deep. Flatten it (a WITH between steps, a list as a parameter).',
  syntax: 'The query is not valid Cypher: {{error}} (at character {{at}}).',
  empty: 'The query is empty.',
  option_debug:
    "CYPHER debug={{value}} is an internal option of the server: it can replace the rows with the planner's own output or write to the server's log. Remove it from the query.",
  option_not_allowed: 'The query option {{option}} is not one the workbench runs; it allows {{choices}}. Remove it from the query.',
  option_value_not_allowed:
    'The query option {{option}}={{value}} is not allowed; {{option}} may be {{choices}}. Use one of those or remove the option.',
  cypher_version: 'CYPHER {{version}} is not a Cypher version the workbench runs; write CYPHER 5 or CYPHER 25, or no version.',
  // What the lexer found unclosed (the `syntax` refusal's {{error}}).
  comment_not_closed: 'a /* comment is not closed',
  string_not_closed: 'a string is not closed',
  quoted_name_not_closed: 'a `quoted name` is not closed',
  unicode_escape_invalid: '\\u is not followed by four hexadecimal digits; write \\\\u for a backslash followed by u',
  multiple_statements: 'The text holds {{count}} statements; run one statement at a time.',
  plan_not_read_only: "The server plans this query as type '{{type}}', not read-only ('r').",
  plan_missing: 'The server returned no plan for this query, so its operators cannot be checked.',
  plan_procedure: "The server's plan calls the procedure {{name}}, which is not on the read-only allowlist.",
  plan_operator: "The server's plan uses the operator {{operator}}, which is not on the read-only allowlist of plan operators.",
  row_cap: 'The query returned more than {{cap}} rows, so it is unbounded; ask for LIMIT $top_k.',
  no_cypher: 'The reply of {{model}} held no Cypher query.',
} as const;

/** A code of the guard catalogue. */
export type GuardMessageCode = keyof typeof en;

const ko: Readonly<Record<GuardMessageCode, string>> = {
  function_not_allowed: '함수 {{name}}는 워크벤치가 허용하는 내장 네임스페이스 밖에 있습니다.',
  create_admin: 'CREATE {{what}}는 관리 또는 스키마 명령입니다. 워크벤치는 데이터 질의만 실행합니다.',
  write_clause: '{{clause}}는 그래프에 씁니다. 워크벤치는 읽기만 합니다.',
  use_database: 'USE는 다른 데이터베이스나 그래프를 고릅니다. 질의는 설정된 데이터베이스에서만 실행됩니다.',
  load_csv: 'LOAD CSV는 서버에서 파일이나 URL을 읽습니다. 허용되지 않습니다.',
  periodic_commit: 'USING PERIODIC COMMIT은 쓰기를 묶어 실행합니다. 허용되지 않습니다.',
  call_in_transactions: 'CALL { … } IN TRANSACTIONS는 묶음 트랜잭션을 실행합니다. 허용되지 않습니다.',
  admin_word: '{{word}} …는 관리 명령입니다. 워크벤치는 데이터 질의만 실행합니다.',
  procedure_not_allowed: '프로시저 {{name}}는 읽기 전용 허용 목록에 없습니다.',
  explain_prefix: '{{word}}는 게이트웨이가 직접 붙입니다. 질의에서 빼세요.',
  admin_first: '{{word}} …는 관리 또는 스키마 명령입니다. 워크벤치는 데이터 질의만 실행합니다.',
  too_large:
    '질의 길이가 {{length}}자입니다. 워크벤치는 최대 {{max}}자까지의 질의만 검사하고 실행합니다. 데이터는 텍스트에 쓰지 말고 매개변수로 넘기세요.',
  too_deep:
    '질의의 괄호가 {{depth}}단계로 중첩되어 있습니다. 워크벤치는 최대 {{max}}단계까지 중첩된 질의만 검사하고 실행합니다. 단계 사이에 WITH를 두거나 목록을 매개변수로 넘겨 평평하게 만드세요.',
  syntax: '질의가 올바른 Cypher가 아닙니다: {{error}} ({{at}}번째 문자).',
  empty: '질의가 비어 있습니다.',
  option_debug:
    'CYPHER debug={{value}}는 서버 내부 옵션입니다. 결과 행을 플래너 자체의 출력으로 바꾸거나 서버 로그에 쓸 수 있습니다. 질의에서 빼세요.',
  option_not_allowed: '질의 옵션 {{option}}는 워크벤치가 실행하는 옵션이 아닙니다. 허용되는 옵션: {{choices}}. 질의에서 빼세요.',
  option_value_not_allowed:
    '질의 옵션 {{option}}={{value}}는 허용되지 않습니다. {{option}}의 값은 {{choices}} 중 하나여야 합니다. 그중 하나를 쓰거나 옵션을 빼세요.',
  cypher_version: 'CYPHER {{version}}는 워크벤치가 실행하는 Cypher 버전이 아닙니다. CYPHER 5나 CYPHER 25를 쓰거나 버전을 빼세요.',
  comment_not_closed: '/* 주석이 닫히지 않았습니다',
  string_not_closed: '문자열이 닫히지 않았습니다',
  quoted_name_not_closed: '`따옴표 이름`이 닫히지 않았습니다',
  unicode_escape_invalid: '\\u 뒤에 16진수 네 자리가 없습니다. 백슬래시 다음에 u를 쓰려면 \\\\u로 쓰세요',
  multiple_statements: '텍스트에 문장이 {{count}}개 있습니다. 한 번에 한 문장씩 실행하세요.',
  plan_not_read_only: "서버가 이 질의를 읽기 전용('r')이 아닌 '{{type}}' 유형으로 계획합니다.",
  plan_missing: '서버가 이 질의의 계획을 돌려주지 않아 연산자를 검사할 수 없습니다.',
  plan_procedure: '서버의 계획이 프로시저 {{name}}를 호출하며, 이는 읽기 전용 허용 목록에 없습니다.',
  plan_operator: '서버의 계획이 연산자 {{operator}}를 쓰며, 이는 계획 연산자의 읽기 전용 허용 목록에 없습니다.',
  row_cap: '질의가 {{cap}}행보다 많이 돌려주어 제한이 없는 질의입니다. LIMIT $top_k를 쓰세요.',
  no_cypher: '{{model}}의 응답에 Cypher 질의가 없습니다.',
};

/** The catalogue, in every language of the UI. */
export const GUARD_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const guardMessage = messageBuilder<'guard', GuardMessageCode>('guard');

/** The English of a guard message (worded here, not through core-catalogues, which the contract's modules import). */
export function guardEnglish(message: CoreMessage): string {
  return wordCoreMessage(message, { guard: GUARD_MESSAGES }) ?? message.code;
}
