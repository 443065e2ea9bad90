import { messageBuilder } from './core-message';

/**
 * Errors in words (namespace `error`): an error's sentence and what to do, as codes with parameters
 * where the error is one a user meets in daily work. The error's English `message` and `hint` are
 * worded from here (coded-error.ts); other errors travel as English text alone.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  no_searchable_words: 'The query has no words to search for: it holds only punctuation or symbols.',
  no_searchable_words_hint: 'Type at least one word (letters or digits).',
  zero_query_vector: 'The embedder {{embedder}} gave the query the zero vector: it has nothing to search the vectors with.',
  zero_query_vector_hint: 'Use words the embedder knows, or mode fulltext.',
  bundle_not_json: '{{file}} is not JSON: {{problem}}.',
  bundle_not_json_hint: 'Choose a bundle written by Export in Traces or by `lens traces export`.',
  bundle_too_large:
    '{{file}} is {{size_kb}} KB, more than the {{max_kb}} KB the app imports at once (what one request to it carries), so it was not read.',
  bundle_too_large_hint: 'Import it with `lens traces import FILE`, which reads the file itself, or export fewer runs per bundle.',
  text_escapes_too_large:
    '{{file}} holds {{count}} control characters (the first on line {{line}}), which neither YAML nor JSON lets a file hold raw; a request writes each as six bytes, so the file would be sent as {{size_kb}} KB, more than the {{max_kb}} KB the app takes at once, and it was not sent.',
  text_escapes_too_large_hint:
    'Remove the control characters, or save the file again as plain UTF-8 text from the tool that wrote it, then pick it again.',
  bundle_duplicate_key:
    '{{file}} gives the key {{key}} twice in the object at {{path}}: a bundle is evidence, so a value given twice is not read at all.',
  bundle_duplicate_top_key:
    '{{file}} gives the key {{key}} twice at its top level: a bundle is evidence, so a value given twice is not read at all.',
  bundle_duplicate_key_hint:
    'Keep the value that is right, remove the other, and import the bundle again (Export in Traces and `lens traces export` never repeat a key).',
  newer_format_version:
    '{{what}} was written by a newer Provenance Lens: it is version {{version}}, and this build reads version {{reads}}.',
  newer_format_version_hint: 'Update Provenance Lens to read it, or write it again in version {{reads}}.',
  run_has_no_query: 'Run {{trace}} has no query {{index}} (it ran {{count}}, numbered from 0).',
  run_has_no_query_hint: 'Pick a query the run lists.',
  no_explain_plan: 'The server gave no plan for EXPLAIN.',
  no_explain_plan_hint: 'Try again; if it persists, the server may not support plans for this query.',
} as const;

/** A code of the error catalogue. */
export type ErrorMessageCode = keyof typeof en;

const ko: Readonly<Record<ErrorMessageCode, string>> = {
  no_searchable_words: '질의에 검색할 단어가 없습니다: 문장 부호나 기호만 들어 있습니다.',
  no_searchable_words_hint: '단어(글자나 숫자)를 하나 이상 입력하세요.',
  zero_query_vector: '임베더 {{embedder}}가 질의를 영벡터로 만들었습니다: 벡터를 검색할 근거가 없습니다.',
  zero_query_vector_hint: '임베더가 아는 단어를 쓰거나 fulltext 모드를 쓰세요.',
  bundle_not_json: '{{file}}은(는) JSON이 아닙니다: {{problem}}.',
  bundle_not_json_hint: 'Traces의 내보내기나 `lens traces export`로 쓴 번들을 고르세요.',
  bundle_too_large:
    '{{file}}은(는) {{size_kb}} KB로, 앱이 한 번에 가져올 수 있는 {{max_kb}} KB(앱에 한 번의 요청으로 보낼 수 있는 크기)보다 커서 읽지 않았습니다.',
  bundle_too_large_hint: '파일을 직접 읽는 `lens traces import FILE`로 가져오거나, 번들마다 더 적은 실행을 내보내세요.',
  text_escapes_too_large:
    '{{file}}에는 YAML과 JSON 모두 파일에 그대로 둘 수 없는 제어 문자가 {{count}}개 있습니다(처음은 {{line}}행). 요청은 이를 각각 6바이트로 쓰므로 파일이 {{size_kb}} KB로 보내져 앱이 한 번에 받는 {{max_kb}} KB를 넘기 때문에 보내지 않았습니다.',
  text_escapes_too_large_hint: '제어 문자를 지우거나, 파일을 만든 도구에서 일반 UTF-8 텍스트로 다시 저장한 뒤 다시 고르세요.',
  bundle_duplicate_key:
    '{{file}}은(는) {{path}}의 객체에서 키 {{key}}을(를) 두 번 줍니다: 번들은 증거이므로 두 번 주어진 값은 어느 쪽도 읽지 않습니다.',
  bundle_duplicate_top_key:
    '{{file}}은(는) 맨 위 단계에서 키 {{key}}을(를) 두 번 줍니다: 번들은 증거이므로 두 번 주어진 값은 어느 쪽도 읽지 않습니다.',
  bundle_duplicate_key_hint:
    '맞는 값을 남기고 다른 하나를 지운 뒤 번들을 다시 가져오세요(Traces의 내보내기와 `lens traces export`는 키를 반복하지 않습니다).',
  newer_format_version:
    '{{what}}은(는) 더 새로운 Provenance Lens가 쓴 것입니다: 버전 {{version}}이고, 이 빌드는 버전 {{reads}}을(를) 읽습니다.',
  newer_format_version_hint: 'Provenance Lens를 업데이트해서 읽거나, 버전 {{reads}}(으)로 다시 쓰세요.',
  run_has_no_query: '실행 {{trace}}에는 질의 {{index}}이(가) 없습니다(질의 {{count}}개, 0부터 번호).',
  run_has_no_query_hint: '실행이 나열하는 질의를 고르세요.',
  no_explain_plan: '서버가 EXPLAIN 계획을 돌려주지 않았습니다.',
  no_explain_plan_hint: '다시 시도하세요. 계속되면 서버가 이 질의의 계획을 지원하지 않는 것일 수 있습니다.',
};

/** The catalogue, in every language of the UI. */
export const ERROR_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const errorMessage = messageBuilder<'error', ErrorMessageCode>('error');
