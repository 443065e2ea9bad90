import { text, type Candidate, type NodeProps, type PathNode } from './candidate';
import { entityIdProperty } from '../../shared/schema-profile';
import { stageNote } from '../../shared/stage-note-messages';
import { embeddingStarted, hybridCandidates } from './hybrid-retriever';
import { runGraphState } from './graph-state';
import { FIRST_ID_KEY, graphExpansion } from './retrieval-queries';
import type { RetrievalRun } from './retrieval-run';
import { sourced, type Retriever } from './retriever';
import { chunkProps, documentsOf } from './candidate-rows';
import { timedStage } from './retrieval-stages';

/** A claim's evidence one hop away counts half as much as the evidence in the seed chunk itself. */
const HOP_DECAY = 0.5;

/** One evidence of a claim, with its chunk and every document of the chunk (each read once: the candidates are made per document here). */
interface EvidenceRow {
  evidence: NodeProps;
  chunk: NodeProps;
  documents: NodeProps[];
}

interface EntityRow {
  labels: string[] | null;
  props: NodeProps | null;
  via: string | null;
  near_labels: string[] | null;
  near: NodeProps | null;
}

/** An entity on a claim's path, by its id property (its label's role in the profile), else its first `…_id` property. */
function entityNode(labels: string[] | null, read: NodeProps | null, profile: RetrievalRun['profile']): PathNode | null {
  if (!read || !labels || labels.length === 0) return null;
  // The expansion names the properties it reads (`entityMap`), and sends the first `…_id` apart; a property it named and the entity lacks is null.
  const { [FIRST_ID_KEY]: firstId, ...named } = read;
  const props = chunkProps(named);
  const own = entityIdProperty(labels, profile);
  const id = (own ? props[own] : undefined) ?? firstId ?? Object.entries(props).find(([key]) => key.endsWith('_id'))?.[1];
  return { kind: 'entity', label: labels[0] as string, id: String(id ?? ''), props };
}

/** What the expansion query found: candidates along claim paths, and how many entity nodes it saw. */
interface Expansion {
  readonly candidates: Candidate[];
  readonly entitiesSeen: number;
  /** True: not read, since the run's read of the graph's state counted no evidence link into a chunk. */
  readonly nothingToExpand?: boolean;
}

/**
 * Whether the graph's state this run read counts no evidence link into a chunk (`located`, a
 * count-store count): then no seed can reach a claim, and the expansion's round trip is saved. A
 * graph loaded from a folder of documents has none. Unknown (no state read, or a failed one) is not none.
 */
async function noEvidenceLinks(run: RetrievalRun): Promise<boolean> {
  const state = await runGraphState(run.log)?.catch(() => null);
  return state?.located === 0;
}

/**
 * The candidates of one expansion row: every evidence chunk of the seed's claim, each with its
 * path [Claim, Evidence, Chunk, Document] and the claim's entities beside it. The seed's own
 * chunk keeps the seed's scores and ranks; a chunk one hop away scores HOP_DECAY of the seed.
 */
function claimPaths(
  row: Record<string, unknown>,
  seed: Candidate,
  profile: RetrievalRun['profile'],
): { candidates: Candidate[]; entities: number } {
  const P = profile.properties;
  const claim = row.claim as NodeProps;
  const seedScore = seed.scores.fused ?? seed.scores.vector ?? seed.scores.fulltext ?? 0;
  const claimId = text(claim, P.claim.id) ?? '';
  const claimNode: PathNode = { kind: 'claim', label: profile.labels.claim, id: claimId, props: claim };
  const entities = ((row.entities ?? []) as unknown as EntityRow[])
    .flatMap((entry) => [entityNode(entry.labels, entry.props, profile), entityNode(entry.near_labels, entry.near, profile)])
    .filter((node): node is PathNode => node !== null);
  // A path per document of each evidence chunk, as when the query matched the documents; a chunk of none leads nowhere.
  const candidates = ((row.evidence ?? []) as unknown as EvidenceRow[])
    .flatMap((ev) => {
      const documents = documentsOf(ev.documents);
      return documents.map((document) => ({ ev, document, documents }));
    })
    .map(({ ev, document, documents }): Candidate => {
      const chunk = chunkProps(ev.chunk);
      const chunkId = text(chunk, P.chunk.id) ?? '';
      const inSeed = chunkId === seed.chunk_id;
      return {
        chunk_id: chunkId,
        chunk,
        document,
        documents,
        scores: { ...(inSeed ? seed.scores : {}), graph: seedScore * (inSeed ? 1 : HOP_DECAY) },
        ranks: inSeed ? seed.ranks : {},
        claim: { claim_id: claimId, text: text(claim, P.claim.text) ?? '', evidence_id: text(ev.evidence, P.evidence.id) ?? '' },
        related: entities,
        reachedFrom: seed,
        path: [
          claimNode,
          { kind: 'evidence', label: profile.labels.evidence, id: text(ev.evidence, P.evidence.id) ?? '', props: ev.evidence },
          { kind: 'chunk', label: profile.labels.chunk, id: chunkId, props: chunk },
          { kind: 'document', label: profile.labels.document, id: text(document, P.document.id) ?? '', props: document },
        ],
      };
    });
  return { candidates, entities: entities.length };
}

/** Runs the expansion query from the seeds and turns its rows into claim-path candidates. */
async function expand(run: RetrievalRun, seeds: readonly Candidate[]): Promise<Expansion> {
  if (seeds.length === 0) return { candidates: [], entitiesSeen: 0 };
  if (await noEvidenceLinks(run)) return { candidates: [], entitiesSeen: 0, nothingToExpand: true };
  const result = await run.log.read(
    graphExpansion(run.profile, run.namedKeys),
    { seeds: seeds.map((seed) => seed.chunk_id), hops: run.options.hops },
    { deadline: run.deadline.stage(0.7), stage: 'graph_expansion' },
  );
  const seedById = new Map(seeds.map((seed) => [seed.chunk_id, seed]));
  const candidates: Candidate[] = [];
  let entitiesSeen = 0;
  for (const row of result.rows) {
    const seed = seedById.get(String(row.seed_chunk_id));
    if (!seed || !row.claim) continue;
    const found = claimPaths(row, seed, run.profile);
    candidates.push(...found.candidates);
    entitiesSeen += found.entities;
  }
  return { candidates, entitiesSeen };
}

/** Ids compared by code unit, so the order is the same under any locale. */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of graph candidates: by graph score; among equals claim paths first, then by the rank of
 * the seed they were reached from, then by chunk, claim and evidence id. The expansion's rows come in
 * the order the server stores the claims, so without the ids a claim path tied with another took its
 * place from that order: the same graph loaded again, or copied under other names, answered in
 * another order and kept another claim for a chunk two claims cite.
 */
function byGraphRank(seeds: readonly Candidate[]): (a: Candidate, b: Candidate) => number {
  const seedRank = new Map(seeds.map((seed, index) => [seed.chunk_id, index]));
  const rankOf = (c: Candidate) => seedRank.get((c.reachedFrom ?? c).chunk_id) ?? seeds.length;
  return (a, b) =>
    (b.scores.graph ?? 0) - (a.scores.graph ?? 0) ||
    Number(Boolean(b.claim)) - Number(Boolean(a.claim)) ||
    rankOf(a) - rankOf(b) ||
    byId(a.chunk_id, b.chunk_id) ||
    byId(a.claim?.claim_id ?? '', b.claim?.claim_id ?? '') ||
    byId(a.claim?.evidence_id ?? '', b.claim?.evidence_id ?? '');
}

/**
 * Graph mode: hybrid candidates as seeds, then 1–2 hops along the profile's patterns (seed chunk →
 * evidence → claim → the claim's other evidence chunks and documents; with 2 hops also the claim's
 * entities and their neighbours). Every reached path is closed back to its Chunk and Document and
 * comes out as a candidate with its provenance path; the after-expansion check then re-checks
 * every node on it.
 */
export async function graphCandidates(run: RetrievalRun, queryVector: Promise<Float32Array>): Promise<Candidate[]> {
  const seeds = (await hybridCandidates(run, queryVector)).slice(0, run.request.top_k);
  const { profile } = run;
  const expanded = await timedStage(
    run.log,
    'graph_expansion',
    () => expand(run, seeds),
    ({ candidates, entitiesSeen, nothingToExpand }) => ({
      strategy: nothingToExpand ? 'no_evidence_links' : `expand_${run.options.hops}_hops`,
      candidates_in: seeds.length,
      candidates_out: candidates.length,
      acl: 'none',
      note: nothingToExpand
        ? stageNote('graph_expansion_no_evidence', { seeds: seeds.length, relationship: profile.relationships.locatedIn })
        : stageNote('graph_expansion', {
            seeds: seeds.length,
            claims: new Set(candidates.map((c) => c.claim?.claim_id)).size,
            paths: candidates.length,
            entities: entitiesSeen,
          }),
    }),
  );

  const seedItems: Candidate[] = seeds.map((seed) => ({
    ...seed,
    scores: { ...seed.scores, graph: seed.scores.fused ?? 0 },
    path: [
      { kind: 'chunk', label: profile.labels.chunk, id: seed.chunk_id, props: seed.chunk },
      {
        kind: 'document',
        label: profile.labels.document,
        id: text(seed.document, profile.properties.document.id) ?? '',
        props: seed.document,
      },
    ],
  }));
  // Claim paths first among equals, so packing keeps the evidence (with its claim) over the bare seed chunk.
  const all = [...expanded.candidates, ...seedItems];
  all.sort(byGraphRank(seeds));
  return all.map((candidate, index) => ({ ...candidate, ranks: { ...candidate.ranks, graph: index + 1 } }));
}

/** `graph` mode: hybrid seeds expanded along the profile's patterns, paths closed back to their documents. */
export const graphRetriever: Retriever = {
  embedsQuery: true,
  searchesWords: true,
  retrieve: async (run) => sourced(await graphCandidates(run, embeddingStarted(run))),
};
