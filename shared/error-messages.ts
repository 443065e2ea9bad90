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
} as const;

/** A code of the error catalogue. */
export type ErrorMessageCode = keyof typeof en;

const ko: Readonly<Record<ErrorMessageCode, string>> = {
  no_searchable_words: '질의에 검색할 단어가 없습니다: 문장 부호나 기호만 들어 있습니다.',
  no_searchable_words_hint: '단어(글자나 숫자)를 하나 이상 입력하세요.',
  zero_query_vector: '임베더 {{embedder}}가 질의를 영벡터로 만들었습니다: 벡터를 검색할 근거가 없습니다.',
  zero_query_vector_hint: '임베더가 아는 단어를 쓰거나 fulltext 모드를 쓰세요.',
};

/** The catalogue, in every language of the UI. */
export const ERROR_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const errorMessage = messageBuilder<'error', ErrorMessageCode>('error');
