import type { FilterNote } from '../../shared/context-contract';
import { stageNote } from '../../shared/stage-note-messages';
import { roundToTenths } from '../../shared/round-to-tenths';
import { cachedCounts, plannerCounts, type AccessCounts, type PlannerCounts } from './access-stats';
import { WHOLE_GRAPH } from './denied-ledger';
import type { FilterPart } from './request-filters';
import { accessScopeCounts } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';

/** The stage of the timeline that makes them. */
const SCOPE_STAGE = 'access_scope';
/** The most values a note lists as present. */
const MAX_PRESENT_VALUES = 50;

const whole = (value: unknown): number => Number(value ?? 0);

function presentValues(value: unknown): string[] {
  const values = Array.isArray(value) ? value.map(String) : [];
  return [...new Set(values)].sort().slice(0, MAX_PRESENT_VALUES);
}

/**
 * A note for a filter whose value matches nothing in the graph: the values no document holds,
 * listing those the graph does hold; for validity (no value to list), when no document is valid
 * at that instant. Null when every value matches some document.
 */
export function filterNote(part: FilterPart, matchingDocuments: number, present: unknown): FilterNote | null {
  if (part.note !== undefined) return part.note;
  if (part.valueOf === null) {
    return matchingDocuments > 0 ? null : { code: 'filter_matches_nothing', filter: part.name, values: [...part.requested], present: [] };
  }
  const held = presentValues(present);
  const all = new Set(Array.isArray(present) ? present.map(String) : []);
  const absent = part.requested.filter((value) => !all.has(value));
  return absent.length === 0 ? null : { code: 'filter_matches_nothing', filter: part.name, values: absent, present: held };
}

/**
 * The whole graph's counts for this principal and request (see `accessScopeCounts`), cached per
 * connection until the graph changes (access-stats.ts). The vector planner reads the same entry, so
 * one run never counts twice.
 */
export function accessScopeRow(run: RetrievalRun): Promise<AccessCounts> {
  // It runs beside the candidate stages, so it may take as large a share as they do.
  return cachedCounts(run, accessScopeCounts(run.profile, run.accessRule, run.filters.parts), run.aclParams, 0.6);
}

/** The same row for the vector planner: a cached one at once, confirmed against the graph's state beside the retrieval (see `plannerCounts`). */
export function plannerAccessScopeRow(run: RetrievalRun): Promise<PlannerCounts> {
  return plannerCounts(run, accessScopeCounts(run.profile, run.accessRule, run.filters.parts), run.aclParams, 0.6);
}

/** Chunks the principal may see that the request's filters keep too, from the access-scope row. */
export function allowedByRuleAndFilters(run: RetrievalRun, row: Readonly<Record<string, unknown>>): number {
  const parts = run.filters.parts.length;
  const leftOut = parts === 0 ? 0 : whole(parts === 1 ? row.left_out_0 : row.left_out_all);
  return whole(row.visible) - leftOut;
}

/**
 * The counts that hold for the whole graph, whatever the mode: how many chunks of the graph this
 * principal may not see under the access rule (each chunk once; reported at 0 too), how many of the
 * chunks it may see each request filter leaves out, and a note for every filter value that matches
 * nothing in the graph. One read-only query through the gateway, beside the candidate stages, made
 * once per principal, filters and graph state and then served from the connection's cache.
 */
export async function countAccessScope(run: RetrievalRun): Promise<void> {
  const started = performance.now();
  const parts = run.filters.parts;
  const { row, cached, countedAt } = await accessScopeRow(run);
  const total = whole(row.total);
  const visible = whole(row.visible);
  const ledger = run.log.withheld;
  ledger.measured(
    { stage: WHOLE_GRAPH, kind: 'access', reason: 'not_visible_to_principal', counts: 'graph_chunks' },
    total - visible,
    total,
    true,
  );
  parts.forEach((part, i) => {
    ledger.measured(
      { stage: WHOLE_GRAPH, kind: 'filter', reason: part.name, counts: 'visible_chunks' },
      whole(row[`left_out_${i}`]),
      visible,
      true,
    );
    const note = filterNote(part, whole(row[`matching_${i}`]), row[`present_${i}`]);
    if (note) run.log.notes.push(note);
  });
  if (parts.length > 1)
    ledger.measured(
      { stage: WHOLE_GRAPH, kind: 'filter', reason: 'all_filters', counts: 'visible_chunks' },
      whole(row.left_out_all),
      visible,
      true,
    );
  run.log.stage({
    name: SCOPE_STAGE,
    strategy: cached ? 'cached_counts' : 'count_distinct_chunks',
    duration_ms: roundToTenths(performance.now() - started),
    candidates_in: total,
    candidates_out: visible,
    acl: 'none',
    note: stageNote(parts.length > 0 ? 'scope_visible_filters' : 'scope_visible', {
      visible,
      total,
      counted: [
        cached ? stageNote('counted_cached', { at: countedAt.toISOString() }) : stageNote('counted_now'),
        ...(run.oneDocumentChunks ? [stageNote('one_document_chunks')] : []),
      ],
    }),
  });
}
