import type { FilterName } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import type { Candidate, NodeProps } from './candidate';
import type { RunLog } from './retrieval-stages';

/** The three enforcement points, as denied counts name them. */
export const BEFORE_CANDIDATES = 'before_candidates';
export const AFTER_EXPANSION = 'after_expansion';
export const BEFORE_OUTPUT = 'before_output';

/** The request's filters as the enforcement points test a document: the first filter it fails, or null. */
export interface FilterCheck {
  readonly failing: (document: NodeProps) => FilterName | null;
}

/** No request filters: every document passes. */
export const NO_FILTERS: FilterCheck = { failing: () => null };

/** One access decision of the TypeScript compilation of the policy. */
export type AclVerdict = { visible: true } | { visible: false; reason: string; rule: string };

/** The TypeScript compilation of the access policy, as the enforcement points use it. */
export interface AclChecker {
  document(props: Record<string, unknown>, principal: Principal): AclVerdict;
  chunk(chunkProps: Record<string, unknown>, documentProps: Record<string, unknown>, principal: Principal): AclVerdict;
  entity(props: Record<string, unknown>, principal: Principal): AclVerdict;
}

/** The first of `documents` the principal may not see, with the policy's verdict on it; null when it may see them all. */
function hiddenDocument(documents: readonly NodeProps[], checker: AclChecker, principal: Principal): AclVerdict | null {
  for (const document of documents) {
    const verdict = checker.document(document, principal);
    if (!verdict.visible) return verdict;
  }
  return null;
}

/**
 * A chunk's verdict as a row or candidate carries it: its document's, then every other document it
 * is part of (a chunk is visible only when all of them are: deny overrides), then the chunk rule.
 */
export function chunkVerdict(
  entry: { readonly chunk: NodeProps; readonly document: NodeProps; readonly documents: readonly NodeProps[] },
  checker: AclChecker,
  principal: Principal,
): { verdict: AclVerdict; node: 'document' | 'chunk' } {
  const own = checker.document(entry.document, principal);
  if (!own.visible) return { verdict: own, node: 'document' };
  const other = hiddenDocument(entry.documents, checker, principal);
  if (other) return { verdict: other, node: 'document' };
  return { verdict: checker.chunk(entry.chunk, entry.document, principal), node: 'chunk' };
}

/** Why a candidate fails, checking every node on its path; null when it may be shown. */
export function pathDenial(candidate: Candidate, checker: AclChecker, principal: Principal): { reason: string; node: string } | null {
  const documentProps = candidate.document;
  const { verdict, node } = chunkVerdict(candidate, checker, principal);
  if (!verdict.visible) return { reason: verdict.reason, node };
  for (const node of candidate.path) {
    if (node.kind === 'document' && node.props !== documentProps) {
      const verdict = checker.document(node.props, principal);
      if (!verdict.visible) return { reason: verdict.reason, node: 'document' };
    }
    // Claims and evidence carry no ACL of their own: they are visible only through the chunk
    // checked above, which is the chunk they are located in.
  }
  return null;
}

/** A candidate row as the candidate queries return it: `allowed` is the Cypher predicate's verdict. */
export interface CandidateRow {
  readonly chunk_id: string;
  readonly allowed: boolean;
  readonly score: number;
  readonly chunk: NodeProps;
  readonly document: NodeProps;
  /** Every document the chunk is part of, as the query read them. */
  readonly documents: readonly NodeProps[];
}

/** The number of distinct chunk ids among `entries`, what the counts of an enforcement point are out of. */
function distinctChunks(entries: readonly { readonly chunk_id: string }[]): number {
  return new Set(entries.map((entry) => entry.chunk_id)).size;
}

/** Where a post-filter runs: the candidate search it judges (`vector`, `fulltext`, `cypher_template`) and the request's filters. */
export interface PostfilterScope {
  readonly mechanism: string;
  readonly filters: FilterCheck;
}

/**
 * The first document denial of each chunk among `rows`: a chunk part of several documents comes as a
 * row per document, and a document of one row the principal may not see hides the chunk in the others.
 */
function documentDenials(rows: readonly CandidateRow[], checker: AclChecker, principal: Principal): Map<string, AclVerdict> {
  const denials = new Map<string, AclVerdict>();
  for (const row of rows) {
    if (denials.has(row.chunk_id)) continue;
    const { verdict, node } = chunkVerdict(row, checker, principal);
    if (!verdict.visible && node === 'document') denials.set(row.chunk_id, verdict);
  }
  return denials;
}

/**
 * The post-filter of mechanisms that cannot pre-filter: keeps rows both compilations allow and the
 * request's filters keep, and counts the rest, each chunk once: by the TypeScript predicate's reason
 * (access), by the filter it fails (filter). A row the Cypher predicate allowed but the TypeScript
 * one denies is withheld too (fail closed) and counted as `policy_mismatch`. A chunk is judged with
 * every document it is part of, whether a row lists them (`documents`) or they come as rows apart.
 */
export function postfilter(
  rows: readonly CandidateRow[],
  checker: AclChecker,
  principal: Principal,
  log: RunLog,
  scope: PostfilterScope,
): CandidateRow[] {
  const kept: CandidateRow[] = [];
  const judged = distinctChunks(rows);
  const at = { stage: BEFORE_CANDIDATES, mechanism: scope.mechanism, counts: 'chunks' } as const;
  const hiddenBy = documentDenials(rows, checker, principal);
  for (const row of rows) {
    const chunk = hiddenBy.get(row.chunk_id) ?? chunkVerdict(row, checker, principal).verdict;
    const filteredBy = row.allowed && chunk.visible ? scope.filters.failing(row.document) : null;
    if (row.allowed && chunk.visible && filteredBy === null) kept.push(row);
    else if (filteredBy !== null) log.withheld.nodes({ ...at, kind: 'filter', reason: filteredBy }, [row.chunk_id], judged);
    else {
      const reason = row.allowed || chunk.visible ? 'policy_mismatch' : chunk.reason;
      log.withheld.nodes({ ...at, kind: 'access', reason }, [row.chunk_id], judged);
    }
  }
  return kept;
}

/** The first enforcement point for post-filtered mechanisms; switched off with the pre-filter (fault injection only). */
export function postfilterIfEnabled(enabled: boolean, ...args: Parameters<typeof postfilter>): CandidateRow[] {
  return enabled ? postfilter(...args) : [...args[0]];
}

/** The first request filter a document on the candidate's path fails, or null. */
export function pathFilterFailure(candidate: Candidate, filters: FilterCheck): FilterName | null {
  const failed = filters.failing(candidate.document);
  if (failed !== null) return failed;
  for (const node of candidate.path) {
    if (node.kind !== 'document' || node.props === candidate.document) continue;
    const onPath = filters.failing(node.props);
    if (onPath !== null) return onPath;
  }
  return null;
}

/** An entity's id for counting it once: its label and first `…_id` property. */
function entityKey(node: { readonly label: string; readonly id: string }): string {
  return `${node.label}\u0000${node.id}`;
}

/**
 * The after-expansion enforcement point: every node on every candidate's path is re-checked and a
 * path through a node the principal may not see is cut (access); a path through a document the
 * request's filters leave out is cut too (filter). Each cut chunk and each dropped entity is counted
 * once, never shown.
 */
export function recheckAfterExpansion(
  candidates: readonly Candidate[],
  checker: AclChecker,
  principal: Principal,
  log: RunLog,
  filters: FilterCheck = NO_FILTERS,
): Candidate[] {
  const kept: Candidate[] = [];
  const judged = distinctChunks(candidates);
  const entitiesSeen = new Set(candidates.flatMap((candidate) => (candidate.related ?? []).map(entityKey))).size;
  const at = { stage: AFTER_EXPANSION } as const;
  for (const candidate of candidates) {
    const denial = pathDenial(candidate, checker, principal);
    const filteredBy = denial ? null : pathFilterFailure(candidate, filters);
    if (denial)
      log.withheld.nodes(
        { ...at, kind: 'access', reason: `${denial.node}:${denial.reason}`, counts: 'chunks' },
        [candidate.chunk_id],
        judged,
      );
    if (filteredBy)
      log.withheld.nodes({ ...at, kind: 'filter', reason: `document:${filteredBy}`, counts: 'chunks' }, [candidate.chunk_id], judged);
    if (denial || filteredBy) continue;
    // An entity beside a path that the principal may not see is dropped from it, not shown.
    const related = (candidate.related ?? []).filter((node) => {
      const verdict = checker.entity(node.props, principal);
      if (!verdict.visible)
        log.withheld.nodes(
          { ...at, kind: 'access', reason: `entity:${verdict.reason}`, counts: 'entities' },
          [entityKey(node)],
          entitiesSeen,
        );
      return verdict.visible;
    });
    kept.push(candidate.related ? { ...candidate, related } : candidate);
  }
  return kept;
}
