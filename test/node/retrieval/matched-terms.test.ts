import { describe, expect, it } from 'vitest';
import { analyzeTerms, matchedTerms, textTokens } from '../../../electron/retrieval/matched-terms';

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

  it('matches whole words only, not a word inside another', () => {
    expect(matched('lag key', 'the keyboard lagged')).toEqual([]);
  });

  it('finds no term of gibberish in a real text', () => {
    expect(matched('xyzzyplugh qwerty', 'Check consumer lag with the Redpanda console before failing over.')).toEqual([]);
  });
});
