// The Cypher of the leak check, built in one place from the schema profile (labels, relationship
// types and property names are validated identifiers) with every id passed as a parameter. Each
// query reads, for a list of ids, the nodes and the access properties that decide who may see them;
// one row per id, so a missing node comes back as a row with nothing found. The row schemas are the
// boundary: rows are parsed with them before use.
import { z } from 'zod';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import { chunkMachineProperties } from '../retrieval/retrieval-queries';
import { storedIdForms } from '../graph/stored-id';

/** A node's properties as read (the chunk's text and machine properties blanked). */
const Props = z.record(z.string(), z.unknown());
export type Props = z.infer<typeof Props>;

/** A chunk with every document it is part of. */
export const ChunkScopeRow = z.object({ id: z.string(), chunk: Props.nullable(), documents: z.array(Props) });
export type ChunkScopeRow = z.infer<typeof ChunkScopeRow>;

/** The documents holding an id (more than one only in a graph whose ids are not unique). */
export const DocumentScopeRow = z.object({ id: z.string(), documents: z.array(Props) });
export type DocumentScopeRow = z.infer<typeof DocumentScopeRow>;

/** A claim or evidence: whether it exists, and the chunks (with their documents) it is visible through. */
export const ViaChunkRow = z.object({
  id: z.string(),
  found: z.boolean(),
  via: z.array(z.object({ chunk_id: z.string().nullable(), chunk: Props, document: Props.nullable() })),
});
export type ViaChunkRow = z.infer<typeof ViaChunkRow>;

/** An entity named on a path by label and id. */
export const EntityScopeRow = z.object({ label: z.string(), id: z.string(), entities: z.array(Props) });
export type EntityScopeRow = z.infer<typeof EntityScopeRow>;

const chunkProjection = (profile: SchemaProfile, v: string) =>
  `${v} { .*, ${chunkMachineProperties(profile)}, ${q(profile.properties.chunk.text)}: null }`;

/** Chunks by id (`$ids`), each with the documents it is PART_OF. */
export function chunkScope(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  return defineQuery(
    'compare-chunk-scope',
    `UNWIND $ids AS id
     OPTIONAL MATCH (c:${q(L.chunk)}) WHERE c.${q(P.chunk.id)} IN ${storedIdForms('id')}
     CALL (c) {
       OPTIONAL MATCH (c)-[:${q(R.partOf)}]->(d:${q(L.document)})
       RETURN collect(d { .* }) AS documents
     }
     RETURN id, CASE WHEN c IS NULL THEN null ELSE ${chunkProjection(profile, 'c')} END AS chunk, documents`,
  );
}

/** Documents by id (`$ids`). */
export function documentScope(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'compare-document-scope',
    `UNWIND $ids AS id
     OPTIONAL MATCH (d:${q(L.document)}) WHERE d.${q(P.document.id)} IN ${storedIdForms('id')}
     RETURN id, collect(d { .* }) AS documents`,
  );
}

/**
 * Claims or evidence by id (`$ids`), each with whether it exists and the chunks (at most
 * `$via_limit`, each with its document) it is visible through: a claim's evidence chunks, the chunk
 * evidence is located in.
 */
export function viaChunkScope(profile: SchemaProfile, kind: 'claim' | 'evidence'): BuiltInQuery {
  const { labels: L, relationships: R, properties: P } = profile;
  const toChunk = `-[:${q(R.locatedIn)}]->(c:${q(L.chunk)})`;
  const pattern = kind === 'claim' ? `(x)-[:${q(R.supportedBy)}]->(:${q(L.evidence)})${toChunk}` : `(x)${toChunk}`;
  return defineQuery(
    `compare-${kind}-scope`,
    `UNWIND $ids AS id
     OPTIONAL MATCH (x:${q(L[kind])} {${q(P[kind].id)}: id})
     CALL (x) {
       OPTIONAL MATCH ${pattern}
       OPTIONAL MATCH (c)-[:${q(R.partOf)}]->(d:${q(L.document)})
       WITH c, d WHERE c IS NOT NULL
       WITH c, d ORDER BY c.${q(P.chunk.id)}
       RETURN collect({ chunk_id: c.${q(P.chunk.id)}, chunk: ${chunkProjection(profile, 'c')}, document: d { .* } })[0..$via_limit] AS via
     }
     RETURN id, x IS NOT NULL AS found, via`,
  );
}

/**
 * Entities named on a path (`$entities`: `{label, id}`), found by label and an id property equal to
 * the id, as the graph retriever names them: the id property the profile gives an entity, principal
 * or group role (`properties.<role>.id`), or any `…_id` property. A label scan per entity: paths the
 * app builds carry none today, so this runs only for runs from elsewhere.
 */
export function entityScope(profile: SchemaProfile): BuiltInQuery {
  const P = profile.properties;
  const ids = [P.service, P.api, P.repository, P.owner, P.incident, P.principal, P.group].map((role) => `'${role.id}'`).join(', ');
  return defineQuery(
    'compare-entity-scope',
    `UNWIND $entities AS e
   OPTIONAL MATCH (n) WHERE e.label IN labels(n) AND any(k IN keys(n) WHERE (k IN [${ids}] OR k ENDS WITH '_id') AND n[k] = e.id)
   RETURN e.label AS label, e.id AS id, collect(n { .* }) AS entities`,
  );
}
