import { coreEnglish, coreSentence } from '../../shared/core-catalogues';
import type { CoreParams } from '../../shared/core-message';
import {
  demoLoadMessage,
  mappingPrincipalMessage,
  readyPrincipalMessage,
  unreadStatusMessage,
  type DemoLoadMessageCode,
} from '../../shared/demo-load-messages';
import type { DemoLoadSummary } from '../../shared/demo-load-summary';
import { DECISION_STATES } from '../../shared/freshness-messages';
import type { ReadyPrincipal } from '../corpus/corpus-model';
import { terminalLine } from './terminal-text';

/** The ADR report of a load summary (a report made before codes existed has no `message_code`). */
type AdrReport = DemoLoadSummary['adrs'];

/** A line of the summary in English. */
const say = (code: DemoLoadMessageCode, params: CoreParams = {}) => coreEnglish(demoLoadMessage(code, params));

/**
 * The ADR part of the load summary: how many records were recognised, by status, and how many
 * supersessions; then every status that was not understood and every record reference that was not
 * resolved, by file. File names and status texts are the folder's own text, printed escaped.
 */
export function adrSummaryLines(report: AdrReport): string[] {
  const counts = DECISION_STATES.filter((status) => report.statuses[status] > 0).map((status) =>
    say(`status_count_${status}`, { count: report.statuses[status] }),
  );
  const s = report.supersessions;
  const figures = { recognised: report.recognised, total: s.total, partial: s.partial, drift: s.drift };
  const lines = [
    `  ${counts.length > 0 ? say('adr_recognised_by_status', { ...figures, statuses: counts.join(', ') }) : say('adr_recognised', figures)}`,
  ];
  if (report.statuses_not_understood.length > 0) {
    lines.push(`  ${say('statuses_not_understood_header', { count: report.statuses_not_understood.length })}`);
    lines.push(...report.statuses_not_understood.map((u) => `    - ${coreEnglish(unreadStatusMessage(u, terminalLine))}`));
  }
  if (report.unresolved_references.length > 0) {
    lines.push(`  ${say('unresolved_references_header', { count: report.unresolved_references.length })}`);
    lines.push(...report.unresolved_references.map((u) => `    - ${terminalLine(referenceText(u))}`));
  }
  return lines;
}

/** An unresolved reference's sentence in English: worded from its code when it has one, else the English it keeps. */
function referenceText(reference: AdrReport['unresolved_references'][number]): string {
  return coreSentence(reference.message_code, reference.message_params, reference.message, 'en') ?? reference.message;
}

/** One line per workspace: the principal to query it as, and whether the loader made it or the corpus or mapping defined it. */
export function readyPrincipalLines(ready: readonly ReadyPrincipal[], source?: string): string[] {
  if (ready.length === 0) return [];
  return [
    coreEnglish(demoLoadMessage('query_as_header')),
    ...ready.map(
      (r) =>
        `  ${coreEnglish(readyPrincipalMessage({ ...r, workspace_id: terminalLine(r.workspace_id), principal_id: terminalLine(r.principal_id) }, source))}`,
    ),
  ];
}

/** The principals a folder's ACL mapping defines, one line each with its groups and partitions and what it sees of the load. */
export function mappingPrincipalLines(principals: DemoLoadSummary['mapping_principals']): string[] {
  if (principals === undefined || principals.length === 0) return [];
  return [
    coreEnglish(demoLoadMessage('mapping_principals_header', { count: principals.length })),
    ...principals.map(
      (p) =>
        `  ${coreEnglish(
          mappingPrincipalMessage({
            principal_id: terminalLine(p.principal_id),
            workspace_id: terminalLine(p.workspace_id),
            groups: p.groups.map(terminalLine),
            acl_partitions: p.acl_partitions.map(terminalLine),
            sees: p.sees,
          }),
        )}`,
    ),
  ];
}
