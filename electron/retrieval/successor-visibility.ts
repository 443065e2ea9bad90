import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { FreshnessAssessment } from './output-stages';
import type { RetrievalRun } from './retrieval-run';

/**
 * A freshness verdict names the document that superseded an item's (the graph's `superseded_by`) or
 * that a stale mark points to. Either may be a document the asking principal may not see — a mark
 * can point anywhere, across workspaces — and its id is then not the principal's to learn. The
 * successors the candidates' verdicts would name are read once (only when there are any) and judged
 * by the access policy; those the principal may not see, or the graph does not hold, are hidden.
 */

/** The documents of the given ids, with their properties for the access rule (the connection's warm-up plans it too). */
export function successorDocuments(profile: SchemaProfile): BuiltInQuery {
  const id = q(profile.properties.document.id);
  return defineQuery(
    'successor-documents',
    `MATCH (d:${q(profile.labels.document)}) WHERE d.${id} IN $ids
     RETURN d.${id} AS id, d { .* } AS document`,
  );
}

/** The successors the candidates' freshness verdicts name that the run's principal may not see. */
export async function hiddenSuccessors(assessment: FreshnessAssessment, run: RetrievalRun): Promise<ReadonlySet<string>> {
  const named = new Set<string>();
  for (const { freshness } of assessment.labelled) {
    const successor = freshness.params?.successor;
    if (successor) named.add(successor);
  }
  if (named.size === 0) return named;
  const found = await run.log.read(
    successorDocuments(run.profile),
    { ids: [...named] },
    { deadline: run.deadline.stage(0.5), stage: 'freshness' },
  );
  const visible = new Set(
    found.rows
      .filter(
        (row) => typeof row.id === 'string' && row.document !== null && typeof row.document === 'object' && !Array.isArray(row.document),
      )
      .filter((row) => run.checker.document(row.document as Record<string, unknown>, run.principal).visible)
      .map((row) => String(row.id)),
  );
  return new Set([...named].filter((id) => !visible.has(id)));
}
