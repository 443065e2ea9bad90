import type { Deadline } from '../../shared/deadline';
import { postfilterIfEnabled, type CandidateRow } from './acl-enforcement';
import { text, type Candidate } from './candidate';
import { chunksById } from './retrieval-queries';
import { chunkProps, documentProps, documentsOf } from './candidate-rows';
import type { RetrievalRun } from './retrieval-run';

/**
 * Rows of a query the app did not write (a saved template, a query a model generated) made into
 * candidates: only rows naming a `chunk_id` and a `source_uri` can become items; each named chunk
 * is looked up again with the Cypher compilation of the access policy and post-filtered like any
 * candidate, because the untrusted text itself carries no ACL predicate the app can trust.
 */

/** A row that names a chunk and a source, with the score and claim it gave. */
interface NamedRow {
  readonly chunkId: string;
  readonly score: number | null;
  readonly claimId: string | null;
}

/** What the rows of an untrusted query produced: candidates, and how many rows could not be traced to a source. */
export interface UntrustedCandidates {
  readonly candidates: Candidate[];
  readonly lackingProvenance: number;
}

/** The rows that name a chunk and a source; the others are counted as lacking provenance. */
function namedRows(rows: readonly Record<string, unknown>[]): { named: NamedRow[]; lacking: number } {
  const named: NamedRow[] = [];
  let lacking = 0;
  for (const row of rows) {
    const chunkId = typeof row.chunk_id === 'string' ? row.chunk_id : null;
    const source = typeof row.source_uri === 'string' && row.source_uri.length > 0 ? row.source_uri : null;
    if (chunkId === null || source === null) lacking += 1;
    else
      named.push({
        chunkId,
        score: typeof row.score === 'number' ? row.score : null,
        claimId: typeof row.claim_id === 'string' ? row.claim_id : null,
      });
  }
  return { named, lacking };
}

/**
 * The named chunks as candidate rows, looked up with the Cypher compilation of the access policy,
 * which judges each one (`allowed`); a chunk id the graph does not have is counted as lacking provenance.
 */
async function lookUpChunks(
  run: RetrievalRun,
  named: readonly NamedRow[],
  deadline: Deadline,
  stage: string,
): Promise<{ rows: CandidateRow[]; unknown: number }> {
  if (named.length === 0) return { rows: [], unknown: 0 };
  const ids = [...new Set(named.map((entry) => entry.chunkId))];
  const found = await run.log.read(chunksById(run.profile, run.acl, run.namedKeys), { ...run.aclParams, ids }, { deadline, stage });
  const byId = new Map(found.rows.map((row) => [String(row.chunk_id), row]));
  const rows = named
    .filter((entry) => byId.has(entry.chunkId))
    .map((entry, index) => {
      const hit = byId.get(entry.chunkId) as Record<string, unknown>;
      return {
        chunk_id: entry.chunkId,
        allowed: hit.allowed === true,
        score: entry.score ?? 1 / (index + 1),
        chunk: chunkProps(hit.chunk),
        document: documentProps(hit.document) as CandidateRow['document'],
        documents: documentsOf(hit.documents),
      };
    });
  return { rows, unknown: named.length - rows.length };
}

/** A kept row as a candidate of the `graph` stage, with its path chunk → document. */
function toCandidate(run: RetrievalRun, row: CandidateRow, index: number): Candidate {
  return {
    chunk_id: row.chunk_id,
    chunk: row.chunk,
    document: row.document,
    documents: row.documents,
    scores: { graph: row.score },
    ranks: { graph: index + 1 },
    path: [
      { kind: 'chunk' as const, label: run.profile.labels.chunk, id: row.chunk_id, props: row.chunk },
      {
        kind: 'document' as const,
        label: run.profile.labels.document,
        id: text(row.document, run.profile.properties.document.id) ?? '',
        props: row.document,
      },
    ],
  };
}

/**
 * The candidates of an untrusted query's rows: named chunks looked up and judged by the policy's
 * Cypher compilation, then post-filtered by its TypeScript compilation and the request's filters
 * (counted under `mechanism`); rows without chunk and source, or naming a chunk the graph lacks,
 * are counted as lacking provenance and never become items.
 */
export async function candidatesFromUntrustedRows(
  run: RetrievalRun,
  rows: readonly Record<string, unknown>[],
  deadline: Deadline,
  mechanism: string,
  options: { readonly keepScores?: boolean } = {},
): Promise<UntrustedCandidates> {
  const { named, lacking: withoutSource } = namedRows(rows);
  const { rows: looked, unknown } = await lookUpChunks(run, named, deadline, mechanism);
  const scope = { mechanism, filters: run.filters };
  const kept = postfilterIfEnabled(run.acl !== null, looked, run.checker, run.principal, run.log, scope);
  // Without the rows' own scores, each kept chunk is scored by its place among those kept: 1, 1/2, 1/3…
  const scored = options.keepScores === false ? kept.map((row, index) => ({ ...row, score: 1 / (index + 1) })) : kept;
  return { candidates: scored.map((row, index) => toCandidate(run, row, index)), lackingProvenance: withoutSource + unknown };
}
