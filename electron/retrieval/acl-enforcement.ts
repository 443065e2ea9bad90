import type { Principal } from '../../shared/principal';
import type { Candidate, NodeProps } from './candidate';
import type { RunLog } from './retrieval-stages';

/** The three enforcement points, as denied counts name them. */
export const BEFORE_CANDIDATES = 'before_candidates';
export const AFTER_EXPANSION = 'after_expansion';
export const BEFORE_OUTPUT = 'before_output';

/** One access decision of the TypeScript compilation of the policy. */
export type AclVerdict = { visible: true } | { visible: false; reason: string; rule: string };

/** The TypeScript compilation of the access policy, as the enforcement points use it. */
export interface AclChecker {
  document(props: Record<string, unknown>, principal: Principal): AclVerdict;
  chunk(chunkProps: Record<string, unknown>, documentProps: Record<string, unknown>, principal: Principal): AclVerdict;
  entity(props: Record<string, unknown>, principal: Principal): AclVerdict;
}

/** Why a candidate fails, checking every node on its path; null when it may be shown. */
export function pathDenial(candidate: Candidate, checker: AclChecker, principal: Principal): { reason: string; node: string } | null {
  const documentProps = candidate.document;
  const documentVerdict = checker.document(documentProps, principal);
  if (!documentVerdict.visible) return { reason: documentVerdict.reason, node: 'document' };
  const chunkVerdict = checker.chunk(candidate.chunk, documentProps, principal);
  if (!chunkVerdict.visible) return { reason: chunkVerdict.reason, node: 'chunk' };
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
}

/**
 * The post-filter of mechanisms that cannot pre-filter: keeps rows both compilations allow and
 * counts the rest by the TypeScript predicate's reason. A row the Cypher predicate allowed but the
 * TypeScript one denies is withheld too (fail closed) and counted as `policy_mismatch`.
 */
export function postfilter(rows: readonly CandidateRow[], checker: AclChecker, principal: Principal, log: RunLog): CandidateRow[] {
  const kept: CandidateRow[] = [];
  for (const row of rows) {
    const document = checker.document(row.document, principal);
    const chunk = document.visible ? checker.chunk(row.chunk, row.document, principal) : document;
    if (row.allowed && chunk.visible) kept.push(row);
    else if (row.allowed) log.deny(BEFORE_CANDIDATES, 'policy_mismatch');
    else log.deny(BEFORE_CANDIDATES, chunk.visible ? 'policy_mismatch' : chunk.reason);
  }
  return kept;
}

/** The first enforcement point for post-filtered mechanisms; switched off with the pre-filter (fault injection only). */
export function postfilterIfEnabled(
  enabled: boolean,
  rows: readonly CandidateRow[],
  checker: AclChecker,
  principal: Principal,
  log: RunLog,
): CandidateRow[] {
  return enabled ? postfilter(rows, checker, principal, log) : [...rows];
}

/**
 * The after-expansion enforcement point: every node on every candidate's path is re-checked and a
 * path through a node the principal may not see is cut; the cut is counted, never shown.
 */
export function recheckAfterExpansion(
  candidates: readonly Candidate[],
  checker: AclChecker,
  principal: Principal,
  log: RunLog,
): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    const denial = pathDenial(candidate, checker, principal);
    if (denial) {
      log.deny(AFTER_EXPANSION, `${denial.node}:${denial.reason}`);
      continue;
    }
    // An entity beside a path that the principal may not see is dropped from it, not shown.
    const related = (candidate.related ?? []).filter((node) => {
      const verdict = checker.entity(node.props, principal);
      if (!verdict.visible) log.deny(AFTER_EXPANSION, `entity:${verdict.reason}`);
      return verdict.visible;
    });
    kept.push(candidate.related ? { ...candidate, related } : candidate);
  }
  return kept;
}
