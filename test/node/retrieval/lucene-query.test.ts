import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { wordFields } from '../../../electron/retrieval/fulltext-retriever';
import { luceneQueryFor, wordsInFields } from '../../../electron/retrieval/lucene-query';

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
