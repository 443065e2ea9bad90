import type { AdrLink } from './adr-link';
import { adrReferences, bareNumberAt, type TextReference } from './adr-reference-scan';
import {
  chineseSubjectGap,
  citedRecords,
  englishSubjectGap,
  japaneseSubjectGap,
  koreanSubjectGap,
  SentenceRecords,
  turkishSubjectGap,
  type SubjectPlace,
} from './adr-subject';
import { recordsNotObjects } from './adr-verb-objects';
import { englishVerbs, gluedIntoName, koreanVerbs, objectBefore, withoutStruckText, type KoreanVerb, type Verb } from './adr-wording';
import { countBelow } from './sorted-search';
import { markdownLinks, type MarkdownLink } from './markdown-link-scan';
import { markdownTextLinks, type ReferenceDefinitions } from './markdown-reference-links';
import { adrSentenceEnds } from './sentence-scan';

/** One supersession statement found in a text, before it is tied to where it was stated. */
export interface Statement {
  relation: AdrLink['relation'];
  partial: boolean;
  target: string;
  /** How the target is written: a markdown link, a reference such as `ADR-0002` or `#2`, or a title. */
  form: AdrLink['form'];
}

/** Where a text comes from: the status (section, line or field) reads a few more forms than prose does. */
export interface StatementContext {
  /** True for the record's own status: there "replaced by" and "in favour of" always name a successor, and a plain title may follow the verb. */
  readonly inStatus?: boolean;
  /** Whether a target as written names the record the text belongs to (its id, number or file). */
  readonly isSelf?: (target: string) => boolean;
  /** The file's link reference definitions, for reference-style links (`[ADR-0009][adr9]`, `[ADR-0009][]`, `[ADR-0009]`). */
  readonly definitions?: ReferenceDefinitions;
  /** The prefix of the series of ids the record belongs to (`PG-` for `PG-001`), whose ids the text names records by as it does by `ADR-0002`. */
  readonly series?: string | undefined;
}

interface Target {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly form: AdrLink['form'];
}

/**
 * What a reader finds a target to be, from the side of the record the text is in; `subjectGap` when
 * a record written right before the target, joined to it by such a gap, would be the verb's subject
 * (Korean "ADR-0003은 [target]에 의해 대체되었다").
 */
interface Found {
  readonly relation: AdrLink['relation'];
  readonly partial: boolean;
  readonly subjectGap?: (gap: string) => boolean;
}

// "as part of" is ordinary prose, so only "part(s) of" outside that phrase marks a partial statement.
// Linear: no two adjacent quantifiers share characters.
// A part modifier anywhere in the sentence ("partly", "in part") makes each of its statements partial.
const PARTIAL_EN = /\b(?:partly|partially|in\s+parts?)\b/i;
// "part(s) of" or "portion(s) of" (not "as part of": a circumstance) makes every statement partial, unless a record follows
// it: then it names a part of that record, and only the records from there on are partial ("supersedes
// ADR-0011 and the caching part of ADR-0012": ADR-0011 is replaced whole).
const PART_OF_EN = /(?<!\bas\s)\b(?:parts?|portions?)\s+of\b/gi;
const SELF_KO = /(?:이|본)\s*(?:결정|문서|ADR|기록)/gi;
// Sticky: read at a target's end, where the Korean particle after it must stand.
const KO_BY_PARTICLE = /\s*(?:에\s*의해|에\s*의하여|으로|로)/y;
const KO_OBJECT_PARTICLE = /\s*(?:을|를)/y;
// A record inside the object's noun phrase, right before the replacing verb: "ADR-0005 결정을 대체한다" (the
// ADR-0005 decision), "ADR-0005의 캐싱 결정을 대체한다" (ADR-0005's caching decision): the record, or `의` after
// it, then one or two words, the last with the object particle, then at most a word for "in part".
const KO_NOUN_OBJECT = /(?:의[ \t]*|[ \t]+)(?:[\uac00-\ud7a3]+[ \t]+)?[\uac00-\ud7a3]+?(?:을|를)\s*(?:(?:일부|부분(?:적으로)?)\s*)?/y;
// After a record's particle, a verb of a clause of its own, so the record is that verb's object or
// subject, not the replacing verb's: one citing it as a source ("ADR-0005를 참고하여 ADR-0003을
// 대체한다", with reference to; "… 참조해", "… 바탕으로" based on, "… 근거로", "… 따라"), a reason
// ("ADR-0005가 실패했기 때문에 …", "… 실패했으므로", because it failed), a time ("ADR-0005를 채택한 뒤 …",
// after adopting it), or a record it describes ("ADR-0005를 도입한 ADR-0003을 …", ADR-0003, which
// introduced ADR-0005). Not "포함한" (including: the record is part of the object). One word, read at
// the particle's end (sticky); the replacing verb itself is never it (its start is checked apart).
const KO_OWN_CLAUSE = new RegExp(
  String.raw`(?:참고|참조)(?:하여|해서|해|하면|하듯이?|한\s*(?:것처럼|대로))|바탕으로|근거로|따라|` +
    String.raw`(?!포함)[\uac00-\ud7a3]*?(?:` +
    String.raw`(?:했|하였|되었|됐|었|았|였|하|되)기\s*때문에|(?:했|하였|되었|됐|었|았|였)?(?:으므로|므로)(?![\uac00-\ud7a3])|` +
    String.raw`(?:한|했던|하던|하는|된|되었던|됐던|하여|해서|하고|했고|하며|하면서)(?=[\s,]))`,
  'y',
);
// "[B]로 대체한다": the particle of what takes the object's place, then at most a word for "in part", then the verb.
const KO_WITH_PARTICLE = /\s*(?:으로|로)\s*(?:(?:일부|부분(?:적으로)?)\s*)?/y;
// This record written out as the object or the replacement: "이 결정을", "본 문서로".
const KO_SELF_BEFORE = /(?:이|본)\s*(?:결정|문서|ADR|기록)$/i;
const KO_SELF_AHEAD = /^(?:이|본)\s*(?:결정|문서|ADR|기록)/i;
const KO_SUBJECT_PARTICLE = /\s*(?:이|가)\s/y;
// A subject particle, then at most a word for "in part", right before a bare stem: "ADR-0024가 부분 대체".
const KO_SUBJECT_BEFORE_BARE = /\s*(?:이|가)\s*(?:(?:일부|부분(?:적으로)?)\s*)?/y;
// The same without the particle, a status's terser note ("ADR-0010 부분 대체", "ADR-0007 대체"): spaces, then at
// most a word for "in part", right before the bare stem.
const KO_SPACE_BEFORE_BARE = /[ \t]+(?:(?:일부|부분(?:적으로)?)[ \t]*)?/y;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WEB_SCHEME = /^https?:\/\//i;
// A web link names a record only when its path ends in a document (an absolute repository URL).
const DOCUMENT_PATH = /\.(?:md|markdown|mdx|html?)$/i;
// A file in a repository's web view (GitHub and GitLab `/blob/<ref>/…`, Bitbucket `/src/<ref>/…`): it
// names a record even when the writer left the extension off (`…/blob/master/decisions/0004-x`).
const REPOSITORY_FILE_PATH = /\/(?:-\/)?(?:blob|src)\/[^/]+\/(?:[^/]+\/)*[^/.]+$/i;
const MASK = '\u0001';
// A title after a verb is at most this long; more is a sentence, not a title.
const MAX_TITLE = 160;
// "Superseded on 2021-01-01", "Superseded since March": words that start a circumstance, not a title.
const NOT_A_TITLE_START = new Set([
  'on',
  'in',
  'at',
  'since',
  'as',
  'from',
  'until',
  'after',
  'before',
  'when',
  'per',
  'because',
  'due',
  'and',
  'or',
  'the',
  'a',
  'an',
  // "Replaced with ADR-4", "Superseded - see ADR-4": a word that leads to the record named next.
  'with',
  'see',
  'via',
  'by',
  'to',
]);

/**
 * Supersession statements in a piece of text. Targets are markdown links to files (relative paths,
 * or web addresses whose path ends in a document, such as a repository's `…/blob/main/docs/adr/0003-x.md`),
 * references (`ADR-0002`, `ADR 2`, `#2`, or a bare number right after the verb: "Superseded by 0019"),
 * and, in a status or in quotes, a record's title. The nearest verb before a target decides its
 * relation: "superseded by [X]", "⌛️ Superseded [X]", "replaced by", "obsoleted by", "amended by"
 * (partial) → superseded_by; "supersedes [X]", "replaces", "amends" (partial) → supersedes;
 * "[X] supersedes this ADR" → superseded_by. Korean: "[X]에 의해 대체되었다", "[X]로 폐기됨",
 * "대체됨: [X]" → superseded_by; "[X]를 대체한다" → supersedes. A sentence naming another record as
 * its subject ("ADR-0003 is superseded by [X]", "ADR-0005 supersedes [X]", "ADR-0003 yerini [X]'e
 * bıraktı", "ADR-0003은 [X]에 의해 대체되었다") states nothing of this record, unless X is this record:
 * then it is read from this record's side (see adr-subject.ts).
 */
export function statementsIn(text: string, context: StatementContext = {}): Statement[] {
  const { masked, targets } = findTargets(withoutStruckText(text), context.definitions ?? new Map(), context.series);
  const out: Statement[] = [];
  let from = 0;
  let next = 0;
  // Sentence ends never fall inside a masked target, so each target lies in exactly one sentence.
  for (const end of [...adrSentenceEnds(masked), masked.length]) {
    const first = next;
    while (next < targets.length && (targets[next] as Target).end <= end) next += 1;
    for (const statement of readSentence(masked.slice(from, end), targets.slice(first, next), from, context)) out.push(statement);
    from = end;
  }
  return out;
}

/** Links and references in the text, and the text with each of them masked so verbs and sentence ends are read around them. */
function findTargets(text: string, definitions: ReferenceDefinitions, series: string | undefined): { masked: string; targets: Target[] } {
  // Reference-style links read as inline ones do, their destination from the definition of their label;
  // a wiki link (`[[0005-x]]`) as a link to the file it names.
  const links: readonly MarkdownLink[] = withWikiLinks(markdownTextLinks(text, definitions), wikiLinks(text));
  const references = adrReferences(text, series);
  if (links.length === 0 && references.length === 0) return { masked: text, targets: [] };
  const targets: Target[] = [];
  // Every link is masked, so link text supplies no verbs ("[Superseded ADRs](x.md)") and splits no
  // sentence; a reference inside a link's text is part of the link, not a target of its own.
  const spans: Array<{ start: number; end: number }> = [];
  let r = 0;
  for (const link of links) {
    for (; r < references.length && (references[r] as TextReference).start < link.start; r += 1)
      addReference(references[r] as TextReference, targets, spans);
    const inText: TextReference[] = [];
    for (; r < references.length && (references[r] as TextReference).start < link.end; r += 1) inText.push(references[r] as TextReference);
    spans.push(link);
    const target = linkTarget(link, inText);
    if (target !== null) targets.push({ start: link.start, end: link.end, ...target });
  }
  for (; r < references.length; r += 1) addReference(references[r] as TextReference, targets, spans);
  const parts: string[] = [];
  let copied = 0;
  for (const span of spans) {
    parts.push(text.slice(copied, span.start), MASK.repeat(span.end - span.start));
    copied = span.end;
  }
  parts.push(text.slice(copied));
  return { masked: parts.join(''), targets };
}

// The longest wiki link read: a note's name is a line's part, not a paragraph.
const MAX_WIKI_LINK = 300;

/**
 * The wiki links of a text, as Obsidian and other note tools write them (`[[0005-use-x]]`,
 * `[[decisions/0005-use-x|Use X]]`, `[[0005-use-x#Decision]]`), as links to the file they name
 * (its path without extension, read as a link's is); a link to a heading of the same note (`[[#Status]]`) names none.
 */
function wikiLinks(text: string): MarkdownLink[] {
  const out: MarkdownLink[] = [];
  // The first `]]` after an opening is looked for again only past the one found before: linear.
  let close = -1;
  for (let open = text.indexOf('[['); open !== -1; open = text.indexOf('[[', open + 2)) {
    if (close < open + 2) close = text.indexOf(']]', open + 2);
    if (close === -1) break;
    if (close - open - 2 > MAX_WIKI_LINK) continue;
    const inner = text.slice(open + 2, close);
    // `[[ADR 9]][adr9]`, `[[ADR 9]](0009-x.md)`: a markdown link whose text is in brackets.
    if (/[[\]\n]/.test(inner) || text[close + 2] === '(' || text[close + 2] === '[') continue;
    const name = (inner.split('|', 1)[0] ?? '').split('#', 1)[0]?.trim() ?? '';
    if (name !== '') out.push({ start: open, end: close + 2, image: false, destination: name, textEnd: close + 1 });
    open = close;
  }
  return out;
}

/** Markdown links and wiki links in order; a markdown link inside a wiki link's brackets (`[[x]]` read as `[x]`) is the wiki link's. */
function withWikiLinks(links: readonly MarkdownLink[], wikis: readonly MarkdownLink[]): readonly MarkdownLink[] {
  if (wikis.length === 0) return links;
  // Both in order of their start, and wiki links apart: each list is walked once.
  let w = 0;
  const outside = links.filter((link) => {
    while (w < wikis.length && (wikis[w] as MarkdownLink).end <= link.start) w += 1;
    const wiki = wikis[w];
    return wiki === undefined || wiki.start >= link.end;
  });
  return [...outside, ...wikis].sort((a, b) => a.start - b.start);
}

/**
 * What a link (not an image) names: its destination when that names a document, a path or a web
 * address of one, even with an anchor (`0003-x.md#decision`). Else its text when that holds one
 * `ADR-` reference and nothing else of the kind: "Superseded by [ADR-0005](#adr-0005)",
 * "[ADR-0005](https://wiki.example.com/pages/42)", and a reference whose label has no definition
 * ("[ADR-0005][adr5]" with no "[adr5]: …" line); "[#12](…/pull/12)" is a pull request. Else null.
 * `references`: the ADR references of the text the link is in, at least those in the link.
 */
export function linkTarget(link: MarkdownLink, references: readonly TextReference[]): { text: string; form: 'link' | 'reference' } | null {
  if (link.image) return null;
  const destination = link.destination.replace(/^<|>$/g, '').trim();
  if (namesDocument(destination)) return { text: destination, form: 'link' };
  const [only, ...more] = references.filter((ref) => ref.start >= link.start && ref.end <= link.textEnd);
  // A record's id (`ADR-0005`, its series' `PG-004`), not an issue's number (`#12`).
  return only !== undefined && more.length === 0 && !only.reference.startsWith('#') ? { text: only.reference, form: 'reference' } : null;
}

/**
 * What the inline links (and wiki links, `[[0005-x]]`) of a text name, in order ({@link linkTarget}): the records a front matter value
 * such as `"[ADR-0003](0003-x.md)'s expiry rule"` links to. Each link is given the references inside it alone.
 */
export function linkTargetsIn(text: string): Array<{ text: string; form: 'link' | 'reference' }> {
  // A wiki link (`"[[0005-x]]"`, a front matter property as Obsidian writes a link) names the file as a markdown link does.
  const links = withWikiLinks(markdownLinks(text), wikiLinks(text));
  if (links.length === 0) return [];
  const references = adrReferences(text);
  const out: Array<{ text: string; form: 'link' | 'reference' }> = [];
  let r = 0;
  for (const link of links) {
    while (r < references.length && (references[r] as TextReference).start < link.start) r += 1;
    const first = r;
    while (r < references.length && (references[r] as TextReference).start < link.end) r += 1;
    const target = linkTarget(link, references.slice(first, r));
    if (target !== null) out.push(target);
  }
  return out;
}

function addReference(ref: TextReference, targets: Target[], spans: Array<{ start: number; end: number }>): void {
  spans.push(ref);
  targets.push({ start: ref.start, end: ref.end, text: ref.reference, form: 'reference' });
}

/** A link destination that can name a record: a relative path, or a web address of a document. */
export function namesDocument(destination: string): boolean {
  if (destination === '' || destination.startsWith('#')) return false;
  if (!URL_SCHEME.test(destination)) return true;
  if (!WEB_SCHEME.test(destination)) return false;
  const path = destination.split(/[?#]/)[0] ?? destination;
  return DOCUMENT_PATH.test(path) || REPOSITORY_FILE_PATH.test(path);
}

// A pull or merge request, an issue or an RFC by its number (`PR #123`, `pull request 45`, `RFC-7`): no record of the folder.
const OUTSIDE_ID = /^(?:pr|mr|pull request|merge request|issue|rfc)\s*[-#]?\s*\d+(?![\p{L}\p{N}])/iu;

/**
 * A successor that lies outside any folder of records, as a status names it: a pull request, an issue
 * or an RFC by its number (`PR #123`, `RFC-7`), or a web address that is no document (`…/pull/12`).
 */
export function isOutsideTarget(target: string): boolean {
  const text = target.trim();
  return OUTSIDE_ID.test(text) || (WEB_SCHEME.test(text) && !/\s/.test(text) && !namesDocument(text));
}

/**
 * A web address (`https://github.com/o/other-repo/blob/main/docs/adr/0004-x.md`, `https://…/pull/12`): a successor named so
 * that no record of the folder is lies outside it, in another repository or on a site, where it cannot be read.
 */
export function isWebAddress(target: string): boolean {
  const text = target.trim();
  return WEB_SCHEME.test(text) && !/\s/.test(text);
}

/** A successor named so that it lies outside any folder of records: a pull request, an RFC, or any web address. */
export function namesOutsideSuccessor(target: string): boolean {
  return isOutsideTarget(target) || isWebAddress(target);
}

/** A web address that is no document, linked in a text (`[PR #88](https://…/pull/88)`): the first one's destination, or null. */
export function outsideLink(text: string, definitions: ReferenceDefinitions): string | null {
  for (const link of markdownTextLinks(text, definitions)) {
    const destination = link.destination.replace(/^<|>$/g, '').trim();
    if (!link.image && link.defined && WEB_SCHEME.test(destination) && !namesDocument(destination)) return destination;
  }
  return null;
}

/**
 * Where the statements a "part(s) of" makes partial begin: 0 (the whole sentence) when one is not
 * followed by a record, else the start of the first record one is followed by; null without one.
 */
function partOfStart(sentence: string, targets: readonly Target[]): number | null {
  let from: number | null = null;
  for (const match of sentence.matchAll(PART_OF_EN)) {
    let at = match.index + match[0].length;
    while (at < sentence.length && ' \t*_'.includes(sentence[at] as string)) at += 1;
    if (!targets.some((target) => target.start === at)) return 0;
    from ??= at;
  }
  return from;
}

/** What one sentence says about the targets in it. */
function readSentence(sentence: string, absolute: readonly Target[], offset: number, context: StatementContext): Statement[] {
  // Outside a status, a phrase glued into a name (`superseded-by-ADR-0006`, a badge's label) is no verb.
  const usable = englishVerbs(sentence, context.isSelf).filter(
    (verb) =>
      (verb.scope === 'anywhere' || (verb.scope === 'status' && context.inStatus === true)) &&
      (context.inStatus === true || !gluedIntoName(sentence, verb)),
  );
  const isSelf = context.isSelf ?? (() => false);
  const korean = new KoreanReader(sentence, context.inStatus === true, isSelf);
  const chinese = new ChineseReader(sentence);
  const japanese = new JapaneseReader(sentence, isSelf);
  // Without a verb nothing in the sentence is a statement.
  if (usable.length === 0 && !korean.hasVerbs() && !chinese.hasVerbs() && !japanese.hasVerbs()) return [];
  const targets = absolute.map((t) => ({ ...t, start: t.start - offset, end: t.end - offset }));
  const objects = objectsAfterVerbs(sentence, usable, targets, context);
  const all = objects.length === 0 ? targets : [...targets, ...objects].sort((a, b) => a.start - b.start);
  if (all.length === 0) return [];
  // The sentence's records and their lists, worked out when a subject or a list is first looked for.
  let records: SentenceRecords<Target> | null = null;
  const sentenceRecords = () => (records ??= new SentenceRecords(sentence, all, isSelf));
  const listHasSelf = (index: number) => sentenceRecords().listHasSelf(index);
  japanese.setTargets(all, listHasSelf);
  korean.setTargets(all, listHasSelf);
  const partial = PARTIAL_EN.test(sentence) || PARTIAL_CJK.some((word) => sentence.includes(word));
  const partOfFrom = partOfStart(sentence, all);
  const out: Statement[] = [];
  const reads = readTargets(sentence, all, usable, { korean, chinese, japanese }, sentenceRecords);
  const sentenceReads: SentenceReads = { sentence, all, usable, reads, sentenceRecords, isSelf };
  readReplacedWith(sentenceReads);
  dropCitedSources(sentence, all, reads, sentenceRecords);
  dropObjectsOfAnotherVerb(sentence, all, reads);
  readItAsTheSpeaker(sentenceReads);
  // The target before, and whether a part of it was named: a record listed right after it is read as it is.
  let last: { end: number; part: boolean } | null = null;
  // The subjects already read from this record's side, so a record named again after the verb adds nothing.
  const inverted = new Map<object, Set<string>>();
  for (const [index, target] of all.entries()) {
    const { english, verbIndex, found } = reads[index] as TargetRead;
    const part: boolean = english !== null && partNamedBefore(sentence, target, usable[verbIndex], last);
    last = { end: target.end, part };
    const afterPartOf = partOfFrom !== null && partOfFrom <= target.start;
    if (!found) continue;
    const isPartial = partial || afterPartOf || found.partial || part;
    const place = subjectPlace(found, english !== null ? usable[verbIndex] : undefined, target);
    const subject = place === null ? null : sentenceRecords().subjectAt(place(sentenceRecords(), index));
    if (subject?.kind === 'records' && !subject.self) {
      // The sentence is about another record it names ("ADR-0003 is superseded by ADR-0005"): it states
      // nothing of this one, unless this one is the other side ("… by ADR-0007" in ADR-0007 itself).
      // A supersession between two other records is left to them: a third record's word is weaker than their own.
      const key = `${found.relation}\u0000${isPartial}`;
      if (isSelf(target.text) && !(inverted.get(subject)?.has(key) ?? false)) {
        inverted.set(subject, (inverted.get(subject) ?? new Set<string>()).add(key));
        const relation = found.relation === 'superseded_by' ? 'supersedes' : 'superseded_by';
        for (const record of subject.records) out.push({ relation, partial: isPartial, target: record.text, form: record.form });
      }
      continue;
    }
    out.push({ relation: found.relation, partial: isPartial, target: target.text, form: target.form });
  }
  return out;
}

/** What the readers found a target to be, and the English verb before it. */
interface TargetRead {
  readonly english: EnglishRead | null;
  readonly verbIndex: number;
  readonly found: Found | null;
  /** True when a reader that reads after the target (Korean, Japanese) found it: a record listed before it stands as it does. */
  readonly after: boolean;
}

/** The relation an English verb gives a target, and whether it was read through "this" after the verb ("[X] supersedes this ADR"). */
interface EnglishRead {
  readonly relation: AdrLink['relation'];
  readonly partial: boolean;
  readonly verbAfter: boolean;
}

/**
 * What each target is, left to right as the readers ask; then, right to left, a target nothing was
 * found of that a list joins to the next ("ADR-0002와 ADR-0003을 대체한다", "ADR-0002 と ADR-0003
 * を置き換える": the particle and verb come after the last record) stands as that one does. English
 * and Chinese read their verb before the list, so each record of it finds the verb itself. A target
 * read through "[X] supersedes this ADR" is that verb's subject only when it is the record right
 * before the verb, or listed with it: "ADR-0003 states that ADR-0005 supersedes it" names ADR-0003 as
 * the record that says so, not as a successor.
 */
function readTargets(
  sentence: string,
  all: readonly Target[],
  usable: readonly Verb[],
  readers: { korean: KoreanReader; chinese: ChineseReader; japanese: JapaneseReader },
  sentenceRecords: () => SentenceRecords<Target>,
): TargetRead[] {
  let verbIndex = -1;
  const reads = all.map((target): TargetRead => {
    while (verbIndex + 1 < usable.length && (usable[verbIndex + 1] as Verb).end <= target.start) verbIndex += 1;
    const english = relationOf(sentence, target, usable, verbIndex);
    if (english !== null) return { english, verbIndex, found: english, after: false };
    const korean = readers.korean.relation(target);
    if (korean !== null) return { english, verbIndex, found: korean, after: true };
    const chinese = readers.chinese.relation(target);
    if (chinese !== null) return { english, verbIndex, found: chinese, after: false };
    const japanese = readers.japanese.relation(target);
    return { english, verbIndex, found: japanese, after: japanese !== null };
  });
  for (let index = reads.length - 2; index >= 0; index -= 1) {
    const read = reads[index] as TargetRead;
    const next = reads[index + 1] as TargetRead;
    if (read.found === null && next.after && sentenceRecords().joinedToNext(index))
      reads[index] = { ...read, found: next.found, after: true };
    // Another record stands between this one and the verb after both: this one is its subject only as part of that record's list.
    else if (read.english?.verbAfter === true && next.verbIndex === read.verbIndex) {
      const listed = next.english?.verbAfter === true && sentenceRecords().joinedToNext(index);
      if (!listed) reads[index] = { english: null, verbIndex: read.verbIndex, found: null, after: false };
    }
  }
  return reads;
}

/** A sentence, its records, its usable English verbs and what was read of each record so far, for a step that changes `reads`. */
interface SentenceReads {
  readonly sentence: string;
  readonly all: readonly Target[];
  readonly usable: readonly Verb[];
  readonly reads: TargetRead[];
  readonly sentenceRecords: () => SentenceRecords<Target>;
  readonly isSelf: (target: string) => boolean;
}

// "with" alone (emphasis around it) between the last replaced record and its replacement.
const WITH_EN = /^[ \t*_]+with[ \t*_]+$/i;

/**
 * English "replaces A (and B) with C" (also "supersedes … with"): C takes the place of A and B, as
 * Korean "A를 C로 대체한다" and Japanese "A を C に置き換える" read. It is this record's statement only
 * when C is this record (it supersedes A and B) or A or B is (C supersedes it), whoever the sentence
 * names as its subject; about other records it states nothing, and a record never supersedes itself.
 * Changes `reads` in place: the verb no longer makes C a record this one supersedes.
 */
function readReplacedWith({ sentence, all, usable, reads, sentenceRecords, isSelf }: SentenceReads): void {
  for (let c = 1; c < all.length; c += 1) {
    const read = reads[c] as TargetRead;
    const verb = usable[read.verbIndex];
    const last = reads[c - 1] as TargetRead;
    if (read.english === null || read.english.verbAfter || verb?.forward !== 'supersedes') continue;
    if (last.english === null || last.english.verbAfter || last.verbIndex !== read.verbIndex) continue;
    if (!WITH_EN.test(sentence.slice((all[c - 1] as Target).end, (all[c] as Target).start))) continue;
    let first = c - 1;
    while (first > 0 && sentenceRecords().joinedToNext(first - 1) && (reads[first - 1] as TargetRead).verbIndex === read.verbIndex)
      first -= 1;
    const replacement = isSelf((all[c] as Target).text);
    const partial = read.english.partial;
    for (let a = first; a < c; a += 1) {
      const replaced = replacement && !isSelf((all[a] as Target).text);
      reads[a] = { english: null, verbIndex: read.verbIndex, found: replaced ? { relation: 'supersedes', partial } : null, after: false };
    }
    const replacedIsSelf = all.slice(first, c).some((target) => isSelf(target.text));
    const found: Found | null = replacedIsSelf && !replacement ? { relation: 'superseded_by', partial } : null;
    reads[c] = { english: null, verbIndex: read.verbIndex, found, after: false };
  }
}

/**
 * A record the sentence cites as the source of what it says ("This ADR supersedes ADR-0003, as
 * ADR-0005 states", "… (see ADR-0005)", "… per ADR-0005", "as described in ADR-0005") or names in a
 * clause of its own ("… because ADR-0005 failed", "…, which ADR-0005 introduced"), or a list of
 * them, is no object of the English verb it follows once that verb has a record (a link or reference)
 * it does not cite: only ADR-0003 is superseded. The verb's only record stays its object: "Superseded, see ADR-0012".
 * Changes `reads` in place.
 */
function dropCitedSources(
  sentence: string,
  all: readonly Target[],
  reads: TargetRead[],
  sentenceRecords: () => SentenceRecords<Target>,
): void {
  const verbOf = (read: TargetRead) => (read.english === null ? null : read.english.verbAfter ? read.verbIndex + 1 : read.verbIndex);
  const cited = citedRecords(sentence, all, sentenceRecords());
  const withObject = new Set<number>();
  for (const [index, read] of reads.entries()) {
    const verb = verbOf(read);
    // A title read after the verb is the loosest object ("Superseded: see below (ADR-0012)"): it leaves a cited record the object.
    if (verb !== null && cited[index] !== true && read.found !== null && (all[index] as Target).form !== 'title') withObject.add(verb);
  }
  reads.forEach((read, index) => {
    const verb = verbOf(read);
    if (cited[index] === true && verb !== null && withObject.has(verb)) reads[index] = { ...read, english: null, found: null };
  });
}

/**
 * Records no object of the supersession verb they follow after all ("This ADR replaces ADR-0014 and
 * builds on ADR-0013", "… with a queue described in ADR-0003"; see recordsNotObjects). Changes `reads` in place.
 */
function dropObjectsOfAnotherVerb(sentence: string, all: readonly Target[], reads: TargetRead[]): void {
  const verbOf = reads.map((read) => (read.english === null || read.english.verbAfter ? null : read.verbIndex));
  recordsNotObjects(sentence, all, verbOf).forEach((cut, index) => {
    if (cut) reads[index] = { ...(reads[index] as TargetRead), english: null, found: null };
  });
}

// "ADR-0003 states that ADR-0005 supersedes it": a record, a word or three (its reporting verb), then "that".
const REPORTED_THAT = /^[\s*_,]*(?:\p{L}+\s+){0,2}?\p{L}+\s+that[\s*_]*$/u;
const IT_AFTER = /^[\s*_]*it(?!\p{L})/iu;

/**
 * "ADR-0003 states that ADR-0005 supersedes it": "it" is ADR-0003, the record that says so, not this one
 * (as "this ADR" would be): ADR-0005 supersedes ADR-0003. It is this record's statement only when it is
 * one of them: in ADR-0005 it supersedes ADR-0003, in ADR-0003 it is superseded by ADR-0005 (read as
 * before); in any other record it states nothing. The record before "… that" must stand alone ("ADR-0002
 * and ADR-0003 note that ADR-0005 supersedes it" names no one record "it" could be). Changes `reads` in place.
 */
function readItAsTheSpeaker({ sentence, all, usable, reads, sentenceRecords, isSelf }: SentenceReads): void {
  for (let first = 1; first < all.length; first += 1) {
    const read = reads[first] as TargetRead;
    const verb = usable[read.verbIndex + 1];
    if (read.english?.verbAfter !== true || read.found === null || verb === undefined) continue;
    const speaker = first - 1;
    if (!IT_AFTER.test(sentence.slice(verb.end))) continue;
    if (!REPORTED_THAT.test(sentence.slice((all[speaker] as Target).end, (all[first] as Target).start))) continue;
    if (speaker > 0 && sentenceRecords().joinedToNext(speaker - 1)) continue;
    // The subject: this record and the records listed with it right before the verb.
    let last = first;
    while (
      last + 1 < all.length &&
      (reads[last + 1] as TargetRead).english?.verbAfter === true &&
      (reads[last + 1] as TargetRead).verbIndex === read.verbIndex
    )
      last += 1;
    const speakerIsSelf = isSelf((all[speaker] as Target).text);
    const subjectIsSelf = all.slice(first, last + 1).some((target) => isSelf(target.text));
    for (let index = first; index <= last && !speakerIsSelf; index += 1)
      reads[index] = { ...(reads[index] as TargetRead), english: null, found: null };
    if (subjectIsSelf && !speakerIsSelf) {
      const relation = read.english.relation === 'superseded_by' ? 'supersedes' : 'superseded_by';
      reads[speaker] = { english: null, verbIndex: read.verbIndex, found: { relation, partial: read.english.partial }, after: false };
    }
    first = last;
  }
}

/**
 * Where the subject of what found the target would stand: before the English verb that governs it
 * (a Turkish `yerini … bıraktı` reads its record before `yerini`), or, for a reader that says so,
 * right before the target (or the list it ends). Null when the target is read through "this" after the verb
 * ("[X] supersedes this ADR"), which names the record itself.
 */
function subjectPlace(
  found: Found,
  verb: Verb | undefined,
  target: Target,
): ((records: SentenceRecords<Target>, index: number) => SubjectPlace) | null {
  if (verb !== undefined && verb.end <= target.start) {
    const gap = verb.place ? turkishSubjectGap : englishSubjectGap;
    return () => ({ before: verb.start, gap });
  }
  const { subjectGap } = found;
  if (subjectGap !== undefined) return (records, index) => ({ before: records.listStart(index), gap: subjectGap });
  return null;
}

/**
 * True when an active verb before the target replaces a thing inside it ("replaces the retry policy in
 * ADR-0012", "Menggantikan: ADR-0014 dan argumen di ADR-0015" for ADR-0015), or the target is only
 * listed after a record read so ("… di ADR-0015 dan ADR-0016").
 */
function partNamedBefore(sentence: string, target: Target, verb: Verb | undefined, last: { end: number; part: boolean } | null): boolean {
  if (verb === undefined || verb.forward !== 'supersedes') return false;
  const afterTarget = last !== null && last.end >= verb.end;
  const gap = objectBefore(sentence, afterTarget ? last.end : verb.end, target.start, afterTarget);
  return gap === 'part' || (gap === 'list' && last?.part === true);
}

/** The relation an English verb gives a target: the nearest verb before it, else a verb after it followed by "this". */
function relationOf(sentence: string, target: Target, verbs: readonly Verb[], before: number): EnglishRead | null {
  const previous = verbs[before];
  // "does not replace ADR-0003": no relation, and no verb before it reaches past it.
  if (previous?.negated === true) return null;
  // A Turkish "[X]'in yerini alır" closes its clause: a record after it ("… ve ADR-0003'te açıklanan …") is none of its.
  if (previous && !previous.genitiveBefore) return { relation: previous.forward, partial: previous.partial, verbAfter: false };
  const after = verbs[before + 1];
  if (
    after &&
    after.selfAfter &&
    !after.negated &&
    target.end <= after.start &&
    (!after.genitiveBefore || genitiveBetween(sentence, target.end, after.start))
  ) {
    // A Turkish genitive names its record (or the list it closes) itself, however far back the list starts.
    const relation = after.forward === 'supersedes' ? 'superseded_by' : 'supersedes';
    return { relation, partial: after.partial, verbAfter: !after.genitiveBefore };
  }
  return null;
}

// A Turkish genitive ending after a record, its apostrophe typed or typographic: `'ün`, `’nin`, `'ın`, `'un`.
const TR_GENITIVE = /^['’]?n?[ıiuü]n[ \t]*$/u;
// What joins records of one list before the genitive ends it: "ADR-0002 ve ADR-0003'ün", "ADR-0002, ADR-0003'ün".
const TR_LIST_WORDS = ['ve ', 'ile '];
const TR_LIST_SPAN = 120;

/**
 * True when only a genitive ending stands between a record and "yerini aldı" (the record whose place
 * was taken), or a list of records the last of which carries it: the ending closes the whole list.
 */
function genitiveBetween(sentence: string, from: number, to: number): boolean {
  if (to - from > TR_LIST_SPAN) return false;
  let at = from;
  for (;;) {
    let i = at;
    while (i < to && ' \t,'.includes(sentence[i] as string)) i += 1;
    const joiner = TR_LIST_WORDS.find((word) => sentence.startsWith(word, i));
    if (joiner !== undefined) i += joiner.length;
    while (i < to && (sentence[i] === ' ' || sentence[i] === '\t')) i += 1;
    if (i === at || sentence[i] !== MASK) break;
    while (i < to && sentence[i] === MASK) i += 1;
    at = i;
  }
  return TR_GENITIVE.test(sentence.slice(at, to));
}

/**
 * Objects written without a link right after a verb: a bare number ("Superseded by 0019"), or a
 * title — in the status, the rest of the sentence; in prose, only a quoted one.
 */
function objectsAfterVerbs(sentence: string, verbs: readonly Verb[], targets: readonly Target[], context: StatementContext): Target[] {
  const out: Target[] = [];
  let t = 0;
  verbs.forEach((verb, v) => {
    while (t < targets.length && (targets[t] as Target).start < verb.end) t += 1;
    if (verb.negated) return;
    const limit = Math.min(verbs[v + 1]?.start ?? sentence.length, targets[t]?.start ?? sentence.length);
    const number = bareNumberAt(sentence, verb.end);
    if (number && number.end <= limit) {
      out.push({ start: number.start, end: number.end, text: number.reference, form: 'reference' });
      return;
    }
    const title = titleAfter(sentence, verb.end, limit, context.inStatus === true);
    if (title) out.push(title);
  });
  return out;
}

const QUOTES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['“', '”'],
  ["'", "'"],
  ['‘', '’'],
  ['「', '」'],
]);

/** A title between `from` and `limit`: quoted anywhere; in the status also unquoted, up to a bracket, `;` or the end. */
const PLACEHOLDER_ID = /^(?:adr[-_ ]?)?(?:x{2,}|n{3,}|\?{2,})$/i;

function titleAfter(sentence: string, from: number, limit: number, inStatus: boolean): Target | null {
  let start = from;
  while (start < limit && ' \t:*_→-–—'.includes(sentence[start] as string)) start += 1;
  // "Superseded, see ADR-0012": a comma or semicolon ends the verb's clause; what follows is no title of it.
  if (sentence[start] === ',' || sentence[start] === ';') return null;
  const close = QUOTES.get(sentence[start] as string);
  let end: number;
  if (close !== undefined) {
    let closing = start + 1;
    while (closing < limit && sentence[closing] !== close) closing += 1;
    if (closing >= limit) return null;
    start += 1;
    end = closing;
  } else {
    if (!inStatus) return null;
    end = start;
    while (end < limit && !'([;\n'.includes(sentence[end] as string) && sentence[end] !== MASK) end += 1;
  }
  let trimmedEnd = end;
  while (trimmedEnd > start && ' \t.*_,!?'.includes(sentence[trimmedEnd - 1] as string)) trimmedEnd -= 1;
  // "Superseded by `docs/adr/0015-x.md`": a status names its successor's file in a code span as often as bare.
  if (close === undefined && inCodeSpan(sentence, start, trimmedEnd)) {
    start += 1;
    trimmedEnd -= 1;
  }
  const text = sentence.slice(start, trimmedEnd);
  if (text.length === 0 || text.length > MAX_TITLE || !/\p{L}/u.test(text)) return null;
  if (close === undefined && NOT_A_TITLE_START.has(text.split(' ', 1)[0]?.toLowerCase() ?? '')) return null;
  // "Reemplaza a: [ADR-2]": a label before the record named next, not a title; "ADR-XXXX": a template's placeholder.
  if (close === undefined && (text.endsWith(':') || PLACEHOLDER_ID.test(text))) return null;
  return { start, end: trimmedEnd, text, form: 'title' };
}

/** Whether `sentence` from `start` to `end` is one code span and nothing more (`` `0015-x.md` ``). */
function inCodeSpan(sentence: string, start: number, end: number): boolean {
  if (end - start < 3 || sentence[start] !== '`' || sentence[end - 1] !== '`') return false;
  return !sentence.slice(start + 1, end - 1).includes('`');
}

/** True when the sticky `pattern` matches right at `at`. */
function matchesAt(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/**
 * Korean: "[X]에 의해 대체되었다" / "[X]로 폐기됨" (passive after a by-particle), "[X]를 대체한다"
 * (active after an object particle), "[X]가 이 결정을 대체한다" (active with this record as object),
 * a passive verb right before the target ("대체됨: [X]"), and in a status a bare stem after the
 * target's subject particle ("승인 (ADR-0024가 부분 대체)"). Targets are asked about left to right,
 * so each pointer only moves forward.
 */
class KoreanReader {
  private readonly verbs: KoreanVerb[];
  private readonly selfStarts: Int32Array;
  private before = -1;
  private after = 0;
  private readonly byStart = new Map<number, Target>();
  private readonly indexByEnd = new Map<number, number>();
  private listHasSelf: (index: number) => boolean = () => false;
  private firstWord = -1;

  constructor(
    private readonly sentence: string,
    private readonly inStatus: boolean,
    private readonly isSelf: (target: string) => boolean,
  ) {
    this.verbs = koreanVerbs(sentence);
    this.selfStarts = Int32Array.from(this.verbs.length === 0 ? [] : [...sentence.matchAll(SELF_KO)].map((m) => m.index));
  }

  hasVerbs(): boolean {
    return this.verbs.length > 0;
  }

  /** Every target of the sentence, so "[A]를 [B]로 대체한다" can see B from A and A's list from B; see JapaneseReader.setTargets. */
  setTargets(targets: readonly Target[], listHasSelf: (index: number) => boolean): void {
    if (this.verbs.length === 0) return;
    targets.forEach((target, index) => {
      this.byStart.set(target.start, target);
      this.indexByEnd.set(target.end, index);
    });
    this.listHasSelf = listHasSelf;
  }

  relation(target: Target): Found | null {
    const { verbs, sentence } = this;
    if (verbs.length === 0) return null;
    while (this.before + 1 < verbs.length && (verbs[this.before + 1] as KoreanVerb).end <= target.start) this.before += 1;
    const previous = verbs[this.before];
    if (previous?.passive && onlySeparatorsBetween(sentence, previous.end, target.start))
      return { relation: 'superseded_by', partial: previous.partial };
    // "대체: [X]", a label as "Superseded: [X]" is: the bare stem opening its line, its colon, then the record.
    if (
      previous?.bare &&
      !previous.partial &&
      previous.start <= this.lineStart() &&
      koreanLabelBetween(sentence, previous.end, target.start)
    )
      return { relation: 'superseded_by', partial: false };
    while (this.after < verbs.length && (verbs[this.after] as KoreanVerb).start < target.end) this.after += 1;
    const next = verbs[this.after];
    if (!next) return null;
    // "ADR-0003은 [target]에 의해 대체되었다", "ADR-0005가 [target]을 대체한다": a record before, with its particle, is the subject.
    if (next.passive && matchesAt(KO_BY_PARTICLE, sentence, target.end))
      return { relation: 'superseded_by', partial: next.partial, subjectGap: koreanSubjectGap };
    // "[A]를 [B]로 대체한다" (replace A with B): B takes A's place, a statement of this record only when A or B is it.
    if (!next.passive && !next.bare && this.withBefore(target.end, next)) {
      const object = this.objectBefore(target.start);
      if (object !== null) return object.self && !this.isSelf(target.text) ? { relation: 'superseded_by', partial: next.partial } : null;
    }
    if (!next.passive && matchesAt(KO_OBJECT_PARTICLE, sentence, target.end)) {
      if (this.ownClauseAt(skipSpaces(sentence, KO_OBJECT_PARTICLE.lastIndex), next)) return null;
      const replacement = next.bare ? null : this.replacementAt(skipSpaces(sentence, KO_OBJECT_PARTICLE.lastIndex), next);
      if (replacement !== null)
        return replacement.self && !this.isSelf(target.text) ? { relation: 'supersedes', partial: next.partial } : null;
      return { relation: 'supersedes', partial: next.partial, subjectGap: koreanSubjectGap };
    }
    // Not "[X] 본 문서를 대체한다": this record is the object there, X the one replacing it.
    if (
      !next.passive &&
      !next.bare &&
      matchesAt(KO_NOUN_OBJECT, sentence, target.end) &&
      KO_NOUN_OBJECT.lastIndex === next.start &&
      !KO_SELF_AHEAD.test(sentence.slice(target.end).trimStart())
    )
      return { relation: 'supersedes', partial: next.partial, subjectGap: koreanSubjectGap };
    // "ADR-0005가 이 결정을 대체한다"; not "ADR-0005가 실패했으므로 이 결정은 …", a clause of its own.
    if (
      !next.passive &&
      matchesAt(KO_SUBJECT_PARTICLE, sentence, target.end) &&
      this.selfWithin(target.end, next.end) &&
      !this.ownClauseAt(skipSpaces(sentence, KO_SUBJECT_PARTICLE.lastIndex), next)
    )
      return { relation: 'superseded_by', partial: next.partial };
    // In a status, "승인 (ADR-0024가 부분 대체 — …)": the target replaces this record (the status's subject).
    if (
      next.bare &&
      this.inStatus &&
      matchesAt(KO_SUBJECT_BEFORE_BARE, sentence, target.end) &&
      KO_SUBJECT_BEFORE_BARE.lastIndex === next.start
    )
      return { relation: 'superseded_by', partial: next.partial };
    // A status that opens with the record and the bare stem, no particle between ("ADR-0010 부분 대체", "ADR-0007 대체"):
    // the status says what became of this record. After a status of its own ("승인 (ADR-0007 대체)") the same words
    // may as well say this record replaces ADR-0007, so nothing is read there.
    if (
      next.bare &&
      this.inStatus &&
      matchesAt(KO_SPACE_BEFORE_BARE, sentence, target.end) &&
      KO_SPACE_BEFORE_BARE.lastIndex === next.start &&
      target.start <= this.lineStart()
    )
      return { relation: 'superseded_by', partial: next.partial };
    return null;
  }

  /** Where the sentence's first word starts, past spaces and a list, quote or table marker (found once: linear time). */
  private lineStart(): number {
    if (this.firstWord < 0) {
      let i = 0;
      while (i < this.sentence.length && ' \t-*+>|'.includes(this.sentence[i] as string)) i += 1;
      this.firstWord = i;
    }
    return this.firstWord;
  }

  /** True when a verb of a clause of its own (see KO_OWN_CLAUSE), not the replacing verb `verb`, starts at `at`. */
  private ownClauseAt(at: number, verb: KoreanVerb): boolean {
    return at !== verb.start && matchesAt(KO_OWN_CLAUSE, this.sentence, at);
  }

  /** True when "로" / "으로" at `at` is followed by nothing but spaces up to the active verb `verb`. */
  private withBefore(at: number, verb: KoreanVerb): boolean {
    return matchesAt(KO_WITH_PARTICLE, this.sentence, at) && KO_WITH_PARTICLE.lastIndex === verb.start;
  }

  /** The replacement "[B]로 대체한다" starting at `at` (a record, or "이 결정으로"), and whether B is this record; null when none starts there. */
  private replacementAt(at: number, verb: KoreanVerb): { self: boolean } | null {
    const named = this.byStart.get(at);
    if (named !== undefined) return this.withBefore(named.end, verb) ? { self: this.isSelf(named.text) } : null;
    const self = KO_SELF_AHEAD.exec(this.sentence.slice(at, at + 12));
    return self !== null && this.withBefore(at + self[0].length, verb) ? { self: true } : null;
  }

  /**
   * The object "…를" right before the target at `start` (past spaces): a record or a list of records,
   * and whether this record is in it, or "이 결정을" (this record); null when there is none.
   */
  private objectBefore(start: number): { self: boolean } | null {
    const { sentence } = this;
    const particle = skipSpacesBack(sentence, start) - 1;
    if (sentence[particle] !== '을' && sentence[particle] !== '를') return null;
    const end = skipSpacesBack(sentence, particle);
    const named = this.indexByEnd.get(end);
    if (named !== undefined) return { self: this.listHasSelf(named) };
    return KO_SELF_BEFORE.test(sentence.slice(Math.max(0, end - 12), end)) ? { self: true } : null;
  }

  /** True when "이 결정", "본 문서", … starts in [from, to). */
  private selfWithin(from: number, to: number): boolean {
    const index = countBelow(this.selfStarts, from);
    return index < this.selfStarts.length && (this.selfStarts[index] as number) < to;
  }
}

// "In part": Korean 일부 / 부분, Chinese 部分 / 局部.
// Japanese: 一部 (a part), のみ (only: `タスクランナーの項のみ Superseded by ADR-0033`).
const PARTIAL_CJK = ['일부', '부분', '部分', '局部', '一部', 'のみ'];
// Chinese supersession verbs: 取代 / 替代 / 替换 (replace), 废弃 (abolish).
const ZH_VERB = /取代|替代|替换|废弃/g;
// What may stand between "被" / "由" (by) and the target, or between an active verb and its object.
const ZH_GAP = ' \t:：了';
// What joins the targets of one list: "ADR 0010 和 ADR 0012", "ADR 0010、ADR 0012", "及", "与", commas.
const ZH_LIST = ' \t和、，,及与或';
// What the rest of a list of records may hold after a target: its joiners and more records (`、0007、ADR-0008`;
// a reference may reach the reader masked, its characters MASK).
const ZH_LIST_TAIL = `${ZH_LIST}ADRadr-_#0123456789${MASK}`;
const ZH_LIST_SPAN = 120;

/**
 * Chinese supersession statements: "本 ADR 已被 [X] 取代" / "由 [X] 替代" (the target superseded this
 * record: "被" or "由" right before it, the verb after it) and "取代 [X]" / "替代了 [X]" (this record
 * supersedes the target: the verb right before it). A target that only a list joins to the one
 * before ("已被 ADR 0010 和 ADR 0012 取代", "取代 ADR 2、ADR 3") stands as that one does.
 */
class ChineseReader {
  private readonly verbs: Array<{ start: number; end: number }>;
  private before = -1;
  /** The target asked about last, and what it was found to be. */
  private last: { end: number; found: Found | null } | null = null;

  constructor(private readonly sentence: string) {
    this.verbs = [...sentence.matchAll(ZH_VERB)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  }

  hasVerbs(): boolean {
    return this.verbs.length > 0;
  }

  /** Targets come left to right (as `readSentence` asks), so the verb before each is found by moving on. */
  relation(target: Target): Found | null {
    if (this.verbs.length === 0) return null;
    const previous = this.last;
    const own = this.ownRelation(target);
    const listed = own ?? (previous?.found && this.onlyBetween(previous.end, target.start, ZH_LIST) ? previous.found : null);
    // "取代：ADR 0010 中的 Fastify adapter" / "ADR 0005 的 Python runtime 决定": a part of the target (its 中的 / 的 …), so in part.
    const found = listed && listed.relation === 'supersedes' && this.partOf(target.end) ? { ...listed, partial: true } : listed;
    this.last = { end: target.end, found: listed };
    return found;
  }

  /**
   * True when the target, or the list it ends or stands in (`ADR 0005、0007、0008 中的 …`), is
   * followed by 中的 or 的: the sentence names a part of each. Looks at most ZH_LIST_SPAN characters on.
   */
  private partOf(at: number): boolean {
    let i = at;
    const limit = Math.min(this.sentence.length, at + ZH_LIST_SPAN);
    while (i < limit && ZH_LIST_TAIL.includes(this.sentence[i] as string)) i += 1;
    return this.sentence.startsWith('中的', i) || this.sentence[i] === '的';
  }

  private ownRelation(target: Target): Found | null {
    const { verbs } = this;
    const before = this.charBefore(target.start);
    // "ADR-0003 已被 [X] 取代", "ADR-0005 取代 [X]": a record before 被 / 由 or the verb is the subject.
    if ((before === '被' || before === '由') && (verbs.at(-1) as { start: number }).start >= target.end)
      return { relation: 'superseded_by', partial: false, subjectGap: chineseSubjectGap };
    while (this.before + 1 < verbs.length && (verbs[this.before + 1] as { end: number }).end <= target.start) this.before += 1;
    const previous = verbs[this.before];
    return previous && this.onlyGapBetween(previous.end, target.start)
      ? { relation: 'supersedes', partial: false, subjectGap: chineseSubjectGap }
      : null;
  }

  /** The character before `at`, past spaces, colons and 了. */
  private charBefore(at: number): string | undefined {
    let i = at - 1;
    while (i >= 0 && ZH_GAP.includes(this.sentence[i] as string)) i -= 1;
    return this.sentence[i];
  }

  private onlyGapBetween(from: number, to: number): boolean {
    return this.onlyBetween(from, to, ZH_GAP);
  }

  private onlyBetween(from: number, to: number, allowed: string): boolean {
    for (let i = from; i < to; i += 1) if (!allowed.includes(this.sentence[i] as string)) return false;
    return true;
  }
}

// Japanese supersession verbs (置き換え replace, 置換 substitute, 覆す overturn, 取って代わる take the place of)
// and labels naming the records this one takes the place of (統合元 consolidated from, 置き換え元 replaces).
const JA_VERBS = ['置き換え', '置換', '覆', '取って代わ'];
// "[B] で置き換える" (replace with B) says what "[B] に置き換える" says, with the replacing verbs only: "で覆う" is "cover with".
const JA_BY = ['によって', 'により', 'に', 'で'];
const JA_WITH = 'で';
const JA_WITH_VERBS = ['置き換え', '置換'];
const JA_SOURCE_LABELS = ['統合元', '置き換え元', '置換元'];
const JA_SPACE = ' \t　';

// What makes a verb passive after its stem: 置き換えられた, 置換された, 覆された, 取って代わられた.
const JA_PASSIVE = ['られ', 'され'];
// This record written out as the object or the replacement: 本 ADR, この決定, 本文書.
const JA_SELF = /(?:本|この)[ \t\u3000]*(?:ADR|決定|文書|記録)[ \t\u3000]*$/i;
const JA_SELF_AHEAD = /^(?:本|この)[ \t\u3000]*(?:ADR|決定|文書|記録)/i;
// "[A] の認証部分を": a part of A, between の and を, at most this long and holding no punctuation or other record.
const JA_PART_REACH = 16;
const JA_PART_STOPS = `、。，,．.：:；;（）()「」!?！？\n${MASK}を`;
// What of A is A as a whole ("ADR-0003 の決定を ADR-0009 に置き換える"): a full replacement.
const JA_WHOLE = new Set(['決定', '全体', '全て', 'すべて', '全部', '内容', '記録', '文書', 'ADR']);

/**
 * Japanese statements, read after each target: "[X] により置き換え(られた)" / "[X] に置き換えられた"
 * (X superseded this record), "[X] を置き換える" / "[X] を覆す" / "[X] (一部を覆す)" (this record
 * supersedes X, in part with 一部), and after a label "統合元: [X], [Y]" (this record takes their place).
 * "[A] を [B] に置き換える" (replace A with B) says A is superseded by B: it is this record's
 * statement only when A or B is this record ("ADR-0003 を ADR-0005 に置き換える" in ADR-0005 supersedes
 * ADR-0003); about two other records it states nothing of this one, and a record never supersedes itself.
 */
class JapaneseReader {
  private readonly labelEnd: number;
  private readonly any: boolean;
  private readonly byStart = new Map<number, Target>();
  private readonly byEnd = new Map<number, Target>();
  private readonly indexByEnd = new Map<number, number>();
  private listHasSelf: (index: number) => boolean = () => false;

  constructor(
    private readonly sentence: string,
    private readonly isSelf: (target: string) => boolean,
  ) {
    const labels = JA_SOURCE_LABELS.map((label) => sentence.indexOf(label)).filter((at) => at !== -1);
    this.labelEnd = labels.length === 0 ? -1 : Math.min(...labels) + 2;
    this.any = this.labelEnd !== -1 || JA_VERBS.some((verb) => sentence.includes(verb));
  }

  hasVerbs(): boolean {
    return this.any;
  }

  /**
   * Every target of the sentence, in order, so "[A] を [B] に …" can see B from A; `listHasSelf` says
   * whether the target at an index or one listed before it is this record ("ADR-0002 と ADR-0003 を …").
   */
  setTargets(targets: readonly Target[], listHasSelf: (index: number) => boolean): void {
    targets.forEach((target, index) => {
      this.byStart.set(target.start, target);
      this.byEnd.set(target.end, target);
      this.indexByEnd.set(target.end, index);
    });
    this.listHasSelf = listHasSelf;
  }

  relation(target: Target): Found | null {
    if (!this.any) return null;
    const { sentence } = this;
    let at = this.skipSpace(target.end);
    const verb = this.verbAfterBy(at);
    if (verb !== null) {
      const object = verb.passive ? null : this.objectBefore(target.start);
      // "[A] を [B] に置き換える": B is this record's successor only when A is this record.
      // "ADR-0003 は [B] により置き換えられた": a record before, with は or が, is the subject.
      if (object === null) return { relation: 'superseded_by', partial: false, subjectGap: japaneseSubjectGap };
      return object.self && !this.isSelf(target.text) ? { relation: 'superseded_by', partial: object.partial } : null;
    }
    // "[A] の認証部分を [B] に置き換える" / "[A] の認証部分を置き換える": a part of A replaced.
    const part = sentence[at] === 'の' ? this.partAfter(at + 1) : null;
    if (part !== null) {
      const objectAt = this.skipSpace(part.objectEnd + 1);
      if (JA_VERBS.some((word) => sentence.startsWith(word, objectAt))) return { relation: 'supersedes', partial: part.partial };
      const replacement = this.replacementAt(objectAt);
      if (replacement !== null)
        return replacement.self && !this.isSelf(target.text) ? { relation: 'supersedes', partial: part.partial } : null;
    }
    if (sentence[at] === '(' || sentence[at] === '（') at = this.skipSpace(at + 1);
    const partial = sentence.startsWith('一部', at);
    if (partial) at = this.skipSpace(at + 2);
    if (sentence[at] === 'を') {
      const objectAt = this.skipSpace(at + 1);
      // "ADR-0005 が [A] を置き換える": a record before, with が or は, is the subject.
      if (JA_VERBS.some((word) => sentence.startsWith(word, objectAt)))
        return { relation: 'supersedes', partial, subjectGap: japaneseSubjectGap };
      const replacement = this.replacementAt(objectAt);
      // "[A] を [B] に置き換える": this record supersedes A only when B is this record (and A is not).
      if (replacement !== null) return replacement.self && !this.isSelf(target.text) ? { relation: 'supersedes', partial } : null;
    }
    if (this.labelEnd !== -1 && this.labelEnd <= target.start) return { relation: 'supersedes', partial: false };
    return null;
  }

  /** The supersession verb after "に" / "により" / "によって" / "で" at `at`, and whether it is passive; null without one. */
  private verbAfterBy(at: number): { passive: boolean } | null {
    const { sentence } = this;
    const by = JA_BY.find((word) => sentence.startsWith(word, at));
    if (by === undefined) return null;
    const verbAt = this.skipSpace(at + by.length);
    const verb = (by === JA_WITH ? JA_WITH_VERBS : JA_VERBS).find((word) => sentence.startsWith(word, verbAt));
    if (verb === undefined) return null;
    return { passive: JA_PASSIVE.some((ending) => sentence.startsWith(ending, verbAt + verb.length)) };
  }

  /**
   * The object "… を" standing before the target at `start` (past spaces), and whether it is this
   * record (a target naming it, or "本 ADR"; a list of records naming it: "ADR-0002 と ADR-0003 を"
   * in ADR-0002); null when no を stands right before the target.
   */
  private objectBefore(start: number): { self: boolean; partial: boolean } | null {
    let i = start - 1;
    while (i >= 0 && JA_SPACE.includes(this.sentence[i] as string)) i -= 1;
    if (this.sentence[i] !== 'を') return null;
    let end = i;
    while (end > 0 && JA_SPACE.includes(this.sentence[end - 1] as string)) end -= 1;
    const named = this.indexByEnd.get(end);
    if (named !== undefined) return { self: this.listHasSelf(named), partial: false };
    if (JA_SELF.test(this.sentence.slice(Math.max(0, end - 12), end))) return { self: true, partial: false };
    return this.partOwnerBefore(i) ?? { self: false, partial: false };
  }

  /**
   * "[A] の認証部分" ending right before the を at `objectEnd`: whether A is this record, and whether
   * what is named of it is a part (not "の決定", its decision); null without a record and its の there.
   */
  private partOwnerBefore(objectEnd: number): { self: boolean; partial: boolean } | null {
    const { sentence } = this;
    const limit = Math.max(0, objectEnd - 1 - JA_PART_REACH);
    for (let no = objectEnd - 1; no >= limit; no -= 1) {
      const char = sentence[no] as string;
      if (JA_PART_STOPS.includes(char)) return null;
      if (char !== 'の' || no + 1 === objectEnd) continue;
      let end = no;
      while (end > 0 && JA_SPACE.includes(sentence[end - 1] as string)) end -= 1;
      const named = this.byEnd.get(end);
      const self = named !== undefined ? this.isSelf(named.text) : JA_SELF.test(sentence.slice(Math.max(0, end - 12), end));
      if (named !== undefined || self) return { self, partial: this.namesPart(no + 1, objectEnd) };
    }
    return null;
  }

  /** "[A] の" ends at `from`: the を closing what of A is named, and whether that is a part; null when none follows within reach. */
  private partAfter(from: number): { objectEnd: number; partial: boolean } | null {
    const { sentence } = this;
    const limit = Math.min(sentence.length, from + JA_PART_REACH + 1);
    for (let i = from; i < limit; i += 1) {
      if (sentence[i] === 'を') return i === from ? null : { objectEnd: i, partial: this.namesPart(from, i) };
      if (JA_PART_STOPS.includes(sentence[i] as string)) return null;
    }
    return null;
  }

  private namesPart(from: number, to: number): boolean {
    const named = this.sentence.slice(from, to).replace(/^[ \t\u3000]+|[ \t\u3000]+$/g, '');
    return named !== '' && !JA_WHOLE.has(named);
  }

  /** The replacement "[B] に置き換える" (active) starting at `at`, and whether B is this record; null when none starts there. */
  private replacementAt(at: number): { self: boolean } | null {
    const named = this.byStart.get(at);
    const self = named === undefined ? JA_SELF_AHEAD.exec(this.sentence.slice(at, at + 12)) : null;
    if (named === undefined && self === null) return null;
    const verb = this.verbAfterBy(this.skipSpace(named !== undefined ? named.end : at + (self?.[0].length ?? 0)));
    if (verb === null || verb.passive) return null;
    return { self: named !== undefined ? this.isSelf(named.text) : true };
  }

  private skipSpace(at: number): number {
    let i = at;
    while (i < this.sentence.length && JA_SPACE.includes(this.sentence[i] as string)) i += 1;
    return i;
  }
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && ' \t'.includes(text[i] as string)) i += 1;
  return i;
}

function skipSpacesBack(text: string, at: number): number {
  let i = at;
  while (i > 0 && ' \t'.includes(text[i - 1] as string)) i -= 1;
  return i;
}

// What may stand between a passive Korean verb and the record it names: "대체됨: ADR-5", "대체됨 → ADR-5",
// and an opening bracket, as an English status writes "Superseded (ADR-5)": "대체됨 (ADR-5)", "대체됨（ADR-5 참조）".
// A table row's cell border too, as a field table writes it: "| 대체됨 | ADR-4 |".
function onlySeparatorsBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (!' \t:→-–—(（|'.includes(text[i] as string)) return false;
  return true;
}

/** "대체: [X]": a colon follows the stem ending at `end`, then only separators up to the record at `to`. */
function koreanLabelBetween(text: string, end: number, to: number): boolean {
  const colon = skipSpaces(text, end);
  return (text[colon] === ':' || text[colon] === '：') && onlySeparatorsBetween(text, colon + 1, to);
}
