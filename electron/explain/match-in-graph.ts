import { matchedCriterion, type DocumentMatch, type MatchedItem, type UnmatchedCriterion } from '../../shared/audit/document-match';
import { quoteName as q } from '../../shared/cypher/quote-name';
import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { GraphGateway } from '../graph/read-gateway';
import { documentOfSourcePath } from '../graph/source-path';

/**
 * Which criteria of a suite's document match no document in the graph at all. A `never_sees` (or
 * `no_stale_labelled_current`) whose id is misspelt, or a file's path written where an id belongs,
 * can never fail: it guards nothing, and the audit would count it passed. Judged on the graph's
 * documents as the criteria read items (id, document type, source URI), read in pages through the
 * read-only gateway until every criterion has matched one.
 */

/** What the lookup reads through: the read-only gateway. */
type Reader = Pick<GraphGateway, 'read'>;

const PAGE = 5_000;
const PAGE_TIMEOUT_MS = 30_000;

/** A page of documents after `$after` (null: from the start) in id order, as the criteria read them. */
function documentPage(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'match-in-graph-page',
    `MATCH (d:${q(L.document)})
     WHERE d.${q(P.document.id)} IS NOT NULL AND ($after IS NULL OR d.${q(P.document.id)} > $after)
     RETURN d.${q(P.document.id)} AS id, d.${q(P.document.docType)} AS doc_type, d.${q(P.document.sourceUri)} AS source_uri
     ORDER BY id
     LIMIT $page`,
  );
}

type Pending = UnmatchedCriterion & { readonly test: (doc: MatchedItem) => boolean };
/** A criterion of the `index`th match, still waiting for a document that matches it. */
type PendingOf = Pending & { readonly index: number };

const list = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** Each criterion of `match` on its own, judged by the very function that judges the runs' items. */
function criteriaOf(match: DocumentMatch): Pending[] {
  const one = (criterion: UnmatchedCriterion['criterion'], value: string, single: DocumentMatch): Pending => ({
    criterion,
    value,
    test: (doc) => matchedCriterion(single, doc) !== null,
  });
  return [
    ...(match.document_ids ?? []).map((value) => one('document_ids', value, { document_ids: [value] })),
    ...list(match.document_id_glob).map((value) => one('document_id_glob', value, { document_id_glob: value })),
    ...(match.document_id_regex === undefined
      ? []
      : [one('document_id_regex', match.document_id_regex, { document_id_regex: match.document_id_regex })]),
    ...(match.doc_types ?? []).map((value) => one('doc_types', value, { doc_types: [value] })),
    ...list(match.source_uri_glob).map((value) => one('source_uri_glob', value, { source_uri_glob: value })),
  ];
}

/**
 * For each match of `matches`, the criteria that no document in the graph matches, in the order the
 * suite gives them. All matches are judged on one pass over the documents, so a suite with many
 * guards reads the graph once, not once a guard.
 */
export async function unmatchedCriteriaOfEach(
  gateway: Reader,
  profile: SchemaProfile,
  matches: readonly DocumentMatch[],
  page: number = PAGE,
): Promise<UnmatchedCriterion[][]> {
  let pending: PendingOf[] = matches.flatMap((match, index) => criteriaOf(match).map((criterion) => ({ ...criterion, index })));
  let after: string | null = null;
  while (pending.length > 0) {
    const { rows } = await gateway.read(
      documentPage(profile),
      { after, page },
      { deadline: Deadline.after(PAGE_TIMEOUT_MS), stage: 'match-in-graph', rowCap: page },
    );
    for (const row of rows) {
      const doc: MatchedItem = {
        document_id: String(row.id),
        source_uri: typeof row.source_uri === 'string' ? row.source_uri : '',
        ...(typeof row.doc_type === 'string' ? { doc_type: row.doc_type } : {}),
      };
      pending = pending.filter((criterion) => !criterion.test(doc));
    }
    if (rows.length < page) break;
    after = String(rows[rows.length - 1]?.id);
  }
  const unmatched: UnmatchedCriterion[][] = matches.map(() => []);
  // The same unmatched id in two guards is looked up as a source path once.
  const sourceOf = new Map<string, Promise<string | null>>();
  const suggestionFor = (value: string) => {
    let found = sourceOf.get(value);
    if (!found) {
      found = documentOfSourcePath(gateway, profile, value, Deadline.after(PAGE_TIMEOUT_MS)).then((doc) => doc?.document_id ?? null);
      sourceOf.set(value, found);
    }
    return found;
  };
  for (const { criterion, value, index } of pending) {
    const suggestion = criterion === 'document_ids' ? await suggestionFor(value) : null;
    unmatched[index]?.push({ criterion, value, ...(suggestion !== null ? { suggestion } : {}) });
  }
  return unmatched;
}

/** The criteria of `match` that no document in the graph matches, in the order the suite gives them. */
export async function unmatchedCriteria(
  gateway: Reader,
  profile: SchemaProfile,
  match: DocumentMatch,
  page: number = PAGE,
): Promise<UnmatchedCriterion[]> {
  const [unmatched = []] = await unmatchedCriteriaOfEach(gateway, profile, [match], page);
  return unmatched;
}
