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
