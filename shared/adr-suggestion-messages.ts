/**
 * Stale-ADR suggestions in words: each suggestion is a message code with parameters, worded by the
 * UI in its language (i18next `{{name}}` placeholders, from the catalogue below) and by the CLI in
 * English with `wordSuggestion`. Kind labels are short, for a badge; the sentences say why.
 */
import type { AdrSuggestion, AdrSuggestionKind } from './adr-marks';

export const ADR_SUGGESTION_MESSAGE_CODES = [
  'replacement_wording',
  'replacement_wording_named',
  'opposite_decision',
  'update_note',
  'update_note_successor',
  'unnamed_successor',
  'unnamed_successor_none',
  'label_replacement_wording',
  'label_opposite_decision',
  'label_update_note',
  'label_unnamed_successor',
  'score',
  'never_applied',
] as const;
export type AdrSuggestionMessageCode = (typeof ADR_SUGGESTION_MESSAGE_CODES)[number];

type Catalogue = Readonly<Record<AdrSuggestionMessageCode, string>>;

/** The catalogue, in every language of the UI. */
export const ADR_SUGGESTION_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = {
  en: {
    replacement_wording: 'a newer record, {{successor}}, says it replaces this one, but the records do not link the two as a supersession',
    replacement_wording_named:
      'a newer record, {{source}}, says {{successor}} replaces this one, but the records do not link the two as a supersession',
    opposite_decision: 'a newer record on the same subject, {{successor}}, decides the opposite',
    update_note: "the record's own body says it is no longer in force",
    update_note_successor: "the record's own body says it is no longer in force and points to {{successor}}",
    unnamed_successor: 'the status says superseded but names no successor; the likeliest one is {{successor}}',
    unnamed_successor_none: 'the status says superseded but names no successor, and no likely one was found',
    label_replacement_wording: 'replacement wording',
    label_opposite_decision: 'opposite decision',
    label_update_note: 'update note',
    label_unnamed_successor: 'unnamed successor',
    score: 'score {{score}}',
    never_applied: 'Suggestions are never applied by themselves: confirm one by marking the ADR stale.',
  },
  ko: {
    replacement_wording: '더 새 기록 {{successor}}이(가) 이 기록을 대체한다고 쓰지만, 두 기록이 대체 관계로 연결되어 있지 않음',
    replacement_wording_named:
      '더 새 기록 {{source}}에 {{successor}}이(가) 이 기록을 대체한다고 쓰여 있지만, 두 기록이 대체 관계로 연결되어 있지 않음',
    opposite_decision: '같은 주제의 더 새 기록 {{successor}}이(가) 반대로 결정함',
    update_note: '기록 본문에 더 이상 유효하지 않다고 쓰여 있음',
    update_note_successor: '기록 본문에 더 이상 유효하지 않다고 쓰여 있고 {{successor}}을(를) 가리킴',
    unnamed_successor: '상태는 대체됨이지만 후속 기록이 명시되지 않음; 가장 유력한 후속 기록은 {{successor}}',
    unnamed_successor_none: '상태는 대체됨이지만 후속 기록이 명시되지 않았고, 유력한 후속 기록도 찾지 못함',
    label_replacement_wording: '대체 문구',
    label_opposite_decision: '반대 결정',
    label_update_note: '갱신 메모',
    label_unnamed_successor: '후속 기록 미상',
    score: '점수 {{score}}',
    never_applied: '제안은 자동으로 적용되지 않음: ADR을 오래됨으로 표시해야 확정됨.',
  },
};

/** The sentence of a suggestion as a message code with parameters; `successor` is how the successor is named (its ADR id, else its document id). */
export function suggestionMessage(suggestion: Pick<AdrSuggestion, 'kind' | 'successor'> & Partial<Pick<AdrSuggestion, 'evidence'>>): {
  code: AdrSuggestionMessageCode;
  params: Record<string, string>;
} {
  const name = (record: { adr_id: string | null; document_id: string }) => record.adr_id ?? record.document_id;
  const successor = suggestion.successor === null ? null : name(suggestion.successor);
  // Only an update note or an unnamed successor comes without one (the other kinds always name it).
  if (successor === null) return { code: suggestion.kind === 'unnamed_successor' ? 'unnamed_successor_none' : 'update_note', params: {} };
  // Replacement wording in a third record ("ADR-0003 is superseded by ADR-0005", written in ADR-0007) names both.
  const source = suggestion.evidence?.[0];
  if (suggestion.kind === 'replacement_wording' && source !== undefined && source.document_id !== suggestion.successor?.document_id)
    return { code: 'replacement_wording_named', params: { source: name(source), successor } };
  return { code: suggestion.kind === 'update_note' ? 'update_note_successor' : suggestion.kind, params: { successor } };
}

/** Words one message of the catalogue, in English unless told otherwise. */
export function wordSuggestionMessage(
  code: AdrSuggestionMessageCode,
  params: Readonly<Record<string, string>> = {},
  language: 'en' | 'ko' = 'en',
): string {
  return ADR_SUGGESTION_MESSAGES[language][code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** Why a suggestion was made, in words. */
export function wordSuggestion(
  suggestion: Pick<AdrSuggestion, 'kind' | 'successor'> & Partial<Pick<AdrSuggestion, 'evidence'>>,
  language: 'en' | 'ko' = 'en',
): string {
  const { code, params } = suggestionMessage(suggestion);
  return wordSuggestionMessage(code, params, language);
}

/** The short label of a kind, for a badge. */
export function wordSuggestionKind(kind: AdrSuggestionKind, language: 'en' | 'ko' = 'en'): string {
  return ADR_SUGGESTION_MESSAGES[language][`label_${kind}`];
}
