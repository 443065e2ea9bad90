import { describe, expect, it } from 'vitest';
import { AdrSuggestionKind } from '../../shared/adr-marks';
import {
  ADR_SUGGESTION_MESSAGE_CODES,
  ADR_SUGGESTION_MESSAGES,
  wordSuggestion,
  wordSuggestionKind,
} from '../../shared/adr-suggestion-messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('stale-ADR suggestion messages', () => {
  it('has every code in English and Korean with the same placeholders', () => {
    for (const language of ['en', 'ko'] as const)
      expect(Object.keys(ADR_SUGGESTION_MESSAGES[language]).sort()).toEqual([...ADR_SUGGESTION_MESSAGE_CODES].sort());
    for (const code of ADR_SUGGESTION_MESSAGE_CODES)
      expect(placeholders(ADR_SUGGESTION_MESSAGES.ko[code]), code).toEqual(placeholders(ADR_SUGGESTION_MESSAGES.en[code]));
  });

  it('words every kind with its successor by ADR id, and says when there is none', () => {
    const successor = { document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011' };
    for (const kind of AdrSuggestionKind.options) {
      expect(wordSuggestion({ kind, successor }), kind).toContain('ADR-011');
      expect(wordSuggestion({ kind, successor }, 'ko'), kind).toContain('ADR-011');
      expect(wordSuggestionKind(kind, 'ko')).not.toBe(wordSuggestionKind(kind));
    }
    expect(wordSuggestion({ kind: 'unnamed_successor', successor: null })).toBe(
      'the status says superseded but names no successor, and no likely one was found',
    );
    expect(wordSuggestion({ kind: 'update_note', successor: { document_id: 'x', adr_id: null } })).toContain('points to x');
  });

  it('names the record that says so beside the successor when they differ (a sentence about two other records)', () => {
    const successor = { document_id: 'adr-5', adr_id: 'ADR-0005' };
    const evidence = (document_id: string, adr_id: string) => [{ document_id, adr_id, quote: 'ADR-0003 is superseded by ADR-0005.' }];
    expect(wordSuggestion({ kind: 'replacement_wording', successor, evidence: evidence('adr-7', 'ADR-0007') })).toBe(
      'a newer record, ADR-0007, says ADR-0005 replaces this one, but the records do not link the two as a supersession',
    );
    expect(wordSuggestion({ kind: 'replacement_wording', successor, evidence: evidence('adr-7', 'ADR-0007') }, 'ko')).toContain('ADR-0007');
    // Said by the successor itself, as before.
    expect(wordSuggestion({ kind: 'replacement_wording', successor, evidence: evidence('adr-5', 'ADR-0005') })).toBe(
      'a newer record, ADR-0005, says it replaces this one, but the records do not link the two as a supersession',
    );
  });
});
