import { describe, expect, it } from 'vitest';
import { analyzeTerms, matchedTerms, textTokens } from '../../../electron/retrieval/matched-terms';
import { createRandom } from '../../../electron/demo-graph/synthetic-text';

const matched = (query: string, text: string) => matchedTerms(analyzeTerms(query), textTokens(text)).map((term) => term.text);

describe('analyzeTerms reads a query like the cjk analyzer', () => {
  it('lowercases words, splits on punctuation and drops the analyzer’s English stop words', () => {
    expect(analyzeTerms('What is the Idempotency-Key of a payment?').map((term) => term.text)).toEqual([
      'what',
      'idempotency',
      'key',
      'payment',
    ]);
  });

  it('keeps words the cjk analyzer keeps even where other analyzers drop them ("an", "how")', () => {
    expect(analyzeTerms('how an outage').map((term) => term.text)).toEqual(['how', 'an', 'outage']);
  });

  it('cuts a Hangul run into bigrams and keeps a lone syllable whole', () => {
    expect(analyzeTerms('페일오버 절').map((term) => term.tokens)).toEqual([['페일', '일오', '오버'], ['절']]);
  });

  it('splits a word where it changes between Hangul and Latin letters', () => {
    expect(analyzeTerms('DB페일오버').map((term) => term.text)).toEqual(['db', '페일오버']);
  });

  it('leaves out the particle glued to an English term, so a chunk is not matched by particles alone', () => {
    // test/fixtures/eval/ko-docs: the question's `proxy와` and `proxy는` were the terms `와` and `는`, and the
    // field selectors page, which holds `kubectl`, `=`와 and `==`는, held three terms and passed the two-term floor.
    const question = 'kubectl proxy와 apiserver proxy는 어떻게 다른가요?';
    expect(analyzeTerms(question).map((term) => term.text)).toEqual(['kubectl', 'proxy', 'apiserver', '어떻게', '다른가요']);
    expect(matched(question, '다음의 `kubectl` 커맨드는 (`=`와 `==`는 동일한 의미이다)')).toEqual(['kubectl']);
    // A lone syllable written as its own word, and a Hangul run of two or more beside Latin letters, stay terms.
    expect(analyzeTerms('왜 API서버').map((term) => term.text)).toEqual(['왜', 'api', '서버']);
  });

  it('counts a term once however often it is repeated, and finds none in punctuation', () => {
    expect(analyzeTerms('lag Lag LAG').map((term) => term.text)).toEqual(['lag']);
    expect(analyzeTerms('?!?! ... ### @@')).toEqual([]);
  });

  it('reads full-width letters as the plain ones (NFKC)', () => {
    expect(analyzeTerms('ＴＬＳ').map((term) => term.text)).toEqual(['tls']);
  });
});

describe('matchedTerms finds the query’s terms in a text', () => {
  it('matches a Korean word carrying a particle by its shared bigram, as Lucene’s OR of bigrams does', () => {
    expect(matched('서비스의 장애', '결제 서비스 장애 대응')).toEqual(['서비스의', '장애']);
  });

  it('does not match a question’s verb by the bigrams of its ending, such as `하나` (one) of `갱신하나요`', () => {
    // Before, `갱신하나요` matched every page saying `하나 이상의` and `다른가요` every `가요`: a free term toward the floor of two.
    expect(matched('리스를 얼마나 자주 갱신하나요?', '하나 이상의 리스를 본다')).toEqual(['리스를']);
    expect(matched('다른가요', '몇 가요')).toEqual([]);
    // The stem still matches, and an ending left with one syllable before it is kept whole.
    expect(matched('갱신하나요', '주기적으로 갱신한다')).toEqual(['갱신하나요']);
    expect(analyzeTerms('되나요').map((term) => term.tokens)).toEqual([['되나', '나요']]);
  });

  it('matches whole words only, not a word inside another', () => {
    expect(matched('lag key', 'the keyboard lagged')).toEqual([]);
  });

  it('finds no term of gibberish in a real text', () => {
    expect(matched('xyzzyplugh qwerty', 'Check consumer lag with the Redpanda console before failing over.')).toEqual([]);
  });
});

/** The analyzer as first written, character by character: the oracle the faster textTokens and scriptRuns are held to. */
function referenceTokens(text: string): Set<string> {
  const cjk = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  const tokens = new Set<string>();
  for (const [word] of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const runs: string[] = [];
    let current = '';
    let currentIsCjk: boolean | null = null;
    for (const character of word) {
      const isCjk = cjk.test(character);
      if (!(currentIsCjk === null || isCjk === currentIsCjk || /\p{M}/u.test(character))) {
        runs.push(current);
        current = '';
      }
      current += character;
      if (!/\p{M}/u.test(character)) currentIsCjk = isCjk;
    }
    if (current) runs.push(current);
    for (const run of runs) {
      const characters = Array.from(run);
      if (!cjk.test(run)) tokens.add(run);
      else if (characters.length < 2) tokens.add(run);
      else for (let i = 0; i + 1 < characters.length; i++) tokens.add(`${characters[i]}${characters[i + 1]}`);
    }
  }
  for (const stop of ['a', 'and', 'the', 'of', 'to', 'is', 'in', 's', 't', 'www']) tokens.delete(stop);
  return tokens;
}

describe('textTokens', () => {
  it('makes the same tokens as the character-by-character analyzer on mixed scripts, marks, digits and stop words', () => {
    const random = createRandom(41);
    const pieces = [
      'the',
      'Of',
      'a',
      'www',
      'Retry',
      'queue',
      '결제',
      '큐',
      '한',
      '漢字',
      'かな',
      'カタ',
      'é',
      '\u0301',
      '\u3099',
      '123',
      'ＡＢＣ',
      '𠀀',
      '-',
      ' ',
      '.',
      "'",
      '\n',
      'ß',
      'İ',
    ];
    for (let n = 0; n < 3_000; n++) {
      const text = Array.from({ length: 1 + random.below(12) }, () => pieces[random.below(pieces.length)] as string).join(
        random.below(3) === 0 ? ' ' : '',
      );
      expect([...textTokens(text)].sort(), JSON.stringify(text)).toEqual([...referenceTokens(text)].sort());
    }
  });

  it('holds every token of every term analyzeTerms makes of the same text', () => {
    const text = 'Payment retries: 결제 재시도는 큐에서 漢字かな and the Retry-Queue.';
    expect([...textTokens(text)].sort()).toEqual([...new Set(analyzeTerms(text).flatMap((term) => term.tokens))].sort());
  });
});
