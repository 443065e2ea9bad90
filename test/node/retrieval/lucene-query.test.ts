import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { wordFields } from '../../../electron/retrieval/fulltext-retriever';
import { clauseBudget, LUCENE_MAX_CLAUSES, luceneQueryFor, wordsInFields } from '../../../electron/retrieval/lucene-query';

describe('the words of a full-text query, kept to the text fields', () => {
  it('searches each field by name, so no word is left for the index to search in its ACL terms', () => {
    const words = luceneQueryFor('acl_terms:acl038a63ea0205c51efcaf2180598a deploy')?.text ?? '';
    expect(wordsInFields(words, ['text'])).toBe('text:(acl_terms\\:acl038a63ea0205c51efcaf2180598a deploy)');
    expect(wordsInFields('a b', ['title', 'text'])).toBe('title:(a b) text:(a b)');
  });

  it('writes a property name with spaces, Lucene syntax or an operator word as one escaped field name', () => {
    expect(wordsInFields('a', ['my text'])).toBe('my\\ text:(a)');
    expect(wordsInFields('a', ['body:en'])).toBe('body\\:en:(a)');
    expect(wordsInFields('a', ['x(y)*'])).toBe('x\\(y\\)\\*:(a)');
    expect(wordsInFields('a', ['AND'])).toBe('\\AND:(a)');
  });

  it("takes every field of the index but the profile's ACL terms, and the text property when nothing else is left", () => {
    const profile = DEFAULT_SCHEMA_PROFILE;
    expect(wordFields(['text', 'acl_terms'], profile)).toEqual(['text']);
    expect(wordFields(['title', 'text'], profile)).toEqual(['title', 'text']);
    expect(wordFields(['acl_terms'], profile)).toEqual([profile.properties.chunk.text]);
  });
});

describe('a word that glues a Korean particle to an English term', () => {
  it('is searched whole and by its English term, since the standard tokenizer keeps `proxy와` as one token', () => {
    // test/fixtures/eval/ko-docs: `proxy와` and `proxy는` found nothing of `[kubectl proxy]`, and the page on proxies came fifth.
    expect(luceneQueryFor('kubectl proxy와 apiserver proxy는 어떻게 다른가요?')?.text).toBe(
      'kubectl proxy와 proxy apiserver proxy는 proxy 어떻게 다른가요\\?',
    );
    // Written without the space, `API서버` is searched as `API` and `서버` too; a word in one script is left as it is.
    expect(luceneQueryFor('API서버에서 (kube-proxy를 보기)')?.text).toBe('API서버에서 API 서버에서 \\(kube\\-proxy를 proxy 보기\\)');
  });

  it('counts the parts it adds against the clause budget, and the words used as the words of the text', () => {
    // 15 characters hold `kubelet의` and `kubelet`, and no room is left for `설정`.
    expect(luceneQueryFor('kubelet의 설정', 15)).toEqual({ text: 'kubelet의 kubelet', termsUsed: 1, termsGiven: 2 });
  });
});

describe('the clause budget of words searched in several fields', () => {
  /** The clauses the cjk analyzer makes of a query's words: a Hangul word's bigrams, one for any other word. */
  const clausesOf = (words: string): number =>
    words.split(' ').reduce((sum, word) => sum + (/\p{Script=Hangul}/u.test(word) ? Math.max(1, Array.from(word).length - 1) : 1), 0);

  it("shares the budget between the fields, so a long Korean question asked in text and search_context stays under Lucene's limit", () => {
    // 100 words of nine syllables: 800 bigrams, asked in two fields. With the whole budget for each field
    // the first 100 words were kept (1,600 clauses) and Neo4j refused the search (TooManyClauses).
    // Distinct words (Lucene merges a repeated one): nine syllables each, spread over the Hangul block.
    const syllable = (n: number) => String.fromCodePoint(0xac00 + ((n * 37) % 11172));
    const question = Array.from({ length: 100 }, (_, word) => Array.from({ length: 9 }, (_, i) => syllable(word * 9 + i)).join('')).join(
      ' ',
    );
    const aclTerms = 3;
    const fields = ['text', 'search_context'];
    const query = luceneQueryFor(question, clauseBudget(aclTerms, fields.length));
    expect(query?.termsUsed).toBe(55);
    expect(clausesOf(query?.text ?? '') * fields.length + aclTerms).toBeLessThanOrEqual(LUCENE_MAX_CLAUSES);
  });

  it('gives a single field the whole budget, and each of n fields an nth of it', () => {
    expect(clauseBudget(0, 1)).toBe(clauseBudget(0));
    expect(clauseBudget(4, 2)).toBe(Math.floor(clauseBudget(4) / 2));
    expect(clauseBudget(0, 0)).toBe(clauseBudget(0));
  });
});
