import { coreEnglish } from '../../shared/core-catalogues';
import { countedMessage, demoLoadMessage } from '../../shared/demo-load-messages';
import type { AdrLoadReport } from '../corpus/adr-load-report';
import type { AdrStatus } from '../corpus/adr-status';
import type { ReadyPrincipal } from '../corpus/corpus-model';
import { terminalLine } from './terminal-text';

const STATUS_WORDS: ReadonlyArray<readonly [AdrStatus, string]> = [
  ['accepted', 'accepted'],
  ['proposed', 'proposed'],
  ['pending', 'pending (incomplete, on hold)'],
  ['rejected', 'rejected'],
  ['deprecated', 'deprecated'],
  ['superseded', 'superseded'],
  ['partly_superseded', 'partly superseded'],
  ['unknown', 'no or unknown status'],
];

/**
 * The ADR part of the load summary: how many records were recognised, by status, and how many
 * supersessions; then every status that was not understood and every record reference that was not
 * resolved, by file. File names and status texts are the folder's own text, printed escaped.
 */
export function adrSummaryLines(report: AdrLoadReport): string[] {
  const counts = STATUS_WORDS.filter(([status]) => report.statuses[status] > 0).map(
    ([status, word]) => `${report.statuses[status]} ${word}`,
  );
  const s = report.supersessions;
  const lines = [
    `  ADRs recognised: ${report.recognised}${counts.length > 0 ? ` (${counts.join(', ')})` : ''}; supersessions: ${s.total} (${s.partial} partial, ${s.drift} drift: the newer record alone says so)`,
  ];
  if (report.statuses_not_understood.length > 0) {
    lines.push(`  Statuses not understood (${report.statuses_not_understood.length}; kept verbatim, read as unknown):`);
    lines.push(
      ...report.statuses_not_understood.map((u) =>
        u.nested_key === undefined
          ? `    - ${terminalLine(u.file)}: "${terminalLine(u.status_text)}"`
          : `    - ${terminalLine(u.file)}: "${terminalLine(u.status_text)}" under the nested front matter key ${terminalLine(u.nested_key)}, which is not read; write it as a top-level "status:" to have it read`,
      ),
    );
  }
  if (report.unresolved_references.length > 0) {
    lines.push(`  Record references not resolved (${report.unresolved_references.length}; no edge was written for them):`);
    lines.push(...report.unresolved_references.map((u) => `    - ${terminalLine(u.message)}`));
  }
  return lines;
}

/** One line per workspace: the principal to query it as, and whether the loader made it. */
export function readyPrincipalLines(ready: readonly ReadyPrincipal[]): string[] {
  if (ready.length === 0) return [];
  return [
    coreEnglish(demoLoadMessage('query_as_header')),
    ...ready.map(
      (r) =>
        `  ${coreEnglish(
          demoLoadMessage('ready_principal', {
            workspace: terminalLine(r.workspace_id),
            principal: terminalLine(r.principal_id),
            how: [demoLoadMessage(r.created ? 'principal_made' : 'principal_defined')],
            documents: [countedMessage('public_documents', r.public_documents)],
          }),
        )}`,
    ),
  ];
}
