import { wordAccessMessage } from '../../shared/acl/access-messages';
import type { ProviderAudit } from '../../shared/provider/provider-audit';
import { providerFailureMessage, providerViolationMessage, wordProviderMessage } from '../../shared/provider/provider-messages';
import { wordCliMessage } from '../../shared/cli-messages';

/**
 * The audit of a provider run for a person (`lens query --mode provider`): the endpoint and what it
 * answered, then every violation in words with the failed clauses of an access violation, or a line
 * saying the audit found none; a call that failed says nothing was audited. English, from the same
 * catalogue the UI words in Korean too. Input is already terminal-safe.
 */
export function providerAuditLines(audit: ProviderAudit, principalId: string): string[] {
  const answered = audit.http_status === null ? wordCliMessage('provider_no_answer') : `HTTP ${audit.http_status}`;
  const said =
    audit.provider_outcome === null
      ? ''
      : `  ·  ${wordCliMessage('provider_said', { outcome: audit.provider_outcome, trace: audit.provider_trace_id ?? '?' })}`;
  const lines = [`Provider: ${audit.endpoint || wordCliMessage('provider_none_configured')}  ·  ${answered}${said}`];
  if (audit.failure) return [...lines, `  NOT AUDITED: ${wordProviderMessage(providerFailureMessage(audit.failure))}`];
  if (!audit.audited) return [...lines, `  ${wordCliMessage('provider_not_audited')}`];
  if (audit.violations.length === 0)
    return [...lines, `  ${wordCliMessage('provider_no_violations', { items: audit.items_checked, nodes: audit.nodes_checked })}`];
  lines.push(
    `  ${wordCliMessage('provider_violations', { count: audit.violations.length, items: audit.items_checked, nodes: audit.nodes_checked })}`,
  );
  for (const violation of audit.violations) {
    const message = providerViolationMessage(violation, principalId);
    lines.push(`  [${violation.kind}] ${wordProviderMessage(message)}`);
    if (message.clauses?.length) lines.push(`      failed: ${message.clauses.map((clause) => wordAccessMessage(clause)).join('; ')}`);
  }
  return lines;
}

/** The kinds of violation of the item at 1-based `rank`, for a mark beside the item ('' when none). */
export function itemViolationMark(audit: ProviderAudit | undefined, rank: number): string {
  const kinds = [...new Set((audit?.violations ?? []).filter((entry) => entry.item?.rank === rank).map((entry) => entry.kind))];
  return kinds.length === 0 ? '' : `   VIOLATES: ${kinds.join(', ')}`;
}
