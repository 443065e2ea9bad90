import { describe, expect, it } from 'vitest';
import type { RelevanceRecord } from '../../shared/context-contract';
import {
  floorCutEverything,
  nothingReachedWords,
  RELEVANCE_MESSAGE_CODES,
  RELEVANCE_MESSAGES,
  relevanceFloorWords,
  relevanceMessages,
  wordRelevanceMessage,
} from '../../shared/relevance-messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const HYBRID: RelevanceRecord = {
  basis: 'floor',
  min_similarity: 0.635,
  similarity_floor_source: 'calibrated',
  embedder: 'hashing-384',
  min_matched_terms: 2,
  query_terms: 2,
  best_similarity: 0.5893,
  best_matched_terms: null,
  judged: 10,
  cut: 10,
};

describe('the relevance floor in words', () => {
  it('has every code in English and Korean, with the same placeholders', () => {
    for (const language of ['en', 'ko'] as const)
      expect(Object.keys(RELEVANCE_MESSAGES[language]).sort()).toEqual([...RELEVANCE_MESSAGE_CODES].sort());
    for (const code of RELEVANCE_MESSAGE_CODES)
      expect(placeholders(RELEVANCE_MESSAGES.ko[code]), code).toEqual(placeholders(RELEVANCE_MESSAGES.en[code]));
  });

  it('shows each side’s floor beside the best score it reached, and says when no hit reached a side at all', () => {
    expect(relevanceFloorWords(HYBRID)).toBe(
      'vector similarity floor 0.635 (calibrated, hashing-384); best similarity 0.589; full-text floor 2 of 2 query terms; best full-text hit held none; 10 of 10 candidate chunks below the relevance floor (cut, not denied)',
    );
    expect(relevanceFloorWords(HYBRID, 'ko')).toContain('최고 유사도 0.589');
    expect(relevanceFloorWords(HYBRID, 'ko')).toContain('없음');
  });

  it('says a side is off when the request set its floor to 0', () => {
    const off = { ...HYBRID, min_similarity: 0, similarity_floor_source: 'request' as const, min_matched_terms: 0, cut: 0 };
    expect(relevanceMessages(off).map((message) => message.code)).toEqual(['similarity_floor_off', 'terms_floor_off', 'floor_cut']);
  });

  it('words only the sides the mode has', () => {
    const fulltext = { ...HYBRID, min_similarity: null, similarity_floor_source: null, embedder: null, best_similarity: null };
    expect(relevanceMessages(fulltext).map((message) => message.code)).toEqual(['terms_floor', 'floor_cut']);
  });

  it('says the rows of a query (a template, a generated query, a provider) are no search hits, not that a template ran', () => {
    const template: RelevanceRecord = { ...HYBRID, basis: 'template_rows', cut: 0 };
    expect(relevanceMessages(template).map((message) => wordRelevanceMessage(message))).toEqual([
      'rows a query returned (a cypher template, a generated query, a provider) are no search hits: no relevance floor applies',
    ]);
  });

  it('tells a run the floor emptied from one it only thinned', () => {
    expect(floorCutEverything(HYBRID)).toBe(true);
    expect(floorCutEverything({ ...HYBRID, cut: 9 })).toBe(false);
    expect(floorCutEverything({ ...HYBRID, judged: 0, cut: 0 })).toBe(false);
    expect(floorCutEverything(undefined)).toBe(false);
  });

  it('words an emptied run as no evidence, with the best score and how to see what was cut', () => {
    const words = nothingReachedWords(HYBRID);
    expect(words).toMatch(/^No evidence: no candidate reached the relevance floor\./);
    expect(words).toContain('best similarity 0.589');
    expect(words).toContain('min_similarity');
  });
});
