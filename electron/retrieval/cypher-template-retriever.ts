import type { Deadline } from '../../shared/deadline';
import { LensError } from '../../shared/lens-error';
import type { SavedQuery } from '../../shared/trace-record';
import { postfilterIfEnabled, type CandidateRow } from './acl-enforcement';
import { BUILTIN_TEMPLATES } from './builtin-templates';
import { text, type Candidate } from './candidate';
import { chunksById } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import type { Retriever } from './retriever';
import { timedStage } from './retrieval-stages';

/** Finds a template: the built-in ones, then the saved ones in the trace store. */
export function findTemplate(id: string, saved: readonly SavedQuery[]): SavedQuery | null {
  return BUILTIN_TEMPLATES.find((template) => template.id === id) ?? saved.find((template) => template.id === id) ?? null;
}

/** What a template run produced: candidates, and how many rows could not be traced to a source. */
export interface TemplateResult {
  readonly candidates: Candidate[];
  readonly lackingProvenance: number;
}

/** A template row that names a chunk and a source, with the score and claim it gave. */
interface NamedRow {
  readonly chunkId: string;
  readonly score: number | null;
  readonly claimId: string | null;
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
): Promise<{ rows: CandidateRow[]; unknown: number }> {
  if (named.length === 0) return { rows: [], unknown: 0 };
  const ids = [...new Set(named.map((entry) => entry.chunkId))];
  const found = await run.log.read(chunksById(run.profile, run.acl), { ...run.aclParams, ids }, { deadline, stage: 'cypher_template' });
  const byId = new Map(found.rows.map((row) => [String(row.chunk_id), row]));
  const rows = named
    .filter((entry) => byId.has(entry.chunkId))
    .map((entry, index) => {
      const hit = byId.get(entry.chunkId) as Record<string, unknown>;
      return {
        chunk_id: entry.chunkId,
        allowed: hit.allowed === true,
        score: entry.score ?? 1 / (index + 1),
        chunk: hit.chunk as CandidateRow['chunk'],
        document: hit.document as CandidateRow['document'],
      };
    });
  return { rows, unknown: named.length - rows.length };
}

/**
 * `cypher` mode: a saved, parameterised template run through the read-only gateway (text checks and
 * the plan check first). Rows that name a `chunk_id` and a `source_uri` are looked up as chunks,
 * judged by the Cypher compilation of the policy, and post-filtered like any candidate (the template
 * itself cannot carry the ACL predicate); rows without them are counted as lacking provenance and
 * never become items.
 */
export async function templateCandidates(run: RetrievalRun, template: SavedQuery): Promise<TemplateResult> {
  const deadline = run.deadline.stage(0.6);
  const declared = Object.fromEntries(template.parameters.map((name) => [name, null]));
  const params = {
    ...declared,
    ...run.options.template_params,
    query: run.request.query,
    top_k: run.request.top_k,
    principal_id: run.principal.principal_id,
  };
  let lacking = 0;
  let rowCount = 0;
  const candidates = await timedStage(
    run.log,
    'cypher_template',
    async () => {
      const result = await run.log.readUntrusted(template.cypher, params, { deadline, stage: 'cypher_template', rowCap: 1_000 });
      rowCount = result.rows.length;
      const { named, lacking: withoutSource } = namedRows(result.rows);
      const { rows, unknown } = await lookUpChunks(run, named, deadline);
      lacking = withoutSource + unknown;
      const scope = { mechanism: 'cypher_template', filters: run.filters };
      return postfilterIfEnabled(run.acl !== null, rows, run.checker, run.principal, run.log, scope).map((row, index) => ({
        chunk_id: row.chunk_id,
        chunk: row.chunk,
        document: row.document,
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
      }));
    },
    (out) => ({
      strategy: `template:${template.id}`,
      candidates_in: rowCount,
      candidates_out: out.length,
      acl: run.acl ? 'postfilter' : 'none',
      note: `${rowCount} rows; ${lacking} without chunk_id and source_uri (reported as lacking provenance); the template carries no ACL predicate, so rows are post-filtered`,
    }),
  );
  return { candidates, lackingProvenance: lacking };
}

/** The template a cypher-mode request names, or an invalid-request error that says which exist. */
export function requireTemplate(id: string | undefined, saved: readonly SavedQuery[]): SavedQuery {
  const known = [...BUILTIN_TEMPLATES, ...saved].map((template) => template.id);
  if (!id) throw new LensError('invalid_input', 'cypher mode needs options.template_id.', { hint: `Pick one of: ${known.join(', ')}.` });
  const template = findTemplate(id, saved);
  if (!template) throw new LensError('invalid_input', `There is no query template "${id}".`, { hint: `Pick one of: ${known.join(', ')}.` });
  return template;
}

/** `cypher` mode: the template the request names (built in or saved), run through the read-only guard. */
export const cypherTemplateRetriever: Retriever = {
  embedsQuery: false,
  searchesWords: false,
  retrieve: (run) => templateCandidates(run, requireTemplate(run.options.template_id, run.savedTemplates())),
};
