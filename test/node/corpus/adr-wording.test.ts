import { describe, expect, it } from 'vitest';
import { englishVerbs, koreanVerbs } from '../../../electron/corpus/adr-wording';

const verbs = (sentence: string) =>
  englishVerbs(sentence).map((v) => ({ text: sentence.slice(v.start, v.end), forward: v.forward, partial: v.partial, scope: v.scope }));

describe('englishVerbs: the wording', () => {
  it.each([
    ['Superseded by x', 'Superseded by', 'superseded_by', false],
    ['superseded in part by x', 'superseded in part by', 'superseded_by', true],
    ['It was superseded partly by x', 'superseded partly by', 'superseded_by', true],
    ['This ADR supersedes x', 'supersedes', 'supersedes', false],
    ['This is replaced by x', 'replaced by', 'superseded_by', false],
    ['This ADR replaces x', 'replaces', 'supersedes', false],
    ['It is obsoleted by x', 'obsoleted by', 'superseded_by', false],
    ['It is amended by x', 'amended by', 'superseded_by', true],
    ['This ADR refines x', 'refines', 'supersedes', true],
    ['This ADR amends x', 'amends', 'supersedes', true],
    ['Deprecated in favour of x', 'in favour of', 'superseded_by', false],
    ['Deprecated in favor of x', 'in favor of', 'superseded_by', false],
    ['Note: this ADR supersedes some aspects of x and y', 'supersedes', 'supersedes', true],
    ['This ADR replaces parts of x', 'replaces', 'supersedes', true],
    ['This ADR supersedes the sections of x on caching', 'supersedes', 'supersedes', true],
    ['This ADR supersedes in part x', 'supersedes', 'supersedes', true],
    ['This ADR partially supersedes x', 'supersedes', 'supersedes', true],
    ['It was partly superseded by x', 'superseded by', 'superseded_by', true],
    ['This ADR supersedes the aspect-oriented design of x', 'supersedes', 'supersedes', false],
  ])('reads %j', (sentence, text, forward, partial) => {
    expect(verbs(sentence)).toEqual([{ text, forward, partial, scope: 'anywhere' }]);
  });

  it('reads a bare "Superseded" as "superseded by" only when it opens the sentence', () => {
    expect(verbs('⌛️ Superseded \u0001\u0001')).toEqual([
      { text: 'Superseded', forward: 'superseded_by', partial: false, scope: 'anywhere' },
    ]);
    expect(verbs('the already-superseded guidance')).toEqual([]);
  });

  it('finds every verb of a sentence, left to right', () => {
    expect(verbs('Supersedes a and is superseded by b').map((v) => v.text)).toEqual(['Supersedes', 'superseded by']);
  });

  it('notes "this" right after the verb, for "[X] supersedes this ADR"', () => {
    expect(englishVerbs('X supersedes this ADR')[0]?.selfAfter).toBe(true);
    expect(englishVerbs('X supersedes that ADR')[0]?.selfAfter).toBe(false);
  });
});

describe('englishVerbs: where everyday words count', () => {
  it('counts "replaced by" in prose only in a sentence about this record', () => {
    expect(verbs('Runbooks that call the old tool are replaced by x')[0]?.scope).toBe('status');
    expect(verbs('It is replaced by x')[0]?.scope).toBe('anywhere');
    expect(verbs('Replaced by x')[0]?.scope).toBe('anywhere');
  });

  it('counts "in favour of" in prose only in a sentence that opens with this record or its status', () => {
    expect(verbs('We dropped the old cluster in favour of x')[0]?.scope).toBe('status');
    expect(verbs('This decision is withdrawn in favour of x')[0]?.scope).toBe('anywhere');
    expect(verbs('Deprecated in favour of x')[0]?.scope).toBe('anywhere');
  });

  it('never counts "in favour of" after a rejection, which names the option chosen instead', () => {
    expect(verbs('❌ Rejected in favour of x')[0]?.scope).toBe('nowhere');
  });

  it('counts "supersede" anywhere', () => {
    expect(verbs('The new design supersedes x')[0]?.scope).toBe('anywhere');
  });
});

describe('koreanVerbs', () => {
  it('finds passive and active verbs of 대체, 폐기, 개정 and 보완, partial for 개정 and 보완', () => {
    const sentence = '[a]에 의해 대체되었다. [b]를 폐기한다. [c]로 일부 개정되었다. [d]를 보완한다.';
    expect(koreanVerbs(sentence).map((v) => [sentence.slice(v.start, v.end), v.passive, v.partial])).toEqual([
      ['대체되었', true, false],
      ['폐기한다', false, false],
      ['개정되었', true, true],
      ['보완한다', false, true],
    ]);
  });

  it('finds nothing in a sentence without those stems', () => {
    expect(koreanVerbs('이 문서는 정산을 설명한다.')).toEqual([]);
  });

  it('finds a stem standing alone at a clause end as bare, not one opening a compound noun', () => {
    const sentence = '승인 (ADR-0024가 부분 대체 — 봇). ADR-9가 보완. 대체 방안을 검토했다. 대체하는 결정.';
    expect(koreanVerbs(sentence).map((v) => [sentence.slice(v.start, v.end), v.bare, v.partial])).toEqual([
      ['대체', true, false],
      ['보완', true, true],
      ['대체하는', false, false],
    ]);
  });
});
