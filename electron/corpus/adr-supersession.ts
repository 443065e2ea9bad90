import { translationTags } from './adr-translation';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { demoLoadMessage } from '../../shared/demo-load-messages';
import type { AdrLink } from './adr-link';
import type { AdrFacts, AdrStatus } from './adr-record';
import { isWebAddress, namesOutsideSuccessor } from './adr-statements';
import { AdrTargetIndex, type Resolution } from './adr-target-index';
import { appendTo } from '../../shared/map-list';

export { numberReference } from './adr-target-index';

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
  /** True when only the newer ADR states the supersession while the older one's own status still says accepted, proposed or pending. */
  drift: boolean;
}

/** Why a supersession could not be turned into an edge, or why an edge needs a person's attention. */
export type SupersessionProblemKind =
  | 'unresolved_target'
  | 'not_a_record'
  | 'ambiguous_target'
  | 'self_reference'
  | 'missing_successor'
  | 'conflicting_extent'
  | 'shared_id'
  | 'renamed_target';

/** A problem found while resolving supersessions; `message` says what to change in which file. */
export interface SupersessionProblem {
  /** What went wrong; see {@link SupersessionProblemKind}. */
  kind: SupersessionProblemKind;
  /** The file that made the statement (for `conflicting_extent`, the older ADR). */
  file: string;
  /** The link target as written, or null when the problem is not about one link. */
  target: string | null;
  /** A sentence naming the file and saying what to change in it (English, worded from `said`). */
  message: string;
  /** The sentence as a message code with parameters. */
  said: CoreMessage;
}

/** A problem with its English sentence worded from its code, so the two never drift apart. */
function problem(kind: SupersessionProblemKind, file: string, target: string | null, said: CoreMessage): SupersessionProblem {
  return { kind, file, target, message: coreEnglish(said), said };
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

const STATEMENT_ORDER: SupersessionStatement[] = ['old_status', 'old_body', 'new_status', 'new_body'];
// States that still present the decision as live; a successor's claim against them is drift.
const LIVE_STATUSES = new Set<AdrStatus>(['accepted', 'proposed', 'pending']);

/**
 * Turns the supersession statements of a set of ADRs into edges, one per (older, newer) pair.
 *
 * Targets resolve as {@link AdrTargetIndex} says: links by their path in the corpus, then by file
 * name (also from a repository URL), references by file name, `adr_id` or a number that exactly one
 * ADR has, titles by title.
 * Statements from both sides of a pair are merged. The edge is partial only when every
 * statement says so: a full supersession is never silently weakened, and a disagreement is
 * reported as `conflicting_extent`.
 *
 * @returns edges in the order their first statement appears, and every problem found
 */
export function resolveSupersessions(
  records: AdrRecord[],
  otherDocuments: readonly OtherDocument[] = [],
): { edges: SupersessionEdge[]; problems: SupersessionProblem[] } {
  const index = new AdrTargetIndex(records);
  const others = new AdrTargetIndex(
    otherDocuments.map((doc) => ({ fileName: doc.fileName, facts: { adr_id: doc.fileName, number: null, title: doc.title } })),
  );
  const pairs = new Map<string, Pair>();
  const problems: SupersessionProblem[] = [];
  const withBrokenSuccessor = new Set<AdrRecord>();

  for (const record of records) {
    for (const link of record.facts.links) {
      const named = index.resolve(link, record);
      // A link to a file that is not there, whose name starts with the number of one record beside it, names that record.
      const renamed = named === null ? index.byLinkNumber(link, record) : null;
      if (renamed) problems.push(renamedTarget(record, link, renamed));
      const found = renamed ? { record: renamed } : named;
      const elsewhere = found === null ? notARecord(record, link, others) : null;
      // A successor outside the folder of records (`Superseded by PR #123`, `RFC-7`, a web page, another repository's record)
      // is named, not missing: no edge, no problem (the record keeps it as `successor_outside`).
      if (found === null && elsewhere === null && namesOutsideSuccessor(link.target)) continue;
      const problem = elsewhere ?? resolutionProblem(record, link, found);
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
  const withSuccessor = new Set(edges.map((e) => e.from_document_id));
  for (const record of records) {
    const { status, status_raw } = record.facts;
    if (status !== 'superseded' && status !== 'partly_superseded') continue;
    if (withBrokenSuccessor.has(record) || withSuccessor.has(record.document_id)) continue;
    // Moving a record into `superseded/` or `obsolete/`, or renaming it `…-superseded.md`, is the team's way of saying
    // so: no successor is asked of it.
    const placed = record.facts.status_source === 'folder' || record.facts.status_source === 'file_name';
    if (placed || record.facts.successor_outside !== null) continue;
    problems.push(
      problem(
        'missing_successor',
        record.fileName,
        null,
        demoLoadMessage('adr_missing_successor', { file: record.fileName, status: status_raw ?? status }),
      ),
    );
  }
  problems.push(...sharedIds(records));
  return { edges, problems };
}

/**
 * Records whose successor was taken for one outside the records (`Superseded by RFC-013`, as an RFC or a pull
 * request is named) while a record of the corpus is it (`docs/rfcs/RFC-013-use-nats.md`), with an edge to it: their
 * `successor_outside` is cleared, and their document ids returned, so the successor is not named as outside too.
 */
export function settleOutsideSuccessors(records: AdrRecord[], edges: readonly SupersessionEdge[]): Set<string> {
  const index = new AdrTargetIndex(records);
  const joined = new Set(edges.map((e) => `${e.from_document_id}\u0000${e.to_document_id}`));
  const settled = new Set<string>();
  for (const record of records) {
    const outside = record.facts.successor_outside;
    if (outside === null) continue;
    const found = index.resolve({ target: outside, form: isWebAddress(outside) ? 'link' : 'reference' }, record);
    const next = found !== null && 'record' in found ? found.record.document_id : null;
    if (next === null || !joined.has(`${record.document_id}\u0000${next}`)) continue;
    record.facts = { ...record.facts, successor_outside: null, successor_outside_partial: false };
    settled.add(record.document_id);
  }
  return settled;
}

/**
 * A record's successor outside the records as its loaded document carries it (`LoadedDocument.adr`): nothing when it
 * names none, `successor_outside_partial` only when that successor replaces a part.
 */
export function outsideFields(facts: Pick<AdrFacts, 'successor_outside' | 'successor_outside_partial'>): {
  successor_outside?: string;
  successor_outside_partial?: true;
} {
  if (facts.successor_outside === null) return {};
  return facts.successor_outside_partial
    ? { successor_outside: facts.successor_outside, successor_outside_partial: true }
    : { successor_outside: facts.successor_outside };
}

/** The warning for a link read by its number: the file it names is not there. */
function renamedTarget(record: AdrRecord, link: AdrLink, found: AdrRecord): SupersessionProblem {
  return problem(
    'renamed_target',
    record.fileName,
    link.target,
    demoLoadMessage('adr_renamed_target', {
      file: record.fileName,
      target: link.target,
      found: found.fileName,
      number: found.facts.number ?? '',
    }),
  );
}

/**
 * Records of one folder that carry the same id (`ADR-003-draft-x.md` and `ADR-003-y.md`): a reference
 * to that id cannot tell them apart, so each group is named once; copies of one record in several
 * languages are not, as a reference is read in the writer's language. Folders of their own may reuse
 * numbers (one series per domain), so only records side by side are compared.
 */
function sharedIds(records: readonly AdrRecord[]): SupersessionProblem[] {
  const groups = new Map<string, AdrRecord[]>();
  for (const record of records) {
    const folder = record.fileName.includes('/') ? record.fileName.slice(0, record.fileName.lastIndexOf('/')) : '';
    const key = `${folder}\u0000${record.facts.adr_id.toLowerCase()}`;
    appendTo(groups, key, record);
  }
  return (
    [...groups.values()]
      // Copies of one record in several languages (`0003-x.md`, `0003-x-de.md`) share its id as they should.
      .filter((group) => group.length > 1 && translationTags(group.map((record) => record.fileName)) === null)
      .map((group) => {
        const [first] = group as [AdrRecord, ...AdrRecord[]];
        const files = group.map((record) => record.fileName).join(', ');
        return problem('shared_id', first.fileName, null, demoLoadMessage('adr_shared_id', { files, adr_id: first.facts.adr_id }));
      })
  );
}

/** A document of the corpus that is not an ADR, by the name an ADR uses for it. */
export interface OtherDocument {
  readonly fileName: string;
  readonly title: string | null;
}

/** The problem with a target that names a document of the corpus that is not an ADR, or null when it does not. */
function notARecord(
  record: AdrRecord,
  link: AdrLink,
  others: AdrTargetIndex<{ fileName: string; facts: { adr_id: string; number: null; title: string | null } }>,
): SupersessionProblem | null {
  const found = others.resolve(link, record);
  if (found === null || !('record' in found)) return null;
  return problem(
    'not_a_record',
    record.fileName,
    link.target,
    demoLoadMessage('adr_not_a_record', { file: record.fileName, target: link.target, found: found.record.fileName }),
  );
}

/** The problem with one link's resolution, or null when it names exactly one other ADR. */
function resolutionProblem(record: AdrRecord, link: AdrLink, found: Resolution<AdrRecord>): SupersessionProblem | null {
  const where = {
    file: record.fileName,
    target: link.target,
    how: [demoLoadMessage(`ref_how_${link.form}`)],
    named: [demoLoadMessage(link.relation === 'superseded_by' ? 'ref_named_successor' : 'ref_named_replaced')],
  };
  if (found === null) {
    const what = [demoLoadMessage(`ref_fix_${link.form}`)];
    return problem('unresolved_target', record.fileName, link.target, demoLoadMessage('adr_unresolved_target', { ...where, what }));
  }
  if ('ambiguous' in found) {
    const names = found.ambiguous.map((r) => r.fileName).join(', ');
    const said = demoLoadMessage('adr_ambiguous_target', { ...where, count: found.ambiguous.length, names });
    return problem('ambiguous_target', record.fileName, link.target, said);
  }
  if (found.record === record) {
    return problem('self_reference', record.fileName, link.target, demoLoadMessage('adr_self_reference', where));
  }
  return null;
}

/** Merges a pair's statements into one edge; records a problem when they disagree on extent. */
function toEdge(pair: Pair, problems: SupersessionProblem[]): SupersessionEdge {
  const partial = pair.statements.every((s) => s.partial);
  if (!partial && pair.statements.some((s) => s.partial)) {
    problems.push(
      problem(
        'conflicting_extent',
        pair.old.fileName,
        pair.next.fileName,
        demoLoadMessage('adr_conflicting_extent', { old: pair.old.fileName, next: pair.next.fileName, adr_id: pair.old.facts.adr_id }),
      ),
    );
  }
  const said = new Set(pair.statements.map((s) => s.where));
  return {
    from_document_id: pair.old.document_id,
    to_document_id: pair.next.document_id,
    partial,
    stated_in: STATEMENT_ORDER.filter((where) => said.has(where)),
    // The older record naming its successor itself (even only in its body) is aware of it: no drift.
    drift: pair.statements.every((s) => s.where.startsWith('new_')) && LIVE_STATUSES.has(pair.old.facts.status),
  };
}
