// Which records after a supersession verb are not its objects, from the words between a record and the
// one before it. Shared by the statement reader (adr-statements.ts) and the stale-ADR suggestions
// (electron/adr/adr-suggestions.ts), so both read the same records as replaced.
import { englishVerbs } from './adr-wording';

/** Where a record is written in the sentence. */
export interface RecordSpan {
  readonly start: number;
  readonly end: number;
}

// "… replaces ADR-0014 and builds on ADR-0013": after a record the verb acts on, a joiner and a verb of
// another kind (a word in -s: builds, extends, keeps, follows, uses …) start a clause whose records are
// that verb's, not the supersession verb's. Nouns in -s that name an object of the same verb ("and parts
// of", "and its", "and the records") are not such a verb.
const OTHER_VERB_AFTER = /^[\s,;*_]*(?:and|but|while|whereas|yet)\s+(?:(?:also|still|only|now|further)\s+)?(\p{L}+s)(?!\p{L})/iu;
// "amends ADR-0022's model choice; complements ADR-0003": after a semicolon, a verb in -s opens a clause of its own.
const OTHER_CLAUSE_AFTER = /^[^;.]*;[\s*_]*(?:(?:also|still|only|now|further)\s+)?(\p{L}+s)(?!\p{L})/iu;
const NOT_A_VERB_IN_S = /(?:ss|us|is|ous)$/i;
const NOUNS_IN_S = new Set([
  ...['its', 'parts', 'aspects', 'sections', 'elements', 'portions', 'records', 'decisions', 'adrs', 'documents', 'ones', 'options'],
  ...['rules', 'details', 'changes', 'pieces', 'bits', 'items', 'points', 'policies', 'guidelines', 'sets', 'others', 'rest'],
]);
// "… replaces that ADR-0005 decision with a queue described in ADR-0003", "… replaces ADR-0005 with the
// approach from ADR-0003", "… using the queue defined in ADR-0003", "… in favour of the design in
// ADR-0004": what takes the replaced record's place is a thing the next record describes; that record is
// a source, not an object. At most three words of the replaced record's noun phrase before "with", at
// least one word of the thing after it; not "along with" / "together with" (another object of the verb),
// nor "with ADR-0003" right after it (the record that takes the place: see readReplacedWith).
const REPLACEMENT_FROM_RECORD = new RegExp(
  String.raw`^[\s,*_]*(?:[\p{L}-]+\s+){0,3}?(?<!\b(?:along|together)\s+)` +
    String.raw`(?:with|using|via|in\s+favou?r\s+of)\s+(?:[\p{L}\d'’-]+\s+){1,6}?` +
    String.raw`(?:(?:described|defined|documented|outlined|specified|proposed|introduced|explained|given|set\s+out|laid\s+out)\s+(?:in|by)|from|of|in)[\s*_]*$`,
  'iu',
);
// Dutch, as "vervangt" is read: "… vervangt ADR-0005 met een wachtrij beschreven in ADR-0003" / "met de
// aanpak uit ADR-0003", and "… vervangt ADR-0005 en bouwt voort op ADR-0007" / ", maar behoudt ADR-0007"
// (a verb in -t after "en" / "maar"; not an article, a pronoun or a noun in -t: "en het besluit in", "en dit").
const REPLACEMENT_FROM_RECORD_NL = new RegExp(
  String.raw`^[\s,*_]*(?:[\p{L}-]+\s+){0,3}?(?:met|via|ten\s+gunste\s+van)\s+(?:[\p{L}\d'’-]+\s+){1,6}?` +
    String.raw`(?:(?:beschreven|gedefinieerd|vastgelegd|voorgesteld|uitgelegd|genoemd)\s+(?:in|door)|uit|van|in)[\s*_]*$`,
  'iu',
);
const OTHER_VERB_AFTER_NL = /^[\s,;*_]*(?:en|maar)\s+(?:(?:ook|nog|nu)\s+)?(\p{L}+t)(?!\p{L})/iu;
const NOT_A_VERB_IN_T_NL = new Set([
  ...['het', 'dat', 'dit', 'wat', 'niet', 'met', 'uit', 'tot', 'toch', 'best', 'meest', 'laatst', 'eerst'],
  ...['besluit', 'onderwerp', 'resultaat', 'advies', 'concept', 'project', 'artikel', 'punt', 'aspect', 'element', 'document'],
]);
const NOT_IN_THE_NOUN_PHRASE = /\b(?:and|or|but|en|maar)\b/i;

/**
 * True when the text between two records starts a clause the second record is no object of the
 * supersession verb in: "and builds on", ", but keeps", "with a queue described in".
 */
function notAnObjectAfter(gap: string): boolean {
  const word = (OTHER_VERB_AFTER.exec(gap) ?? OTHER_CLAUSE_AFTER.exec(gap))?.[1]?.toLowerCase();
  if (word !== undefined && !NOT_A_VERB_IN_S.test(word) && !NOUNS_IN_S.has(word)) return true;
  const dutch = OTHER_VERB_AFTER_NL.exec(gap)?.[1]?.toLowerCase();
  if (dutch !== undefined && !NOT_A_VERB_IN_T_NL.has(dutch)) return true;
  const replacement = REPLACEMENT_FROM_RECORD.exec(gap) ?? REPLACEMENT_FROM_RECORD_NL.exec(gap);
  return replacement !== null && !NOT_IN_THE_NOUN_PHRASE.test(replacement[0]);
}

/**
 * For the records of a sentence, left to right, each with the supersession verb it is read as an object
 * of (its index; null when none, or when it is read as the verb's subject): true for a record that is no
 * object of that verb after all. A record after "and" and a verb of another kind ("This ADR replaces
 * ADR-0014 and builds on ADR-0013", "… supersedes ADR-3, but keeps ADR-5"), or after "with" and a thing
 * it describes ("replaces ADR-0005 with a queue described in ADR-0003"), and the records listed after it
 * under the same verb: only the record before is replaced.
 */
export function recordsNotObjects(sentence: string, spans: readonly RecordSpan[], verbOf: ReadonlyArray<number | null>): boolean[] {
  const out = spans.map(() => false);
  let cutVerb: number | null = null;
  for (let index = 1; index < spans.length; index += 1) {
    const verb = verbOf[index] ?? null;
    if (verb === null) continue;
    if (cutVerb !== verb) {
      if (verbOf[index - 1] !== verb) continue;
      if (!notAnObjectAfter(sentence.slice((spans[index - 1] as RecordSpan).end, (spans[index] as RecordSpan).start))) continue;
      cutVerb = verb;
    }
    out[index] = true;
  }
  return out;
}

/**
 * recordsNotObjects for a sentence read without the statement reader (the stale-ADR suggestions): each
 * record is taken for an object of the nearest English supersession verb before it that counts in prose,
 * the records' own text masked so a link's text supplies no verb. `spans` in order, none inside another.
 */
export function recordsNotObjectsOfVerbs(sentence: string, spans: readonly RecordSpan[]): boolean[] {
  if (spans.length < 2) return spans.map(() => false);
  const parts: string[] = [];
  let copied = 0;
  for (const span of spans) {
    parts.push(sentence.slice(copied, span.start), '\u0001'.repeat(span.end - span.start));
    copied = span.end;
  }
  parts.push(sentence.slice(copied));
  const verbs = englishVerbs(parts.join('')).filter((verb) => verb.scope === 'anywhere');
  let before = -1;
  const verbOf = spans.map((span) => {
    while (before + 1 < verbs.length && (verbs[before + 1] as { end: number }).end <= span.start) before += 1;
    return before >= 0 ? before : null;
  });
  return recordsNotObjects(sentence, spans, verbOf);
}
