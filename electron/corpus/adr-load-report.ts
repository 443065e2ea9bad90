// What a load found out about a folder's decision records, for the load summary: how many were
// recognised and in which states, which statuses were not understood, which record references could
// not be resolved, and how many supersessions (partial, drifted) were found.
import type { CoreParams } from '../../shared/core-message';
import { DECISION_STATES } from '../../shared/freshness-messages';
import type { AdrStatus } from './adr-status';
import type { AdrRecord, SupersessionEdge, SupersessionProblem } from './adr-supersession';

/** A status the loader kept verbatim but could not map to a state. */
export interface UnreadStatus {
  readonly file: string;
  readonly status_text: string;
  /** The nested front matter key the text stands under (`dct.isVersionOf`), which is not read; absent for a status that was read. */
  readonly nested_key?: string;
  /** `link_definition`: the text is written as a link reference definition (`[Status]: Accepted`), which Markdown shows as nothing, so it is not read. */
  readonly written_as?: 'link_definition';
}

/** A record reference in a supersession statement that names no record, or several. */
export interface UnresolvedReference {
  readonly file: string;
  readonly target: string;
  readonly kind: 'unresolved_target' | 'ambiguous_target';
  /** The sentence in English, worded from `message_code`. */
  readonly message: string;
  readonly message_code: string;
  readonly message_params: CoreParams;
}

/** The ADR part of a load summary. */
export interface AdrLoadReport {
  /** How many documents were recognised as ADRs. */
  readonly recognised: number;
  /** How many ADRs are in each state; every state is listed, zero included. */
  readonly statuses: Readonly<Record<AdrStatus, number>>;
  /** Every written status that maps to no state, and every status word under a nested front matter key or written as a link reference definition (not read), with the file. */
  readonly statuses_not_understood: readonly UnreadStatus[];
  /** Every record reference that could not be resolved, with why. */
  readonly unresolved_references: readonly UnresolvedReference[];
  readonly supersessions: { readonly total: number; readonly partial: number; readonly drift: number };
}

// The same states, in the same order, as an ADR's decision state beside freshness.
const ALL_STATUSES: readonly AdrStatus[] = DECISION_STATES;

/** True for the problems the report lists as unresolved references (the rest stay warnings). */
export function isUnresolvedReference(
  problem: SupersessionProblem,
): problem is SupersessionProblem & { kind: UnresolvedReference['kind']; target: string } {
  return (problem.kind === 'unresolved_target' || problem.kind === 'ambiguous_target') && problem.target !== null;
}

/** The report for one folder's records, edges and resolution problems. */
export function adrLoadReport(
  records: readonly AdrRecord[],
  edges: readonly SupersessionEdge[],
  problems: readonly SupersessionProblem[],
): AdrLoadReport {
  const statuses = Object.fromEntries(ALL_STATUSES.map((status) => [status, 0])) as Record<AdrStatus, number>;
  for (const record of records) statuses[record.facts.status] += 1;
  return {
    recognised: records.length,
    statuses,
    statuses_not_understood: records.flatMap((record): UnreadStatus[] => {
      const { status, status_raw, nested_status, status_as_definition } = record.facts;
      if (status !== 'unknown') return [];
      if (status_raw !== null) return [{ file: record.fileName, status_text: status_raw }];
      if (nested_status) return [{ file: record.fileName, status_text: nested_status.value, nested_key: nested_status.key }];
      return status_as_definition !== null
        ? [{ file: record.fileName, status_text: status_as_definition, written_as: 'link_definition' }]
        : [];
    }),
    unresolved_references: problems.filter(isUnresolvedReference).map((p) => ({
      file: p.file,
      target: p.target,
      kind: p.kind,
      message: p.message,
      message_code: p.said.code,
      message_params: p.said.params ?? {},
    })),
    supersessions: { total: edges.length, partial: edges.filter((e) => e.partial).length, drift: edges.filter((e) => e.drift).length },
  };
}
