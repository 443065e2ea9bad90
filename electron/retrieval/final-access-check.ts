import type { Principal } from '../../shared/principal';
import { BEFORE_OUTPUT, pathDenial, type AclChecker } from './acl-enforcement';
import type { Candidate } from './candidate';
import type { RunLog } from './retrieval-stages';

/**
 * The before-output enforcement point: every chunk that went into an item (merged ones too) and its
 * document and path are checked once more. Any failure here means an earlier point is broken; the
 * caller then returns `acl_violation` and no items. Returns the failure reasons.
 */
export function finalAccessCheck(candidates: readonly Candidate[], checker: AclChecker, principal: Principal, log: RunLog): string[] {
  const reasons: string[] = [];
  for (const candidate of candidates) {
    const denial = pathDenial(candidate, checker, principal);
    if (!denial) continue;
    const reason = `${denial.node}:${denial.reason}`;
    reasons.push(reason);
    log.deny(BEFORE_OUTPUT, reason);
  }
  return reasons;
}
