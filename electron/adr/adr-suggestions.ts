// What the records do not say: probably-stale ADRs the graph does not mark, each with its evidence
// and a score, computed from the records' own text as one read of the graph returned it. Pure (no
// Neo4j), so it is tested directly and measured on labelled fixtures. Nothing here is ever applied:
// a person confirms a suggestion with a mark.
//
// Which records get suggestions: an ADR with no local mark, no supersession edge its own record agrees
// with (a drift edge, which only the newer record states, does not count: the older record still
// reads as in force), and a status that is not rejected or deprecated (those say what they are).
// Kinds (a), (b) and (c) are for records whose status still reads as live (accepted, proposed,
// pending, unknown); kind (d) is for a superseded status with no successor.
//
// Score = base(kind) × strength(wording) × subject(T, S) × source(status of S) × order(T, S), in [0, 1]:
//   base      replacement_wording 0.95, update_note 0.85, opposite_decision 0.8, unnamed_successor 0.75
//   strength  replacement: strong verb (supersede, replace, obsolete, 대체, 폐기 …) 1, weaker (instead of,
//             no longer, 대신, 전환 …) 0.85, a drift edge 1; opposite: names what it leaves behind 1,
//             only what it adopts 0.8; update note: about itself by name 1, in an update note 0.9
//   subject   replacement 0.8 + 0.2·sim (the record is named; similarity only ranks); opposite and
//             unnamed successor 0.5 + 0.5·sim (see SubjectIndex); update note 1
//   source    the newer record S is accepted 1; superseded, partly superseded or deprecated 0.9;
//             proposed, pending or unknown 0.75; a rejected record is never a source
//   order     S is dated after T 1; only its record number is higher 0.9; otherwise S is not newer and
//             gives nothing
// A suggestion scoring under MIN_SCORE is dropped; per record and successor the best kind is kept,
// and at most MAX_PER_RECORD suggestions, best first.
import type { AdrSuccessor, AdrSuggestion, AdrSuggestionKind } from '../../shared/adr-marks';
import { adrReferences } from '../corpus/adr-reference-scan';
import { AdrTargetIndex, type IndexedRecord } from '../corpus/adr-target-index';
import { bodyReferences, visibleLines } from '../corpus/adr-lines';
import { linkTarget, statementsIn, type Statement, type StatementContext } from '../corpus/adr-statements';
import { citedRecords, SentenceRecords } from '../corpus/adr-subject';
import { recordsNotObjectsOfVerbs } from '../corpus/adr-verb-objects';
import { markdownTextLinks, type ReferenceDefinitions } from '../corpus/markdown-reference-links';
import {
  namedAsAgent,
  namedAsChosen,
  oppositeCues,
  quoteOf,
  replacementWording,
  sentencesOf,
  updateNote,
  type Sentence,
} from './suggestion-cues';
import { SubjectIndex, subjectTerms } from './suggestion-terms';

/** One ADR as the suggestions read it. */
export interface SuggestionRecord {
  readonly document_id: string;
  readonly adr_id: string | null;
  readonly title: string | null;
  /** The decision state (accepted, rejected, superseded …), null when the graph has none. */
  readonly status: string | null;
  readonly status_text: string | null;
  readonly decided_at: string | null;
  /** The record's path as loaded (or its address): resolves links and groups records by folder. */
  readonly path: string;
  /** The record's text (its chunks in order). */
  readonly text: string;
  /** The entities the graph links the record to, by a key stable within one read. */
  readonly entities: readonly string[];
  /** Its supersession edges in the graph. */
  readonly successors: readonly AdrSuccessor[];
  /** A local stale mark is in force. */
  readonly marked: boolean;
}

/** Suggestions under this score are not shown. */
export const MIN_SCORE = 0.3;
/** At most this many suggestions per record. */
export const MAX_PER_RECORD = 3;
const MAX_EVIDENCE = 3;
const BASE: Readonly<Record<AdrSuggestionKind, number>> = {
  replacement_wording: 0.95,
  update_note: 0.85,
  opposite_decision: 0.8,
  unnamed_successor: 0.75,
};
/** An opposite decision needs at least this subject similarity; one that names only what it adopts, OPEN_OPPOSITE_SIMILARITY. */
const OPPOSITE_SIMILARITY = 0.1;
const OPEN_OPPOSITE_SIMILARITY = 0.3;
/** A successor proposed for an unnamed one needs at least this similarity. */
const SUCCESSOR_SIMILARITY = 0.12;
const LIVE = new Set(['accepted', 'proposed', 'pending', 'unknown']);
const SUPERSEDED = new Set(['superseded', 'partly_superseded']);

interface Indexed extends IndexedRecord {
  readonly record: SuggestionRecord;
  /** The record's link reference definitions, by which its reference-style links name records. */
  readonly definitions: ReferenceDefinitions;
  readonly sentences: readonly Sentence[];
  readonly time: number | null;
}

interface Candidate {
  readonly target: string;
  readonly kind: AdrSuggestionKind;
  readonly successor: Indexed | null;
  readonly quotes: ReadonlyArray<{ from: Indexed; quote: string }>;
  readonly score: number;
}

/** Everything a pass needs: the records, their index by every way a record is named, and subject similarity. */
interface Context {
  readonly records: readonly Indexed[];
  readonly targets: AdrTargetIndex<Indexed>;
  readonly subjects: SubjectIndex;
}

const numberOf = (record: SuggestionRecord): number | null => {
  const digits = /(\d+)/.exec(record.adr_id ?? '') ?? /^(\d+)/.exec(record.path.slice(record.path.lastIndexOf('/') + 1));
  return digits ? Number.parseInt(digits[1] as string, 10) : null;
};
const folderOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));
const ref = (indexed: Indexed) => ({ document_id: indexed.record.document_id, adr_id: indexed.record.adr_id });

function indexRecord(record: SuggestionRecord): Indexed {
  const time = record.decided_at === null ? Number.NaN : Date.parse(record.decided_at);
  const references = bodyReferences(visibleLines(record.text));
  return {
    fileName: record.path,
    facts: { adr_id: record.adr_id ?? record.document_id, number: numberOf(record), title: record.title },
    record,
    definitions: references.definitions,
    sentences: sentencesOf(record.text, references),
    time: Number.isNaN(time) ? null : time,
  };
}

/** The order factor when `source` is newer than `target`, or null when it is not. */
function newer(target: Indexed, source: Indexed): number | null {
  if (target.time !== null && source.time !== null && target.time !== source.time) return source.time > target.time ? 1 : null;
  const [t, s] = [target.facts.number, source.facts.number];
  return t !== null && s !== null && s > t ? 0.9 : null;
}

function sourceFactor(status: string | null): number | null {
  if (status === 'rejected') return null;
  if (status === 'accepted') return 1;
  return status !== null && (SUPERSEDED.has(status) || status === 'deprecated') ? 0.9 : 0.75;
}

/** May get suggestions at all: not marked, no edge its own record agrees with, not rejected or deprecated. */
function open(record: SuggestionRecord): boolean {
  return !record.marked && !record.successors.some((s) => !s.drift) && record.status !== 'rejected' && record.status !== 'deprecated';
}
const live = (record: SuggestionRecord) => open(record) && (record.status === null || LIVE.has(record.status));

/** Whether a title has the term, or a term one begins with the other of at least five letters ("mongo" and "mongodb"). */
function inTitle(title: ReadonlySet<string>, term: string): boolean {
  if (title.has(term)) return true;
  for (const word of title) {
    const [short, long] = word.length < term.length ? [word, term] : [term, word];
    if (short.length >= 5 && long.startsWith(short)) return true;
  }
  return false;
}

/**
 * The records a sentence names by link (inline, or reference-style by a definition of its record) or
 * reference, with the text that follows each name, in the order they are written. A record the
 * sentence cites as its source or names in a clause of its own ("… supersedes ADR-0003, as ADR-0005
 * states", "(see ADR-0005)", "because ADR-0005 failed"), or a list of them ("as ADR-0005 and ADR-0006
 * say"), is left out when it names another it does not cite, as the record reader reads it; so is one
 * no object of the supersession verb before it ("… replaces ADR-0006 and builds on ADR-0005", "… with
 * the scraper described in ADR-0005": see recordsNotObjects). `wording`: the sentence without the clauses
 * of such records, whose words ("builds on") say nothing of the records the verb replaces, and without
 * the destinations of its links (a file name, `0014-replace-terraform-cloud.md`, is no wording); each
 * record's `start` and `end` place its name in it, of the sentence's length.
 */
function namedIn(
  sentence: string,
  from: Indexed,
  context: Context,
): { records: Array<{ named: Indexed; after: string; start: number; end: number }>; wording: string } {
  const names: Array<{ target: string; form: 'link' | 'reference'; start: number; end: number; text: string }> = [];
  const links = markdownTextLinks(sentence, from.definitions).filter((link) => link.defined && !link.image);
  const insideLink = (at: number) => links.some((link) => at >= link.start && at < link.end);
  const references = adrReferences(sentence);
  for (const link of links) {
    const target = linkTarget(link, references);
    if (target !== null) names.push({ target: target.text, form: target.form, start: link.start, end: link.end, text: target.text });
  }
  for (const reference of references)
    if (!insideLink(reference.start)) {
      const { start, end } = reference;
      names.push({ target: reference.reference, form: 'reference', start, end, text: reference.reference });
    }
  names.sort((a, b) => a.start - b.start);
  const cited = citedRecords(sentence, names, new SentenceRecords(sentence, names, () => false));
  const notObjects = recordsNotObjectsOfVerbs(sentence, names);
  const out: Array<{ named: Indexed; after: string; start: number; end: number }> = [];
  names.forEach((name, index) => {
    if ((cited[index] === true && cited.includes(false)) || notObjects[index] === true) return;
    const found = resolved(name.target, name.form, from, context);
    if (found !== null && found !== from) out.push({ named: found, after: sentence.slice(name.end), start: name.start, end: name.end });
  });
  const destinations = markdownTextLinks(sentence, from.definitions).map((link) => ({ start: link.textEnd + 1, end: link.end }));
  return { records: out, wording: blanked(withoutClauses(sentence, names, notObjects), destinations) };
}

/** `text` with each span (in order, not overlapping) replaced by spaces, of its length. */
function blanked(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  let out = '';
  let copied = 0;
  for (const { start, end } of spans) {
    if (start < copied || end <= start) continue;
    out += text.slice(copied, start) + ' '.repeat(end - start);
    copied = end;
  }
  return out + text.slice(copied);
}

/** The sentence with each run of records cut off as no objects blanked, from the end of the record before it. */
function withoutClauses(sentence: string, spans: ReadonlyArray<{ start: number; end: number }>, cut: readonly boolean[]): string {
  if (!cut.includes(true)) return sentence;
  let out = '';
  let copied = 0;
  cut.forEach((isCut, index) => {
    if (!isCut) return;
    const from = Math.max(copied, (spans[index - 1] as { end: number }).end);
    const to = (spans[index] as { end: number }).end;
    out += sentence.slice(copied, from) + ' '.repeat(to - from);
    copied = to;
  });
  return out + sentence.slice(copied);
}

function candidate(
  target: Indexed,
  kind: AdrSuggestionKind,
  successor: Indexed | null,
  quotes: Candidate['quotes'],
  factors: number[],
): Candidate {
  return { target: target.record.document_id, kind, successor, quotes, score: factors.reduce((p, f) => p * f, BASE[kind]) };
}

/** (a) A newer record names the target with replacement wording; (b) it decides the opposite of the target's subject. */
function fromSource(source: Indexed, context: Context): Candidate[] {
  const factor = sourceFactor(source.record.status);
  if (factor === null) return [];
  const out: Candidate[] = [];
  for (const sentence of source.sentences) {
    const { records: named, wording } = namedIn(sentence.text, source, context);
    const strength = named.length > 0 ? replacementWording(wording) : null;
    // A sentence in which the record reader finds no supersession of the source's own may be about two
    // other records ("ADR-0003 is superseded by ADR-0005", written in ADR-0007): each is read as its own.
    const aboutOthers = strength !== null && statementsIn(sentence.text, readAs(source, source, context)).length === 0;
    for (const { named: target, after, start, end } of named) {
      const order = newer(target, source);
      // The record's own name ("our decision to [replace Terraform Cloud](0014-…)") is no wording about it.
      const own = strength === null ? null : replacementWording(blanked(wording, [{ start, end }]));
      if (own === null || order === null || !open(target.record) || namedAsAgent(after) || namedAsChosen(wording.slice(0, start))) continue;
      const asTarget = aboutOthers ? readAsTarget(sentence.text, target, source, context) : { replaces: false, replacedBy: null };
      if (asTarget.replaces) continue;
      const subject = 0.8 + 0.2 * context.subjects.similarity(target.record.document_id, source.record.document_id);
      const quotes = [{ from: source, quote: quoteOf(sentence.text) }];
      const successor = asTarget.replacedBy ?? source;
      out.push(candidate(target, 'replacement_wording', successor, quotes, [own === 'strong' ? 1 : 0.85, subject, factor, order]));
    }
    if (!sentence.inOptions)
      out.push(
        ...oppositeFrom(
          source,
          sentence,
          named.map((n) => n.named),
          factor,
          context,
        ),
      );
  }
  return out;
}

/** The record a target as written in `source` names, or null. */
function resolved(text: string, form: Statement['form'], source: Indexed, context: Context): Indexed | null {
  const found = context.targets.resolve({ target: text, form }, source);
  return found !== null && 'record' in found ? found.record : null;
}

/**
 * The record reader's context for a sentence of `source` read as `self`'s own text, with the forms
 * it reads in a status ("ADR-0003 was replaced by ADR-0005": in prose it reads no "replaced by").
 */
function readAs(self: Indexed, source: Indexed, context: Context): StatementContext {
  const isSelf = (text: string) =>
    resolved(text, 'reference', source, context) === self || resolved(text, 'link', source, context) === self;
  return { isSelf, definitions: source.definitions, inStatus: true };
}

/**
 * A sentence about two other records read by the record reader as if `target` had written it:
 * whether it then says the target replaces a record (`replaces`: "ADR-0003 is superseded by
 * ADR-0005" names ADR-0005 as the replacer, not a record to suggest), and which other record than
 * `source` it says replaces the target (`replacedBy`: "ADR-0003 states that ADR-0005 supersedes it",
 * written in ADR-0007, names ADR-0005 as ADR-0003's successor; ADR-0007 only says so).
 */
function readAsTarget(
  sentence: string,
  target: Indexed,
  source: Indexed,
  context: Context,
): { replaces: boolean; replacedBy: Indexed | null } {
  const statements = statementsIn(sentence, readAs(target, source, context));
  const named = (statement: Statement) => resolved(statement.target, statement.form, source, context);
  const replacedBy = statements
    .filter((statement) => statement.relation === 'superseded_by')
    .map(named)
    .find((record) => record !== null && record !== target && record !== source);
  const replaces = statements.some((statement) => statement.relation === 'supersedes' && named(statement) !== target);
  return { replaces, replacedBy: replacedBy ?? null };
}

function oppositeFrom(source: Indexed, sentence: Sentence, named: readonly Indexed[], factor: number, context: Context): Candidate[] {
  const out: Candidate[] = [];
  for (const cue of oppositeCues(sentence.text)) {
    const dropped = new Set(subjectTerms(cue.dropped ?? ''));
    const adopted = new Set(subjectTerms(cue.adopted ?? ''));
    for (const target of context.records) {
      const order = target === source || named.includes(target) ? null : newer(target, source);
      if (order === null || !live(target.record) || folderOf(target.fileName) !== folderOf(source.fileName)) continue;
      const title = context.subjects.titleTerms(target.record.document_id);
      const similarity = context.subjects.similarity(target.record.document_id, source.record.document_id);
      const leaves = [...dropped].some((term) => inTitle(title, term) && !adopted.has(term));
      const openEnded = dropped.size === 0 && adopted.size > 0 && ![...adopted].some((term) => title.has(term));
      if (!(leaves && similarity >= OPPOSITE_SIMILARITY) && !(openEnded && similarity >= OPEN_OPPOSITE_SIMILARITY)) continue;
      const quotes = [{ from: source, quote: quoteOf(sentence.text) }];
      out.push(candidate(target, 'opposite_decision', source, quotes, [leaves ? 1 : 0.8, 0.5 + 0.5 * similarity, factor, order]));
    }
  }
  return out;
}

/** (a) for a drift edge: the newer record's words about the target, which the target's own record does not echo. */
function fromDrift(target: Indexed, byId: ReadonlyMap<string, Indexed>, context: Context): Candidate[] {
  if (!live(target.record)) return [];
  return target.record.successors.flatMap((edge) => {
    const source = byId.get(edge.document_id);
    if (!edge.drift || source === undefined) return [];
    const naming = source.sentences.filter((s) => namedIn(s.text, source, context).records.some((n) => n.named === target));
    const quotes = (naming.length > 0 ? naming.map((s) => s.text) : [source.record.title ?? source.record.document_id]).map((text) => ({
      from: source,
      quote: quoteOf(text),
    }));
    const subject = 0.8 + 0.2 * context.subjects.similarity(target.record.document_id, source.record.document_id);
    return [candidate(target, 'replacement_wording', source, quotes, [1, subject, sourceFactor(source.record.status) ?? 0.75])];
  });
}

/** (c) The target's own body says it is no longer in force; a newer record it names there is its successor. */
function fromUpdateNotes(target: Indexed, context: Context): Candidate[] {
  if (!live(target.record)) return [];
  const out: Candidate[] = [];
  for (const sentence of target.sentences) {
    const form = updateNote(sentence);
    if (form === null) continue;
    const named = namedIn(sentence.text, target, context).records.map((n) => n.named);
    const successor = named.find((other) => newer(target, other) !== null) ?? null;
    if (named.length > 0 && successor === null && form === 'update_line') continue;
    const quotes = [{ from: target, quote: quoteOf(sentence.text) }];
    out.push(candidate(target, 'update_note', successor, quotes, [form === 'self' ? 1 : 0.9]));
  }
  return out;
}

/** (d) The target's status says superseded and no edge names a successor: the newer record naming it with replacement wording, else the likeliest by subject. */
function fromUnnamedSuccessor(target: Indexed, context: Context, named: readonly Candidate[]): Candidate[] {
  const status = target.record.status;
  if (status === null || !SUPERSEDED.has(status) || !open(target.record) || target.record.successors.length > 0) return [];
  const own = { from: target, quote: quoteOf(target.record.status_text ?? status) };
  const naming = named
    .filter((c) => c.target === target.record.document_id && c.kind === 'replacement_wording')
    .sort((a, b) => b.score - a.score)[0];
  if (naming?.successor) return [candidate(target, 'unnamed_successor', naming.successor, [own, ...naming.quotes], [1])];
  let best: { source: Indexed; similarity: number; order: number } | null = null;
  for (const source of context.records) {
    const order = source === target || folderOf(source.fileName) !== folderOf(target.fileName) ? null : newer(target, source);
    if (order === null || sourceFactor(source.record.status) === null) continue;
    const similarity = context.subjects.similarity(target.record.document_id, source.record.document_id);
    if (similarity >= SUCCESSOR_SIMILARITY && (best === null || similarity * order > best.similarity * best.order))
      best = { source, similarity, order };
  }
  if (best === null) return [candidate(target, 'unnamed_successor', null, [own], [0.5])];
  const theirs = { from: best.source, quote: quoteOf(best.source.record.title ?? best.source.record.document_id) };
  return [candidate(target, 'unnamed_successor', best.source, [own, theirs], [0.5 + 0.5 * best.similarity, best.order])];
}

/**
 * The suggestions for every record, by document id, best first (records without any are left out).
 * Deterministic: the same records give the same suggestions in the same order.
 */
export function suggestStaleness(records: readonly SuggestionRecord[]): Map<string, AdrSuggestion[]> {
  const indexed = records.map(indexRecord);
  const context: Context = {
    records: indexed,
    targets: new AdrTargetIndex(indexed),
    subjects: new SubjectIndex(records.map((r) => ({ id: r.document_id, title: r.title, text: r.text, entities: r.entities }))),
  };
  const byId = new Map(indexed.map((entry) => [entry.record.document_id, entry]));
  const named = indexed.flatMap((source) => fromSource(source, context));
  const all = [
    ...named,
    ...indexed.flatMap((target) => [
      ...fromDrift(target, byId, context),
      ...fromUpdateNotes(target, context),
      ...fromUnnamedSuccessor(target, context, named),
    ]),
  ];
  // A record whose status says superseded gets only (d); the names found for it chose its successor there.
  const shown = (c: Candidate) => c.kind === 'unnamed_successor' || live((byId.get(c.target) as Indexed).record);
  return rank(all.filter((c) => c.score >= MIN_SCORE && shown(c)));
}

const KIND_ORDER: readonly AdrSuggestionKind[] = ['replacement_wording', 'unnamed_successor', 'update_note', 'opposite_decision'];

/** Merges candidates per record and successor (the best kind wins, evidence gathered), then keeps the best few per record. */
function rank(candidates: readonly Candidate[]): Map<string, AdrSuggestion[]> {
  const merged = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.target}\u0000${c.successor?.record.document_id ?? `-${c.kind}`}`;
    const held = merged.get(key);
    if (held === undefined) merged.set(key, c);
    else {
      const [best, other] = better(c, held) ? [c, held] : [held, c];
      const quotes = [
        ...best.quotes,
        ...other.quotes.filter((q) => best.kind === other.kind && !best.quotes.some((b) => b.quote === q.quote)),
      ];
      merged.set(key, { ...best, quotes });
    }
  }
  const out = new Map<string, AdrSuggestion[]>();
  for (const c of [...merged.values()].sort((a, b) => (better(a, b) ? -1 : 1))) {
    const list = out.get(c.target) ?? [];
    if (list.length < MAX_PER_RECORD) list.push(suggestion(c));
    out.set(c.target, list);
  }
  return out;
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.kind !== b.kind) return KIND_ORDER.indexOf(a.kind) < KIND_ORDER.indexOf(b.kind);
  return (a.successor?.record.document_id ?? '') < (b.successor?.record.document_id ?? '');
}

function suggestion(c: Candidate): AdrSuggestion {
  return {
    kind: c.kind,
    successor: c.successor === null ? null : ref(c.successor),
    evidence: c.quotes.slice(0, MAX_EVIDENCE).map((q) => ({ ...ref(q.from), quote: q.quote })),
    score: Math.round(Math.min(1, c.score) * 1000) / 1000,
  };
}
