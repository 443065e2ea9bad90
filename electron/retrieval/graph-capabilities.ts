import { ACL_TERMS_SCHEME, type AclTermProperties } from '../../shared/acl/compile-acl-to-lucene';
import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import { INDEXES, RECORDED_ACL_TERMS, SERVER_COMPONENTS } from '../graph/introspection-queries';
import type { GraphGateway } from '../graph/read-gateway';

/** What the connected graph can do for retrieval, read once per gateway. */
export interface GraphCapabilities {
  readonly version: string;
  /** True from Neo4j 2026.01: the Cypher 25 SEARCH clause with in-index filters. */
  readonly searchClause: boolean;
  readonly vectorIndex: { readonly name: string; readonly dimensions: number | null; readonly filterable: readonly string[]; readonly online: boolean } | null;
  readonly fulltextIndex: { readonly name: string; readonly properties: readonly string[]; readonly online: boolean } | null;
  /**
   * ACL terms on the chunks, indexed in the full-text index, in the encoding this build writes:
   * full-text search can then filter inside the index. Null when the graph has none, the index does
   * not hold them, or they were written in another encoding (the reason says which).
   */
  readonly fulltextAclTerms: { readonly property: string; readonly covered: AclTermProperties } | null;
  /** Why `fulltextAclTerms` is null, for the trace; null when it is set. */
  readonly fulltextAclTermsMissing: string | null;
}

const cache = new WeakMap<GraphGateway, Promise<GraphCapabilities>>();

function releaseYear(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '0', 10);
}

async function read(gateway: GraphGateway, profile: SchemaProfile, deadline: Deadline): Promise<GraphCapabilities> {
  const options = { deadline, stage: 'capabilities' };
  const kernel = (await gateway.read(SERVER_COMPONENTS, {}, options)).rows.find((row) => row.name === 'Neo4j Kernel');
  const version = Array.isArray(kernel?.versions) ? String(kernel.versions[0]) : 'unknown';
  const indexes = (await gateway.read(INDEXES, {}, options)).rows;
  const vector = indexes.find((row) => row.name === profile.indexes.chunkVector && row.type === 'VECTOR');
  const fulltext = indexes.find((row) => row.name === profile.indexes.chunkFulltext && row.type === 'FULLTEXT');
  const recorded = (await gateway.read(RECORDED_ACL_TERMS, {}, options)).rows[0];
  const termsProperty = profile.properties.chunk.aclTerms;
  const fulltextProperties = Array.isArray(fulltext?.properties) ? fulltext.properties.map(String) : [];
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  let fulltextAclTerms: GraphCapabilities['fulltextAclTerms'] = null;
  let fulltextAclTermsMissing: string | null = null;
  if (!fulltext) fulltextAclTermsMissing = 'there is no full-text index';
  else if (!fulltextProperties.includes(termsProperty)) fulltextAclTermsMissing = `the index holds no ACL fields (no ${termsProperty})`;
  else if (!recorded || recorded.property !== termsProperty || recorded.index !== fulltext.name) fulltextAclTermsMissing = `the graph does not record how ${termsProperty} was written`;
  else if (recorded.scheme !== ACL_TERMS_SCHEME) fulltextAclTermsMissing = `${termsProperty} is in encoding ${String(recorded.scheme)}, this build reads ${ACL_TERMS_SCHEME}; reload the graph`;
  else fulltextAclTerms = { property: termsProperty, covered: { document: strings(recorded.document_properties), chunk: strings(recorded.chunk_properties) } };
  const config = ((vector?.options as Record<string, unknown> | undefined)?.indexConfig ?? {}) as Record<string, unknown>;
  const vectorProperties = Array.isArray(vector?.properties) ? vector.properties.map(String) : [];
  return {
    version,
    searchClause: releaseYear(version) >= 2026,
    // Properties after the embedding are the index's additional, filterable ones (2026.01+).
    vectorIndex: vector
      ? { name: String(vector.name), dimensions: typeof config['vector.dimensions'] === 'number' ? config['vector.dimensions'] : null, filterable: vectorProperties.slice(1), online: vector.state === 'ONLINE' }
      : null,
    fulltextIndex: fulltext ? { name: String(fulltext.name), properties: fulltextProperties, online: fulltext.state === 'ONLINE' } : null,
    fulltextAclTerms,
    fulltextAclTermsMissing,
  };
}

/** The capabilities of the gateway's graph, read on first use and then cached (a failed read is not cached). */
export function graphCapabilities(gateway: GraphGateway, profile: SchemaProfile, deadline: Deadline): Promise<GraphCapabilities> {
  const cached = cache.get(gateway);
  if (cached) return cached;
  const pending = read(gateway, profile, deadline);
  cache.set(gateway, pending);
  pending.catch(() => cache.delete(gateway));
  return pending;
}
