import { quoteName as q } from '../../shared/cypher/quote-name';
import type { Freshness } from '../../shared/context-contract';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { ReadResult } from '../graph/read-gateway';
import type { FreshnessAssessment } from './output-stages';
import type { RetrievalRun } from './retrieval-run';
import { storedIdListForms } from '../graph/stored-id';

/**
 * A freshness verdict names the document that superseded an item's (the graph's `superseded_by`) or
 * that a stale mark points to. Either may be a document the asking principal may not see — a mark
 * can point anywhere, across workspaces — and its id is then not the principal's to learn. The
 * successors the verdicts would name are read once (only when there are any) and judged by the
 * access policy; those the principal may not see, or the graph does not hold, are hidden. A run's
 * items, the provenance view's ADR nodes and the provider audit's freshness findings judge them so.
 */

/**
 * The documents of the given ids, with the properties `keys` names for the access rule (a run's
 * `documentKeys`, chunk-keys.ts; the connection's warm-up plans it too): not the whole map, which on
 * a user's graph may hold a document's whole text.
 */
export function successorDocuments(profile: SchemaProfile, keys: readonly string[]): BuiltInQuery {
  const id = q(profile.properties.document.id);
  return defineQuery(
    'successor-documents',
    `MATCH (d:${q(profile.labels.document)}) WHERE d.${id} IN ${storedIdListForms('$ids')}
     RETURN toString(d.${id}) AS id, d { ${keys.map((key) => `.${q(key)}`).join(', ')} } AS document`,
  );
}

/** The successor documents freshness verdicts name (`params.successor`), each once. */
export function namedSuccessors(verdicts: Iterable<Freshness>): Set<string> {
  const named = new Set<string>();
  for (const freshness of verdicts) {
    const successor = freshness.params?.successor;
    if (successor) named.add(successor);
  }
  return named;
}

/** How the successors are read: one built-in query, through the run's log or a view's gateway, under its deadline and stage. */
export type SuccessorReader = (query: BuiltInQuery, params: Record<string, unknown>) => Promise<ReadResult>;

/**
 * Those of `named` the principal may not see, judged by `visible` (the access policy's document rule
 * for the principal asking), or that the graph does not hold: one read, only when any are named.
 */
export async function hiddenAmong(
  named: ReadonlySet<string>,
  profile: SchemaProfile,
  keys: readonly string[],
  read: SuccessorReader,
  visible: (document: Record<string, unknown>) => boolean,
): Promise<ReadonlySet<string>> {
  if (named.size === 0) return named;
  const found = await read(successorDocuments(profile, keys), { ids: [...named] });
  const seen = new Set(
    found.rows
      .filter(
        (row) => typeof row.id === 'string' && row.document !== null && typeof row.document === 'object' && !Array.isArray(row.document),
      )
      .filter((row) => visible(row.document as Record<string, unknown>))
      .map((row) => String(row.id)),
  );
  return new Set([...named].filter((id) => !seen.has(id)));
}

/** The successors the candidates' freshness verdicts name that the run's principal may not see. */
export function hiddenSuccessors(assessment: FreshnessAssessment, run: RetrievalRun): Promise<ReadonlySet<string>> {
  return hiddenAmong(
    namedSuccessors(assessment.labelled.map((entry) => entry.freshness)),
    run.profile,
    run.namedKeys.document,
    (query, params) => run.log.read(query, params, { deadline: run.deadline.stage(0.5), stage: 'freshness' }),
    (document) => run.checker.document(document, run.principal).visible,
  );
}
