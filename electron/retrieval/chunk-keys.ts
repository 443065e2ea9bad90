// Which chunk properties the retrieval queries return, named one by one. A map projection `c { .* }`
// reads every property, the embedding too (384 floats or more) only to blank it, on every row a
// candidate or expansion query returns (ten for vector mode, thirty for full-text's spread).
import { aclTermProperties } from '../../shared/acl/compile-acl-to-lucene';
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

/** What the candidate and expansion queries name of a chunk and of a document (retrieval-queries.ts). */
export interface ProjectionKeys {
  readonly chunk: readonly string[];
  readonly document: readonly string[];
}

/** The chunk and document properties a run reads, for `profile` and `policy`. */
export function projectionKeys(profile: SchemaProfile, policy: AccessPolicy): ProjectionKeys {
  return { chunk: chunkKeys(profile, policy), document: documentKeys(profile, policy) };
}
