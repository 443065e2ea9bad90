import type { Principal } from '../../shared/principal';
import { BEFORE_OUTPUT, NO_FILTERS, pathDenial, pathFilterFailure, type AclChecker, type FilterCheck } from './acl-enforcement';
import type { Candidate } from './candidate';
import type { RunLog } from './retrieval-stages';

/**
 * The before-output enforcement point: every chunk that went into an item (merged ones too) and its
 * document and path are checked once more, against the access rule and the request's filters. Any
 * failure here means an earlier point is broken; the caller then returns `acl_violation` and no
 * items. Returns the failure reasons; each failing chunk is counted once, access and filters apart.
 */
export function finalAccessCheck(
  candidates: readonly Candidate[],
  checker: AclChecker,
  principal: Principal,
  log: RunLog,
  filters: FilterCheck = NO_FILTERS,
): string[] {
  const reasons: string[] = [];
  const judged = new Set(candidates.map((candidate) => candidate.chunk_id)).size;
  for (const candidate of candidates) {
    const denial = pathDenial(candidate, checker, principal);
    if (denial) {
      const reason = `${denial.node}:${denial.reason}`;
      reasons.push(reason);
      log.withheld.nodes({ stage: BEFORE_OUTPUT, kind: 'access', reason, counts: 'chunks' }, [candidate.chunk_id], judged);
      continue;
    }
    const filteredBy = pathFilterFailure(candidate, filters);
    if (filteredBy === null) continue;
    reasons.push(`filter:${filteredBy}`);
    log.withheld.nodes(
      { stage: BEFORE_OUTPUT, kind: 'filter', reason: `document:${filteredBy}`, counts: 'chunks' },
      [candidate.chunk_id],
      judged,
    );
  }
  return reasons;
}
