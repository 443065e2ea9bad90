import { z } from 'zod';

/**
 * The grounded answer preview of a stored run: the answer an agent would draft from the run's items
 * only, each sentence citing items by number ([1] is the run's first item). Citations are verified
 * here against the items the run actually returned, never taken on the model's word.
 */

/** Why a sentence is flagged: it cites nothing, or it cites an item the run did not return. */
export const SentenceFlag = z.enum(['no_citation', 'invalid_citation']);
export type SentenceFlag = z.infer<typeof SentenceFlag>;

/** One sentence of the draft with its citations, split into those that name a returned item and those that do not. */
export const PreviewSentence = z.object({
  text: z.string(),
  /** 1-based item numbers that the run returned. */
  citations: z.array(z.number().int().min(1)),
  /** Numbers cited that name no returned item. */
  invalid_citations: z.array(z.number().int()),
  flag: SentenceFlag.nullable(),
});
export type PreviewSentence = z.infer<typeof PreviewSentence>;

/**
 * A preview as kept with its run: `drafted` with the checked sentences, or `insufficient_evidence`
 * (the run returned no item to cite, so no model was asked).
 */
export const AnswerPreview = z.object({
  trace_id: z.string(),
  created_at: z.string(),
  outcome: z.enum(['drafted', 'insufficient_evidence']),
  /** The chat model that drafted it; null when none was asked. */
  model: z.string().nullable(),
  item_count: z.number().int().min(0),
  sentences: z.array(PreviewSentence),
  /** Sentences flagged, and citations that name no returned item. */
  flagged: z.number().int().min(0),
  invalid_citations: z.number().int().min(0),
  elapsed_ms: z.number().min(0),
});
export type AnswerPreview = z.infer<typeof AnswerPreview>;

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
// A sentence ends at . ! ? or 。 followed by a space or the line's end (so 1.5 is not an end), after
// any citations that follow the stop; a line break always ends one.
const SENTENCE = /.+?(?:[.!?。]+(?:\s*\[\d+(?:\s*,\s*\d+)*\])*(?=\s|$)|$)/g;

/** The draft cut into sentences, with the citations that close a sentence kept with it; citation-only fragments are dropped. */
export function splitSentences(draft: string): string[] {
  return draft
    .split(/\r?\n/)
    .flatMap((line) => line.match(SENTENCE) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence.replace(CITATION, '')));
}

/** Every number a sentence cites, in order, once each (`[1]`, `[1, 3]`, `[2][4]`). */
export function citedNumbers(sentence: string): number[] {
  const numbers: number[] = [];
  for (const match of sentence.matchAll(CITATION)) for (const part of match[1]!.split(',')) numbers.push(Number(part.trim()));
  return [...new Set(numbers)];
}

/** One sentence checked against the run's `itemCount` items. */
export function checkSentence(text: string, itemCount: number): PreviewSentence {
  const cited = citedNumbers(text);
  const citations = cited.filter((n) => n >= 1 && n <= itemCount);
  const invalid = cited.filter((n) => n < 1 || n > itemCount);
  const flag = invalid.length > 0 ? 'invalid_citation' : citations.length === 0 ? 'no_citation' : null;
  return { text, citations, invalid_citations: invalid, flag };
}

/** A draft's sentences checked against the run's items, with how many were flagged and how many citations were invalid. */
export function verifyDraft(draft: string, itemCount: number): Pick<AnswerPreview, 'sentences' | 'flagged' | 'invalid_citations'> {
  const sentences = splitSentences(draft).map((text) => checkSentence(text, itemCount));
  return {
    sentences,
    flagged: sentences.filter((sentence) => sentence.flag !== null).length,
    invalid_citations: sentences.reduce((sum, sentence) => sum + sentence.invalid_citations.length, 0),
  };
}
