import { isAsciiDigit, skipJsWhitespace, startsWithAsciiWordAt } from './char-class';
import type { AdrLink } from './adr-link';
import type { AdrFacts, AdrStatus } from './adr-record';

/** One parsed ADR with the id of the document node it will become. */
export interface AdrRecord {
  /** The `Document.document_id` the edge endpoints will carry. */
  document_id: string;
  /** The file's name or its path relative to the corpus folder, as given to `parseAdr`. */
  fileName: string;
  facts: AdrFacts;
}

/** Which side stated a supersession, and where: the older ADR or the newer, its status or its body. */
export type SupersessionStatement = 'old_status' | 'old_body' | 'new_status' | 'new_body';

/** One `(:ADR)-[:SUPERSEDED_BY]->(:ADR)` edge, merged from every statement about the pair. */
export interface SupersessionEdge {
  /** The older ADR, the one that is superseded. */
  from_document_id: string;
  /** The newer ADR, the one that supersedes. */
  to_document_id: string;
  /** True only when every statement about the pair says the supersession is partial. */
  partial: boolean;
  /** Where the supersession was stated, in the fixed order old_status, old_body, new_status, new_body. */
  stated_in: SupersessionStatement[];
  /** True when the newer ADR says it supersedes the older one while the older one's status is still accepted, proposed or pending. */
  drift: boolean;
}

/** Why a supersession could not be turned into an edge, or why an edge needs a person's attention. */
export type SupersessionProblemKind =
  | 'unresolved_target'
  | 'ambiguous_target'
  | 'self_reference'
  | 'missing_successor'
  | 'conflicting_extent';

/** A problem found while resolving supersessions; `message` says what to change in which file. */
export interface SupersessionProblem {
  /** What went wrong; see {@link SupersessionProblemKind}. */
  kind: SupersessionProblemKind;
  /** The file that made the statement (for `conflicting_extent`, the older ADR). */
  file: string;
  /** The link target as written, or null when the problem is not about one link. */
  target: string | null;
  /** A sentence naming the file and saying what to change in it. */
  message: string;
}

interface Statement {
  where: SupersessionStatement;
  partial: boolean;
}

interface Pair {
  old: AdrRecord;
  next: AdrRecord;
  statements: Statement[];
}

type Resolution = { record: AdrRecord } | { ambiguous: AdrRecord[] } | null;

const STATEMENT_ORDER: SupersessionStatement[] = ['old_status', 'old_body', 'new_status', 'new_body'];
// States that still present the decision as live; a successor's claim against them is drift.
const LIVE_STATUSES = new Set<AdrStatus>(['accepted', 'proposed', 'pending']);

/**
 * Turns the supersession statements of a set of ADRs into edges, one per (older, newer) pair.
 *
 * Targets resolve by file name (basename, case-insensitive, `.md` optional), then by `adr_id`,
 * then by ADR number (`0003`, `ADR-004`, `#0033`) when exactly one ADR has that number.
 * Statements from both sides of a pair are merged. The edge is partial only when every
 * statement says so: a full supersession is never silently weakened, and a disagreement is
 * reported as `conflicting_extent`.
 *
 * @returns edges in the order their first statement appears, and every problem found
 */
export function resolveSupersessions(records: AdrRecord[]): { edges: SupersessionEdge[]; problems: SupersessionProblem[] } {
  const resolve = indexRecords(records);
  const pairs = new Map<string, Pair>();
  const problems: SupersessionProblem[] = [];
  const withBrokenSuccessor = new Set<AdrRecord>();

  for (const record of records) {
    for (const link of record.facts.links) {
      const found = resolve(link.target);
      const problem = resolutionProblem(record, link, found);
      if (problem || found === null || !('record' in found)) {
        if (problem) problems.push(problem);
        if (link.relation === 'superseded_by') withBrokenSuccessor.add(record);
        continue;
      }
      const [old, next] = link.relation === 'superseded_by' ? [record, found.record] : [found.record, record];
      const key = `${old.document_id}\u0000${next.document_id}`;
      const pair = pairs.get(key) ?? { old, next, statements: [] };
      pairs.set(key, pair);
      const side = record === old ? 'old' : 'new';
      pair.statements.push({ where: `${side}_${link.stated_in}`, partial: link.partial });
    }
  }

  const edges = [...pairs.values()].map((pair) => toEdge(pair, problems));
  for (const record of records) {
    const { status, status_raw } = record.facts;
    if (status !== 'superseded' && status !== 'partly_superseded') continue;
    if (withBrokenSuccessor.has(record) || edges.some((e) => e.from_document_id === record.document_id)) continue;
    problems.push({
      kind: 'missing_successor',
      file: record.fileName,
      target: null,
      message: `${record.fileName}: its status says "${status_raw ?? status}" but no ADR is named as its successor, in it or in any other ADR; add "Superseded by [title](file.md)" to its status, or a "supersedes [title](file.md)" sentence to the newer ADR`,
    });
  }
  return { edges, problems };
}

/** Builds the target resolver over file names, ids and numbers of all records. */
function indexRecords(records: AdrRecord[]): (target: string) => Resolution {
  const byFile = new Map<string, AdrRecord[]>();
  const byId = new Map<string, AdrRecord[]>();
  const byNumber = new Map<number, AdrRecord[]>();
  const put = <K>(map: Map<K, AdrRecord[]>, key: K, record: AdrRecord) => map.set(key, [...(map.get(key) ?? []), record]);
  for (const record of records) {
    put(byFile, baseName(record.fileName).toLowerCase(), record);
    put(byId, record.facts.adr_id.toLowerCase(), record);
    if (record.facts.number !== null) put(byNumber, record.facts.number, record);
  }
  const pick = (found: AdrRecord[] | undefined): Resolution =>
    found === undefined || found.length === 0 ? null : found.length === 1 ? { record: found[0] as AdrRecord } : { ambiguous: found };

  return (target) => {
    // "#0033" is a number reference; anywhere else "#" starts a fragment of a file link.
    const path = target.startsWith('#') ? target : (target.split(/[?#]/)[0] ?? target);
    const base = baseName(decodePath(path)).toLowerCase();
    const stem = base.replace(/\.(?:md|markdown)$/, '');
    const number = numberReference(stem);
    return (
      pick(byFile.get(base)) ??
      pick(byFile.get(`${base}.md`)) ??
      pick(byId.get(stem)) ??
      (number !== undefined ? pick(byNumber.get(Number.parseInt(number, 10))) : null)
    );
  };
}

/** The problem with one link's resolution, or null when it names exactly one other ADR. */
function resolutionProblem(record: AdrRecord, link: AdrLink, found: Resolution): SupersessionProblem | null {
  const where = `${record.fileName}: the supersession link to "${link.target}"`;
  if (found === null) {
    return { kind: 'unresolved_target', file: record.fileName, target: link.target, message: `${where} matches no ADR in this corpus; fix the link target or add that ADR to the folder` };
  }
  if ('ambiguous' in found) {
    const names = found.ambiguous.map((r) => r.fileName).join(', ');
    return { kind: 'ambiguous_target', file: record.fileName, target: link.target, message: `${where} matches ${found.ambiguous.length} ADRs (${names}); link to the file name of the one meant` };
  }
  if (found.record === record) {
    return { kind: 'self_reference', file: record.fileName, target: link.target, message: `${where} points at the ADR itself; point it at the other ADR` };
  }
  return null;
}

/** Merges a pair's statements into one edge; records a problem when they disagree on extent. */
function toEdge(pair: Pair, problems: SupersessionProblem[]): SupersessionEdge {
  const partial = pair.statements.every((s) => s.partial);
  if (!partial && pair.statements.some((s) => s.partial)) {
    problems.push({
      kind: 'conflicting_extent',
      file: pair.old.fileName,
      target: pair.next.fileName,
      message: `${pair.old.fileName} and ${pair.next.fileName} disagree on whether ${pair.old.facts.adr_id} is partly or fully superseded; it counts as fully superseded until every statement says "partly"`,
    });
  }
  const said = new Set(pair.statements.map((s) => s.where));
  return {
    from_document_id: pair.old.document_id,
    to_document_id: pair.next.document_id,
    partial,
    stated_in: STATEMENT_ORDER.filter((where) => said.has(where)),
    drift: pair.statements.some((s) => s.where.startsWith('new_')) && LIVE_STATUSES.has(pair.old.facts.status),
  };
}

/**
 * The number a reference such as `0003`, `ADR-004`, `adr 7` or `#0033` names, without leading
 * zeros (`0` for all zeros); undefined when the text is not such a reference.
 *
 * Same result as `/^(?:adr[-_ ]*)?#?\s*0*(\d+)$/i.exec(stem)?.[1]`, whose `0*(\d+)$` backtracked
 * quadratically on a long run of zeros.
 */
export function numberReference(stem: string): string | undefined {
  let i = 0;
  if (startsWithAsciiWordAt(stem, 0, 'adr')) {
    i = 3;
    while (stem[i] === '-' || stem[i] === '_' || stem[i] === ' ') i += 1;
  }
  if (stem[i] === '#') i += 1;
  i = skipJsWhitespace(stem, i);
  if (i === stem.length) return undefined;
  for (let k = i; k < stem.length; k += 1) if (!isAsciiDigit(stem.charCodeAt(k))) return undefined;
  let firstKept = i;
  while (firstKept < stem.length - 1 && stem[firstKept] === '0') firstKept += 1;
  return stem.slice(firstKept);
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch (error) {
    // A malformed %-escape cannot be decoded, so the target is matched exactly as written.
    if (error instanceof URIError) return path;
    throw error;
  }
}

function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}
