// The words that suggest a record is no longer in force, read sentence by sentence, in English and
// Korean: replacement wording next to a record a newer one names, a newer record deciding the
// opposite of an older one's subject, and an update note in a record's own body. Pure; every
// expression is bounded (no two adjacent unbounded quantifiers), so each is linear in a sentence.
import { markdownTextLinks, type ReferenceDefinitions } from '../corpus/markdown-reference-links';
import { adrSentenceEnds } from '../corpus/sentence-scan';

/** One sentence of a record's text, with whether it stands under an update note. */
export interface Sentence {
  /** The sentence with its whitespace collapsed. */
  readonly text: string;
  /** It sits in a block that opens with "Update:" (or 업데이트, Note, Edit …), or under a heading named so. */
  readonly inUpdate: boolean;
  /** It sits under a heading about options weighed ("Considered Options", "Alternatives", "대안"), where a phrase is not the decision. */
  readonly inOptions: boolean;
}

// A line that opens a block of its own: a heading, a list item, a quote, a table row.
const BLOCK_START = /^\s{0,3}(?:#{1,6}\s|[-*+]\s|\d{1,3}[.)]\s|>|\|)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;
// "Update:", "**Update (2024-05)**:", "Edit —", "업데이트:", "추가 (2025년):"; the label within the first 40 characters.
const UPDATE_LABEL =
  /^[\s>*_#-]{0,8}(?:updated?|edit(?:ed)?|addendum|post ?script|note|업데이트|갱신|추가|변경 사항|참고)(?:[^:\n：]{0,40})[:：—–]/i;
const UPDATE_HEADING = /^(?:updated?|edit(?:ed)?|addendum|post ?script|업데이트|갱신|변경 사항|추가)\b/i;
const OPTIONS_HEADING = /option|alternative|considered|pros and cons|rejected|대안|검토|선택지/i;

/**
 * The sentences of a markdown text: blocks split at blank lines and block starts, then at sentence
 * ends. `references`, the text's link reference definitions and the indices of the lines that hold
 * them (referenceDefinitions): those lines are no text, and no sentence ends in a reference-style link.
 */
export function sentencesOf(
  text: string,
  references: { definitions: ReferenceDefinitions; lineIndices: ReadonlySet<number> } = { definitions: new Map(), lineIndices: new Set() },
): Sentence[] {
  const out: Sentence[] = [];
  let block: string[] = [];
  let underUpdate = false;
  let underOptions = false;
  const flush = (whole = false) => {
    if (block.length === 0) return;
    const joined = block.join(' ');
    const inUpdate = underUpdate || UPDATE_LABEL.test(joined);
    let from = 0;
    for (const end of whole ? [joined.length] : [...sentenceEnds(joined, references.definitions), joined.length]) {
      const sentence = joined.slice(from, end).replace(/\s+/g, ' ').trim();
      if (/[\p{L}\p{N}]/u.test(sentence)) out.push({ text: sentence, inUpdate, inOptions: underOptions });
      from = end;
    }
    block = [];
  };
  for (const [index, written] of text.split(/\r?\n/).entries()) {
    const line = references.lineIndices.has(index) ? '' : written;
    const heading = HEADING.exec(line);
    if (line.trim() === '' || BLOCK_START.test(line)) flush();
    if (heading) {
      const words = (heading[1] ?? '').replace(/^[\s*_]+/, '');
      underUpdate = UPDATE_HEADING.test(words);
      underOptions = OPTIONS_HEADING.test(words);
    }
    if (line.trim() !== '') block.push(line.trim());
    if (heading) flush(true);
  }
  flush();
  return out;
}

/** Sentence ends outside links, so "[27. DNS hosting](x.md)" and "[27. DNS hosting][dns]" stay in one sentence. */
function sentenceEnds(text: string, definitions: ReferenceDefinitions): number[] {
  const links = markdownTextLinks(text, definitions);
  if (links.length === 0) return adrSentenceEnds(text);
  let masked = '';
  let copied = 0;
  for (const link of links) {
    masked += text.slice(copied, link.start) + '\u0001'.repeat(link.end - link.start);
    copied = link.end;
  }
  return adrSentenceEnds(masked + text.slice(copied));
}

/** How firmly a sentence says one record replaces another. */
export type CueStrength = 'strong' | 'weak';

const STRONG_REPLACEMENT =
  /\b(?:supersed\w*|replac\w*|obsolet\w*|deprecat\w*|overrid\w*|overturn\w*|revers(?:es|ed|ing)|revok\w*|rescind\w*|retir(?:e|es|ed|ing)|invalidat\w*)|대체|폐기|무효|철회/i;
const WEAK_REPLACEMENT =
  /\b(?:instead of|in place of|no longer|(?:mov|switch|migrat|transition)\w* (?:away )?from|in fav(?:ou|o)r of|successor|takes? over from|moving on from|moved on from)\b|대신|전환|더 이상|바꾼다|바꾸었|바꿨|교체/i;
// "does not replace", "still applies", "remains in force", "유지한다": the record stays in force.
const KEEPS_IN_FORCE =
  /\b(?:not|never|n't|no need to)\s+(?:\w+\s+){0,2}?(?:replac|supersed|obsolet|overrid|revers|chang|affect|invalidat|deprecat)\w*|\b(?:remains?|stays?) (?:in force|valid|in effect|unchanged|current)\b|\bstill (?:applies|apply|holds?|stands?|valid|in force|in effect|current)\b|\b(?:unchanged|unaffected|complements?|builds? (?:up)?on|extends?)\b|유지(?:한다|된다|하며|하고|함|합니다)|그대로|여전히 유효|대체하지 않|변경하지 않|폐기하지 않/i;
// A record named right before an active verb did the replacing itself: "[ADR-3] replaced RabbitMQ",
// also in a clause of its own: "[ADR 0014](…), in which we decided we would move away from X".
const AGENT_VERB =
  /^[\s)\]*_]{0,3}(?:,\s*(?:in which|where) (?:we|the team|they) )?(?:replaced|replaces|supersedes|superseded|deprecated|retired|introduced|chose|decided|agreed|moved|switched|migrated)\b/i;

/** The replacement wording of a sentence that names another record, or null when it has none or says the record stays in force. */
export function replacementWording(sentence: string): CueStrength | null {
  if (KEEPS_IN_FORCE.test(sentence)) return null;
  if (STRONG_REPLACEMENT.test(sentence)) return 'strong';
  return WEAK_REPLACEMENT.test(sentence) ? 'weak' : null;
}

/** Whether the record named just before `afterReference` is the one that did the replacing ("ADR-3 replaced X"). */
export function namedAsAgent(afterReference: string): boolean {
  return AGENT_VERB.test(afterReference);
}

const IN_FAVOUR_OF = ['in favour of', 'in favor of'];

/**
 * Whether the record named right after `beforeReference` is the side a change was made in favour of
 * ("we decommissioned X in favour of utilising EKS (see ADR-022)"): the last "in favour of" before it,
 * in its clause, with no replacement wording between them. Found by its last place, so linear.
 */
export function namedAsChosen(beforeReference: string): boolean {
  const lower = beforeReference.toLowerCase();
  const at = Math.max(...IN_FAVOUR_OF.map((phrase) => lower.lastIndexOf(phrase)));
  if (at < 0 || (at > 0 && /\w/.test(lower.charAt(at - 1)))) return false;
  const between = beforeReference.slice(at + lower.slice(at).indexOf(' of') + 3);
  return !/[.;]/.test(between) && replacementWording(between) === null;
}

/** One "we decide the opposite" phrase: what is left behind (null when the phrase does not say) and what replaces it. */
export interface OppositeCue {
  readonly dropped: string | null;
  readonly adopted: string | null;
}

const OBJECT = '([^.,;:!?()\\[\\]\\n]{1,60})';
const KO_WORDS = '((?:[^\\s.,;:!?()]{1,30}\\s){0,2}[^\\s.,;:!?()]{1,30})';
// Each expression: the left-behind object in group 1, what replaces it (when said) in group 2. The
// Korean ones start with a run of words before their cue, which a regular expression retries from
// every character; they run only on a short window around each of the first few places the cue
// word stands (KOREAN_WINDOW), so a long sentence costs no more than a short one.
const DROPS: readonly RegExp[] = [
  new RegExp(`\\b(?:mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|switch(?:es|ed|ing)?|transition(?:s|ed|ing)?) (?:away )?from ${OBJECT}`, 'i'),
  new RegExp(`\\breplac(?:e|es|ed|ing) ${OBJECT} (?:with|by) ${OBJECT}`, 'i'),
  new RegExp(
    `\\bno longer (?:use|uses|using|run|runs|running|rely on|relies on|depend on|depends on|need|needs|support|supports|deploy|deploys|operate|operates) ${OBJECT}`,
    'i',
  ),
  new RegExp(`\\bstop(?:s|ped|ping)? (?:using|running|deploying|operating|maintaining) ${OBJECT}`, 'i'),
  new RegExp(
    `\\b(?:retire[sd]?|retiring|decommission(?:s|ed|ing)?|abandon(?:s|ed|ing)?|sunset(?:s|ting)?|phas(?:e|es|ed|ing) out) ${OBJECT}`,
    'i',
  ),
  new RegExp(`\\binstead of (?:using |running )?${OBJECT}`, 'i'),
];
const KOREAN_DROPS: ReadonlyArray<{ cue: string; pattern: RegExp }> = [
  { cue: '대신', pattern: new RegExp(`${KO_WORDS}\\s?대신`, 'u') },
  {
    cue: '에서',
    pattern: new RegExp(
      `([^\\s.,;:!?()]{1,30})에서\\s?([^\\s.,;:!?()]{1,30}?)(?:으로|로)\\s?(?:전환|이전|마이그레이션|교체|바꾼|바꾸|옮긴|옮기|갈아타)`,
      'u',
    ),
  },
  { cue: '더 이상', pattern: new RegExp(`${KO_WORDS}(?:은|는|을|를)\\s?더 이상\\s?(?:사용하|쓰|운영하)지\\s?않`, 'u') },
  { cue: '더 이상', pattern: new RegExp(`더 이상\\s([^\\s.,;:!?()]{1,30}?)(?:을|를)\\s?(?:사용하|쓰|운영하)지\\s?않`, 'u') },
  { cue: '폐기', pattern: new RegExp(`([^\\s.,;:!?()]{1,30}?)(?:을|를)\\s?폐기`, 'u') },
  { cue: '퇴역', pattern: new RegExp(`([^\\s.,;:!?()]{1,30}?)(?:을|를)\\s?퇴역`, 'u') },
  { cue: '걷어내', pattern: new RegExp(`([^\\s.,;:!?()]{1,30}?)(?:을|를)\\s?걷어내`, 'u') },
  { cue: '제거', pattern: new RegExp(`([^\\s.,;:!?()]{1,30}?)(?:을|를)\\s?제거`, 'u') },
];
// "switch to Y", "migrate to Y", "Y로 전환": what is left behind is not said.
const ADOPTS: readonly RegExp[] = [new RegExp(`\\b(?:switch(?:es|ed|ing)?|migrat(?:e|es|ed|ing)) to ${OBJECT}`, 'i')];
const KOREAN_ADOPTS: ReadonlyArray<{ cue: string; pattern: RegExp }> = [
  { cue: '전환', pattern: /([^\s.,;:!?()]{1,30}?)(?:으로|로)\s?전환/u },
  { cue: '마이그레이션', pattern: /([^\s.,;:!?()]{1,30}?)(?:으로|로)\s?마이그레이션/u },
  { cue: '갈아타', pattern: /([^\s.,;:!?()]{1,30}?)(?:으로|로)\s?갈아타/u },
];
/** Characters of a window before a Korean cue (three words of up to 30 and the particles) and after it. */
const KOREAN_WINDOW = { before: 100, after: 40 };
const KOREAN_CUES_READ = 5;

/** The first match of a Korean expression in windows around its cue word, or null. */
function koreanMatch(sentence: string, cue: string, pattern: RegExp): RegExpExecArray | null {
  let from = 0;
  for (let seen = 0; seen < KOREAN_CUES_READ; seen += 1) {
    const at = sentence.indexOf(cue, from);
    if (at === -1) return null;
    const match = pattern.exec(sentence.slice(Math.max(0, at - KOREAN_WINDOW.before), at + cue.length + KOREAN_WINDOW.after));
    if (match) return match;
    from = at + cue.length;
  }
  return null;
}

// Options weighed and turned down, plans not to, and records kept: not a reversal.
const NOT_A_REVERSAL =
  /\brather than\b|\binstead of (?:mov|switch|migrat|replac|drop)|\b(?:not|never|n't|no plans? to)\s+(?:\w+\s+){0,2}?(?:mov|switch|migrat|replac|drop|stop|retir|abandon)|\bkeep(?:s|ing)? (?:using|running)\b|\bcontinu\w* (?:to use|using|with)\b|\bstay\w* (?:on|with)\b|\bremain\w* on\b|\b(?:considered|rejected|evaluated|proposal to|could|might|if we)\b|유지|계속 사용|그대로|검토했|검토하였|고려했|않기로/i;
// The object ends at a word that starts another part of the sentence.
const OBJECT_END = /\s(?:to|with|for|and|because|since|as|in|so|which|that|onto|into|by|on)\s/i;

function objectPart(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const cut = OBJECT_END.exec(` ${raw} `);
  const part = (cut ? ` ${raw} `.slice(0, cut.index) : raw).trim();
  return part === '' ? null : part;
}

/** The "we decide the opposite" phrases of a sentence ("move away from X", "replace X with Y", "X 대신 Y"); none when it weighs options or keeps things. */
export function oppositeCues(sentence: string): OppositeCue[] {
  if (NOT_A_REVERSAL.test(sentence)) return [];
  const drops = [...DROPS.map((p) => p.exec(sentence)), ...KOREAN_DROPS.map((k) => koreanMatch(sentence, k.cue, k.pattern))];
  const out: OppositeCue[] = drops.flatMap((m) => (m ? [{ dropped: objectPart(m[1]), adopted: objectPart(m[2]) }] : []));
  if (out.length > 0) return out;
  const adopts = [...ADOPTS.map((p) => p.exec(sentence)), ...KOREAN_ADOPTS.map((k) => koreanMatch(sentence, k.cue, k.pattern))];
  return adopts.flatMap((m) => (m ? [{ dropped: null, adopted: objectPart(m[1]) }] : []));
}

const SELF = '(?:this|the present|the above|our) (?:decision|adr|record|approach|choice|design)';
const INVALID =
  '(?:no longer|outdated|out of date|obsolete|superseded|invalid|abandoned|reversed|retired|deprecated|not (?:valid|in force|current|accurate|true))';
const SELF_INVALID = new RegExp(
  `\\b${SELF}(?: [\\w'-]+){0,3}? (?:is|are|was|has been|have been|had been|became|becomes|is now|now) (?:\\w+ ){0,2}?${INVALID}`,
  'i',
);
const LEAVING_SELF = new RegExp(
  `\\b(?:(?:moving|moved|move|moves) (?:on|away) from|no longer (?:follow|apply|use|hold to)s?) ${SELF}`,
  'i',
);
const UPDATE_INVALID =
  /\b(?:no longer|outdated|out of date|obsolete|moving on|moved on|moved away|superseded|abandoned|reversed|not (?:valid|in force|current))\b|더 이상|폐기|철회|유효하지 않/i;
const KO_SELF_INVALID =
  /(?:이|본)\s?(?:결정|ADR|기록|문서|방식)[^.。]{0,20}?(?:더 이상 유효하지 않|유효하지 않|폐기되|폐기됐|폐기됨|철회되|철회됐|무효)/i;
// "Still valid", and a record that moved forward: "this decision is no longer proposed" (it was accepted).
const STILL_VALID =
  /\b(?:still|remains?) (?:valid|in force|current|applies)|\bnot (?:outdated|obsolete)|\bno longer (?:a |just a )?(?:proposed|proposal|draft|pending|under review|in review|experimental|provisional)\b|여전히 유효/i;

/** How a record's own sentence says it is no longer in force: about itself by name ("this decision is outdated"), or in an update note. */
export type UpdateNoteForm = 'self' | 'update_line';

/**
 * Whether a sentence of a record's own body says the record is no longer in force: "this decision
 * is no longer valid", "we're moving on from this decision", "이 결정은 더 이상 유효하지 않다", or an
 * update note ("Update: … no longer …"). The caller decides what a record the sentence names means.
 */
export function updateNote(sentence: Sentence): UpdateNoteForm | null {
  if (STILL_VALID.test(sentence.text)) return null;
  if (SELF_INVALID.test(sentence.text) || LEAVING_SELF.test(sentence.text) || KO_SELF_INVALID.test(sentence.text)) return 'self';
  return sentence.inUpdate && UPDATE_INVALID.test(sentence.text) ? 'update_line' : null;
}

/** A sentence as evidence: at most `max` characters, cut at a word with an ellipsis. */
export function quoteOf(sentence: string, max = 300): string {
  if (sentence.length <= max) return sentence;
  const cut = sentence.lastIndexOf(' ', max - 1);
  return `${sentence.slice(0, cut > max / 2 ? cut : max - 1)}…`;
}
