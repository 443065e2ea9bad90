// The Cypher of the provenance view, built in one place from the schema profile (labels, relationship
// types and property names are validated identifiers) with every value passed as a parameter. The
// row schemas below are the boundary: each query's rows are parsed with them before use.
import { z } from 'zod';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { chunkMachineProperties } from '../retrieval/retrieval-queries';
import { storedIdForms, storedIdListForms } from '../graph/stored-id';

/** A node as the view reads it: element id, labels, and its properties without the embedding. */
export const NodeView = z.object({ id: z.string(), labels: z.array(z.string()), props: z.record(z.string(), z.unknown()) });
export type NodeView = z.infer<typeof NodeView>;

/** A relationship as the view reads it: element id, type and the element ids of its ends. */
export const RelView = z.object({ id: z.string(), type: z.string(), source: z.string(), target: z.string() });
export type RelView = z.infer<typeof RelView>;

/** The chunk and document that decide whether a claim, evidence or chunk is visible. */
export const AccessPair = z.object({ chunk: z.record(z.string(), z.unknown()), document: z.record(z.string(), z.unknown()).nullable() });
export type AccessPair = z.infer<typeof AccessPair>;

const count = z.number().int();

export const ItemChunkRow = z.object({ chunk: NodeView, document: NodeView.nullable(), part_of: RelView.nullable() });
export type ItemChunkRow = z.infer<typeof ItemChunkRow>;

export const EvidenceEntry = z.object({
  supported_by: RelView,
  evidence: NodeView,
  located_in: RelView.nullable(),
  chunk: NodeView.nullable(),
  part_of: RelView.nullable(),
  document: NodeView.nullable(),
});
export type EvidenceEntry = z.infer<typeof EvidenceEntry>;

export const ClaimRow = z.object({
  claim: NodeView,
  evidence_total: count,
  evidence: z.array(EvidenceEntry),
  about_total: count,
  about: z.array(z.object({ rel: RelView, entity: NodeView })),
  omitted_claims: count,
  omitted_evidence: count,
  omitted_about: count,
});
export type ClaimRow = z.infer<typeof ClaimRow>;

/** A supersession link with the loader's `partial` and `drift` flags (false when the edge has none). */
export const SupersessionLink = z.object({ rel: RelView, start: NodeView, end: NodeView, partial: z.boolean(), drift: z.boolean() });
export type SupersessionLink = z.infer<typeof SupersessionLink>;

export const SupersessionRow = z.object({ total: count, links: z.array(SupersessionLink) });
export type SupersessionRow = z.infer<typeof SupersessionRow>;

export const NeighbourhoodRow = z.object({
  node: NodeView,
  access: z.array(AccessPair),
  total_nodes: count,
  total_edges: count,
  neighbours: z.array(z.object({ node: NodeView, rels: z.array(RelView), access: z.array(AccessPair) })),
});
export type NeighbourhoodRow = z.infer<typeof NeighbourhoodRow>;

function nodeView(profile: SchemaProfile, v: string): string {
  return `{id: elementId(${v}), labels: labels(${v}), props: ${v} { .*, ${chunkMachineProperties(profile)} }}`;
}

function maybeNode(profile: SchemaProfile, v: string): string {
  return `CASE WHEN ${v} IS NULL THEN null ELSE ${nodeView(profile, v)} END`;
}

function relView(r: string): string {
  return `{id: elementId(${r}), type: type(${r}), source: elementId(startNode(${r})), target: elementId(endNode(${r}))}`;
}

function maybeRel(r: string): string {
  return `CASE WHEN ${r} IS NULL THEN null ELSE ${relView(r)} END`;
}

/**
 * The chunks and documents that decide the visibility of `x` (a claim through its evidence chunks,
 * evidence through its chunk, a chunk through itself), as `access`. Bounded by `$access_limit`: a
 * claim whose first chunks are all hidden stays hidden (fail closed).
 */
function accessContext(profile: SchemaProfile, x: string): string {
  const { labels: L, relationships: R, properties: P } = profile;
  return `CALL (${x}) {
       CALL (${x}) {
         MATCH (${x})-[:${q(R.supportedBy)}]->(:${q(L.evidence)})-[:${q(R.locatedIn)}]->(ac:${q(L.chunk)}) WHERE ${x}:${q(L.claim)} RETURN ac
         UNION
         MATCH (${x})-[:${q(R.locatedIn)}]->(ac:${q(L.chunk)}) WHERE ${x}:${q(L.evidence)} RETURN ac
         UNION
         WITH ${x} AS ac WHERE ac:${q(L.chunk)} RETURN ac
       }
       WITH ac LIMIT $access_limit
       OPTIONAL MATCH (ac)-[:${q(R.partOf)}]->(ad:${q(L.document)})
       RETURN collect({ chunk: ac { .*, ${chunkMachineProperties(profile)}, ${q(P.chunk.text)}: null }, document: ad { .* } }) AS access
     }`;
}

/** The chunks of the requested items, each with its document. */
export function itemChunks(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'provenance-item-chunks',
    `UNWIND $chunk_ids AS chunk_id
     MATCH (c:${q(L.chunk)}) WHERE c.${q(P.chunk.id)} IN ${storedIdForms('chunk_id')}
     OPTIONAL MATCH (c)-[p:${q(R.partOf)}]->(d:${q(L.document)})
     RETURN ${nodeView(profile, 'c')} AS chunk, ${maybeNode(profile, 'd')} AS document, ${maybeRel('p')} AS part_of`,
  );
}

/**
 * The items' own claims (`$claim_ids`, first) and every other claim with evidence in the items'
 * chunks, each with its evidence → chunk → document and the entities it is ABOUT. At most
 * `$claim_limit` claims and `$per_claim_limit` evidence and entities per claim are read; the rest is
 * counted, so the view can say how much it did not draw.
 */
export function itemClaims(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'provenance-item-claims',
    `CALL () {
       MATCH (cl:${q(L.claim)}) WHERE cl.${q(P.claim.id)} IN $claim_ids RETURN cl, 0 AS tier
       UNION
       MATCH (cl:${q(L.claim)})-[:${q(R.supportedBy)}]->(:${q(L.evidence)})-[:${q(R.locatedIn)}]->(c:${q(L.chunk)}) WHERE c.${q(P.chunk.id)} IN ${storedIdListForms('$chunk_ids')} RETURN cl, 1 AS tier
     }
     WITH cl, min(tier) AS tier
     ORDER BY tier, cl.${q(P.claim.id)}
     WITH collect(cl) AS claims
     CALL (claims) {
       UNWIND claims[$claim_limit..] AS rest
       RETURN count(rest) AS omitted_claims,
              sum(COUNT { (rest)-[:${q(R.supportedBy)}]->(:${q(L.evidence)}) }) AS omitted_evidence,
              sum(COUNT { (rest)-[:${q(R.about)}]->() }) AS omitted_about
     }
     UNWIND claims[0..$claim_limit] AS cl
     CALL (cl) {
       MATCH (cl)-[s:${q(R.supportedBy)}]->(e:${q(L.evidence)})
       OPTIONAL MATCH (e)-[l:${q(R.locatedIn)}]->(c:${q(L.chunk)})
       OPTIONAL MATCH (c)-[p:${q(R.partOf)}]->(d:${q(L.document)})
       WITH s, e, l, c, p, d ORDER BY e.${q(P.evidence.id)}
       RETURN count(*) AS evidence_total,
              collect({ supported_by: ${relView('s')}, evidence: ${nodeView(profile, 'e')}, located_in: ${maybeRel('l')},
                        chunk: ${maybeNode(profile, 'c')}, part_of: ${maybeRel('p')}, document: ${maybeNode(profile, 'd')} })[0..$per_claim_limit] AS evidence
     }
     CALL (cl) {
       MATCH (cl)-[a:${q(R.about)}]->(n)
       WITH a, n ORDER BY elementId(n)
       RETURN count(*) AS about_total, collect({ rel: ${relView('a')}, entity: ${nodeView(profile, 'n')} })[0..$per_claim_limit] AS about
     }
     RETURN ${nodeView(profile, 'cl')} AS claim, evidence_total, evidence, about_total, about, omitted_claims, omitted_evidence, omitted_about`,
  );
}

/** SUPERSEDED_BY links of the given ADR documents (by element id), in both directions, at most `$fanout`, with their partial and drift flags. */
export function supersessionLinks(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R } = profile;
  const S = profile.properties.supersededBy;
  return defineQuery(
    'provenance-supersession',
    `UNWIND $document_ids AS id
     MATCH (d:${q(L.adr)}) WHERE elementId(d) = id
     MATCH (d)-[s:${q(R.supersededBy)}]-(:${q(L.adr)})
     WITH DISTINCT s
     WITH s, startNode(s) AS a, endNode(s) AS b ORDER BY elementId(s)
     WITH collect({ rel: ${relView('s')}, start: ${nodeView(profile, 'a')}, end: ${nodeView(profile, 'b')},
                    partial: coalesce(s.${q(S.partial)} = true, false), drift: coalesce(s.${q(S.drift)} = true, false) }) AS links
     RETURN size(links) AS total, links[0..$fanout] AS links`,
  );
}

/**
 * One node (by element id) with its access context, the total number of its neighbours and
 * relationships, and its first `$limit` neighbours (chunks in document order first) each with the
 * relationships to it and its own access context.
 */
export function nodeNeighbourhood(profile: SchemaProfile): BuiltInQuery {
  return defineQuery(
    'provenance-expand',
    `MATCH (n) WHERE elementId(n) = $node_id
     ${accessContext(profile, 'n')}
     CALL (n) {
       OPTIONAL MATCH (n)-[r]-(m)
       RETURN count(DISTINCT m) AS total_nodes, count(r) AS total_edges
     }
     CALL (n) {
       MATCH (n)-[r]-(m)
       WITH m, collect(${relView('r')}) AS rels
       ORDER BY m.${q(profile.properties.chunk.position)}, elementId(m)
       LIMIT $limit
       ${accessContext(profile, 'm')}
       RETURN collect({ node: ${nodeView(profile, 'm')}, rels: rels, access: access }) AS neighbours
     }
     RETURN ${nodeView(profile, 'n')} AS node, access, total_nodes, total_edges, neighbours`,
  );
}
