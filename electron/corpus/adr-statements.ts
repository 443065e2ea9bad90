import type { AdrLink } from './adr-link';
import { markdownLinks } from './markdown-link-scan';
import { adrSentenceEnds } from './sentence-scan';

/** One supersession statement found in a text, before it is tied to where it was stated. */
export interface Statement {
  relation: AdrLink['relation'];
  partial: boolean;
  target: string;
}

// Every expression here runs in time linear in its input: none has two adjacent quantifiers that
// can share characters. Links and sentence ends, whose expressions backtracked, are read by the
// scanners in markdown-link-scan.ts and sentence-scan.ts, and each sentence is read once, not
// once per link in it.
const PASSIVE_EN = /\bsuperseded\s+(?:(?:in\s+part|partly|partially|fully|entirely|in\s+full)\s+)?by\b/i;
const ACTIVE_EN = /\bsupersed(?:es|e|ing)\b/i;
// Sticky: read right after the verb.
const SELF_EN = /\s*(?:this|it)\b/iy;
// "as part of" is ordinary prose, so only "part(s) of" outside that phrase marks a partial statement.
const PARTIAL_EN = /\b(?:partly|partially|in\s+parts?)\b|(?<!\bas\s)\bparts?\s+of\b/i;
// Global so their last match can be found; matches of each cannot overlap, so the last match
// starts at or after a position exactly when the text from there matches.
const PASSIVE_KO = /대체(?:되었|됐|됨|된다|됩니다|되며|되고|된)/g;
const ACTIVE_KO = /대체(?:한다|합니다|함|하며|하고|했|하였|하는)/g;
const SELF_KO = /(?:이|본)\s*(?:결정|문서|ADR|기록)/gi;
// Sticky: read at a link's end, where the Korean particle after the link must stand.
const KO_BY_PARTICLE = /\s*(?:에\s*의해|에\s*의하여|으로|로)/y;
const KO_OBJECT_PARTICLE = /\s*(?:을|를)/y;
const KO_SUBJECT_PARTICLE = /\s*(?:이|가)\s/y;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Supersession statements in a piece of text. Only inline markdown links to files count as
 * targets; links with a URL scheme or to an anchor are ignored. The verb decides the relation:
 * "superseded by [X]" / "[X]에 의해 대체되었다" → superseded_by, "supersedes [X]" / "[X]를 대체한다"
 * → supersedes, and "[X] supersedes this ADR" / "[X]가 이 결정을 대체한다" → superseded_by.
 */
export function statementsIn(text: string): Statement[] {
  const links: Array<{ start: number; end: number; target: string }> = [];
  const maskedParts: string[] = [];
  let copied = 0;
  for (const link of markdownLinks(text)) {
    const target = link.destination.replace(/^<|>$/g, '').trim();
    if (link.image || target === '' || target.startsWith('#') || URL_SCHEME.test(target)) continue;
    links.push({ start: link.start, end: link.end, target });
    // Link text must not supply verbs ("[Superseded ADRs](x.md)") nor split sentences.
    maskedParts.push(text.slice(copied, link.start), '\u0001'.repeat(link.end - link.start));
    copied = link.end;
  }
  if (links.length === 0) return [];
  maskedParts.push(text.slice(copied));
  const masked = maskedParts.join('');

  const out: Statement[] = [];
  let from = 0;
  let next = 0;
  // Sentence ends never fall inside a masked link, so each link lies in exactly one sentence.
  for (const end of [...adrSentenceEnds(masked), masked.length]) {
    const first = next;
    while (next < links.length && (links[next] as { end: number }).end <= end) next += 1;
    if (next > first) {
      const sentence = readSentence(masked.slice(from, end));
      for (const link of links.slice(first, next)) {
        const relation = relationOf(sentence, link.start - from, link.end - from);
        if (relation) out.push({ relation, partial: sentence.partial, target: link.target });
      }
    }
    from = end;
  }
  return out;
}

/** What a sentence says regardless of which link is asked about, read once per sentence. */
interface SentenceFacts {
  readonly text: string;
  readonly partial: boolean;
  readonly verb: { readonly index: number; readonly end: number; readonly forward: AdrLink['relation']; readonly selfAfter: boolean } | null;
  /** The last start of each Korean verb pattern, so "does it occur after this link" is one comparison. */
  readonly lastPassiveKo: number;
  readonly lastActiveKo: number;
  readonly lastSelfKo: number;
}

function readSentence(text: string): SentenceFacts {
  const passive = PASSIVE_EN.exec(text);
  const verb = passive ?? ACTIVE_EN.exec(text);
  const verbEnd = verb ? verb.index + verb[0].length : 0;
  SELF_EN.lastIndex = verbEnd;
  return {
    text,
    partial: PARTIAL_EN.test(text) || text.includes('일부'),
    verb: verb ? { index: verb.index, end: verbEnd, forward: passive ? 'superseded_by' : 'supersedes', selfAfter: SELF_EN.test(text) } : null,
    lastPassiveKo: lastMatchStart(PASSIVE_KO, text),
    lastActiveKo: lastMatchStart(ACTIVE_KO, text),
    lastSelfKo: lastMatchStart(SELF_KO, text),
  };
}

/** The start of the last match of a pattern whose matches cannot overlap, or -1. */
function lastMatchStart(pattern: RegExp, text: string): number {
  let last = -1;
  for (const m of text.matchAll(pattern)) last = m.index;
  return last;
}

/** True when the sticky `pattern` matches right at `at`. */
function matchesAt(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/** The relation a link at [start, end) of a masked sentence has with the document that states it. */
function relationOf(sentence: SentenceFacts, start: number, end: number): AdrLink['relation'] | null {
  const verb = sentence.verb;
  if (verb) {
    if (start >= verb.end) return verb.forward;
    if (end <= verb.index && verb.selfAfter) return verb.forward === 'supersedes' ? 'superseded_by' : 'supersedes';
    return null;
  }
  const text = sentence.text;
  if (matchesAt(KO_BY_PARTICLE, text, end) && sentence.lastPassiveKo >= end) return 'superseded_by';
  if (matchesAt(KO_OBJECT_PARTICLE, text, end) && sentence.lastActiveKo >= end) return 'supersedes';
  if (matchesAt(KO_SUBJECT_PARTICLE, text, end) && sentence.lastActiveKo >= end && sentence.lastSelfKo >= end) return 'superseded_by';
  return null;
}
