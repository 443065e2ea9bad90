// Which chunk properties the retrieval queries return, named one by one. A map projection `c { .* }`
// reads every property, the embedding too (384 floats or more) only to blank it, on every row a
// candidate or expansion query returns (ten for vector mode, thirty for full-text's spread).
import { aclTermProperties, entityAclProperties } from '../../shared/acl/compile-acl-to-lucene';
import type { AccessPolicy } from '../../shared/acl/access-policy';
import type { SchemaProfile } from '../../shared/schema-profile';

/**
 * The chunk properties a run reads from its candidates: the profile's (id, text, position, span,
 * heading path, partition: what an item is made of) and those the access policy reads on a chunk
 * (what the TypeScript re-check and the access explanation judge), less the embedding and the ACL
 * terms. Nothing else of a candidate's chunk reaches an item, a trace or a screen: a reader of
 * another chunk property must be added here. (The provenance graph and the why-not queries read
 * whole chunks through their own queries.)
 */
export function chunkKeys(profile: SchemaProfile, policy: AccessPolicy): readonly string[] {
  const { embedding, aclTerms } = profile.properties.chunk;
  const keys = new Set([...Object.values(profile.properties.chunk), ...aclTermProperties(policy).chunk]);
  keys.delete(embedding);
  keys.delete(aclTerms);
  return [...keys].sort();
}

/**
 * The document properties a run reads from its candidates' documents: the profile's (id, title,
 * source, type, version, dates, validity, successor, language, workspace, visibility), the ADR's
 * (status, decision date, supersession) and those the access policy reads on a document (what the
 * TypeScript re-check, the filters and the access explanation judge). A document map `d { .* }`
 * would also carry whatever else a user's graph keeps on its documents, such as a whole document's
 * text (`raw_content`, LangChain's `text`) or an embedding, on every row a candidate query returns:
 * a reader of another document property must be added here.
 */
export function documentKeys(profile: SchemaProfile, policy: AccessPolicy): readonly string[] {
  const { document, adr } = profile.properties;
  return [...new Set([...Object.values(document), ...Object.values(adr), ...aclTermProperties(policy).document])].sort();
}

/**
 * The properties a run reads of an entity graph mode's expansion reaches (a service, an API, a
 * repository, an owner, an incident): the profile's ids and names and those the access policy's entity
 * decision reads. Not the whole node, which on a user's graph may hold a description's embedding or a
 * long text. (An entity without its profile id is named by its first `…_id` property, which the
 * expansion sends apart: `graphExpansion`.)
 */
export function entityKeys(profile: SchemaProfile, policy: AccessPolicy): readonly string[] {
  const { service, api, repository, owner, incident, entity } = profile.properties;
  const named = [service, api, repository, owner, incident, entity].flatMap((names) => Object.values(names));
  return [...new Set([...named, ...entityAclProperties(policy)])].sort();
}

/** What the candidate and expansion queries name of a chunk, a document and an entity (retrieval-queries.ts). */
export interface ProjectionKeys {
  readonly chunk: readonly string[];
  readonly document: readonly string[];
  readonly entity: readonly string[];
}

/**
 * The properties an entity-names index hit is read with (entity-queries.ts, `entityHits`): the index's
 * own, which the naming judge reads, and what an entity, or an ADR found by its number (a document),
 * is judged and named by. Not the whole node: a GraphRAG import keeps a description and its
 * embedding on every entity, and the read returns up to fifty hits per question.
 */
export function entityHitKeys(keys: ProjectionKeys, indexProperties: readonly string[]): readonly string[] {
  return [...new Set([...indexProperties, ...keys.entity, ...keys.document])].sort();
}

/** The chunk, document and entity properties a run reads, for `profile` and `policy`. */
export function projectionKeys(profile: SchemaProfile, policy: AccessPolicy): ProjectionKeys {
  return { chunk: chunkKeys(profile, policy), document: documentKeys(profile, policy), entity: entityKeys(profile, policy) };
}
