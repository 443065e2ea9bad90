import type { Comparison, ComparisonRun } from '../compare/comparison';
import type { NodeAccess } from '../compare/node-access';
import { itemIdentity, type RankedItem } from '../compare/run-diff';
import { auditMessage, wordAuditMessage } from './audit-messages';
import type { AuditViolation } from './audit-report';
import type { DifferOnlyIn } from './audit-suite';
import { matchedCriterion, type DocumentMatch } from './document-match';
import { couldNotRunError, couldNotRunOutcome, isAnswer, itemViolation, verdict, type CheckVerdict } from './evaluate-run';

/**
 * "A and B differ only in …", judged on a stored comparison of A's and B's runs of one question in
 * one mode (the compare core: diff, leak check, and who may see each item). An item only one side
 * got is an access difference when the other side may not see it, and must then be among the
 * documents declared for that side; an item the other side may see too is a ranking difference (it
 * fell below the other's cut-off) and is not judged. Every leak is a violation; a leak check that
 * failed means the check could not run.
 */

const node = (access: NodeAccess) => `${access.node.label} ${access.node.id}`;

function leakViolations(comparison: Comparison): AuditViolation[] {
  if (comparison.leak_check.state !== 'checked') return [];
  return comparison.leak_check.leaks.map((leak) => {
    const run = leak.side === 'a' ? comparison.a : comparison.b;
    const rule = leak.access.state === 'denied' ? leak.access.rule : 'not in the graph';
    const message = auditMessage('item_leak', {
      principal: leak.principal_id,
      rank: leak.rank,
      document_id: leak.document_id,
      node: node(leak.access),
      rule,
    });
    return { message, text: wordAuditMessage(message), trace_id: run.trace_id, rank: leak.rank, document_id: leak.document_id };
  });
}

/** The only-one-side items the other side may not see and that are not declared for this side. */
function undeclared(
  comparison: Comparison,
  only: readonly RankedItem[],
  side: 'a' | 'b',
  declared: DocumentMatch | undefined,
): AuditViolation[] {
  const run: ComparisonRun = comparison[side];
  const other = side === 'a' ? comparison.b : comparison.a;
  const access = comparison.leak_check.state === 'checked' ? comparison.leak_check.access : [];
  return only.flatMap((entry) => {
    const row = access.find((candidate) => candidate.item_key === entry.key);
    const otherAccess = row?.[side === 'a' ? 'b' : 'a'];
    if (otherAccess?.state === 'visible') return [];
    const item = run.items.find((candidate) => itemIdentity(candidate).key === entry.key);
    if (!item || (declared && matchedCriterion(declared, item) !== null)) return [];
    const message = auditMessage('item_undeclared', {
      principal: run.principal.principal_id,
      other: other.principal.principal_id,
      rank: entry.rank,
      document_id: item.document_id,
    });
    return [itemViolation(message, run.trace_id, item, entry.rank)];
  });
}

/** Judges a comparison of A's and B's runs against `differ_only_in`. */
export function judgeDifference(expectation: DifferOnlyIn, comparison: Comparison): CheckVerdict {
  for (const run of [comparison.a, comparison.b]) if (!isAnswer(run.outcome)) return couldNotRunOutcome(run);
  const check = comparison.leak_check;
  if (check.state === 'failed') return couldNotRunError(check.error);
  const violations = [
    ...leakViolations(comparison),
    ...undeclared(comparison, comparison.diff.only_a, 'a', expectation.a_only),
    ...undeclared(comparison, comparison.diff.only_b, 'b', expectation.b_only),
  ];
  const names = { a: comparison.a.principal.principal_id, b: comparison.b.principal.principal_id };
  if (violations.length > 0)
    return verdict('violated', auditMessage('differ_violated', { count: violations.length, ...names }), violations);
  const { diff } = comparison;
  return verdict(
    'passed',
    auditMessage('differ_passed', {
      ...names,
      only_a: diff.only_a.length,
      only_b: diff.only_b.length,
      both: diff.both.length,
      nodes: check.nodes_checked,
    }),
  );
}
