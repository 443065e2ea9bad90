/**
 * Korean words that ask rather than say what is asked about: question words (무엇을, 어떻게) and the
 * question endings of verbs (갱신하나요). The full-text relevance floor leaves them out of a query's
 * terms and the hashing embedder out of its features, since a page rarely holds them and a question
 * always does.
 */

/** Sentence-final endings of a Korean question, longest first: `하나요` of `갱신하나요`, whose bigram `하나` (one) is in every page. */
const QUESTION_ENDINGS = [
  '하나요',
  '되나요',
  '인가요',
  '습니까',
  '나요',
  '가요',
  '까요',
  '세요',
  '어요',
  '아요',
  '해요',
  '예요',
  '에요',
  '니까',
  '죠',
];

/** Korean question words, as the run of Hangul they start (무엇을, 어떻게, 언제나): 왜 and 몇 only alone, since words start with them (왜곡, 몇몇). */
const KOREAN_QUESTION_STEMS = ['무엇', '어떻게', '어떤', '어느', '언제', '어디', '누구', '누가'];
const KOREAN_QUESTION_WORDS = new Set(['왜', '몇', '뭐', '뭘']);

/** A Hangul run without the question ending it closes with, when two or more syllables are left. */
export function withoutQuestionEnding(run: string): string {
  const ending = QUESTION_ENDINGS.find((candidate) => run.endsWith(candidate));
  return ending !== undefined && Array.from(run).length - Array.from(ending).length >= 2 ? run.slice(0, -ending.length) : run;
}

/** True for a run that is a Korean question word (`왜`, `몇`) or starts with one (`무엇을`, `어떻게`). */
export function isKoreanQuestionWord(run: string): boolean {
  return KOREAN_QUESTION_WORDS.has(run) || KOREAN_QUESTION_STEMS.some((stem) => run.startsWith(stem));
}
