import { z } from 'zod';
import { schemaIssueText } from './errors/schema-issue-messages';

/** A label, relationship type or property name: spliced into Cypher, so only plain identifiers are accepted. */
export const CypherName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, schemaIssueText('identifier_format'));

const names = <T extends Record<string, z.ZodTypeAny>>(shape: T) => z.object(shape).strict();

/**
 * Where a graph keeps what Provenance Lens reads: labels, relationship types, property names
 * and index names. Real graphs differ; the default matches the demo and ../shared/DESIGN.md.
 */
export const SchemaProfile = z
  .object({
    name: z.string().min(1),
    labels: names({
      document: CypherName,
      adr: CypherName,
      chunk: CypherName,
      evidence: CypherName,
      claim: CypherName,
      service: CypherName,
      api: CypherName,
      repository: CypherName,
      owner: CypherName,
      incident: CypherName,
      principal: CypherName,
      group: CypherName,
    }),
    relationships: names({
      partOf: CypherName,
      locatedIn: CypherName,
      supportedBy: CypherName,
      about: CypherName,
      supersededBy: CypherName,
      exposes: CypherName,
      implementedBy: CypherName,
      ownedBy: CypherName,
      affectedBy: CypherName,
      memberOf: CypherName,
    }),
    /** Property names per label; the ACL properties are listed here too. */
    properties: names({
      document: names({
        id: CypherName,
        sourceUri: CypherName,
        title: CypherName,
        docType: CypherName,
        workspaceId: CypherName,
        visibility: CypherName,
        ownerId: CypherName,
        allowedGroups: CypherName,
        updatedAt: CypherName,
        sourceVersion: CypherName,
        validFrom: CypherName,
        validTo: CypherName,
        supersededBy: CypherName,
      }),
      adr: names({ id: CypherName, status: CypherName, decidedAt: CypherName }),
      chunk: names({
        id: CypherName,
        text: CypherName,
        embedding: CypherName,
        aclPartition: CypherName,
        /** The ACL terms the loader denormalises onto each chunk for in-index full-text filtering (compile-acl-to-lucene.ts). */
        aclTerms: CypherName.default('acl_terms'),
        position: CypherName,
        startChar: CypherName,
        endChar: CypherName,
      }),
      evidence: names({ id: CypherName, quote: CypherName, startChar: CypherName, endChar: CypherName }),
      claim: names({ id: CypherName, text: CypherName }),
    }),
    indexes: names({
      chunkVector: CypherName,
      chunkFulltext: CypherName,
      entityNames: CypherName,
    }),
  })
  .strict();
export type SchemaProfile = z.infer<typeof SchemaProfile>;

/** The default profile: the graph the demo loader writes and the seeds describe. */
export const DEFAULT_SCHEMA_PROFILE: SchemaProfile = SchemaProfile.parse({
  name: 'default',
  labels: {
    document: 'Document',
    adr: 'ADR',
    chunk: 'Chunk',
    evidence: 'Evidence',
    claim: 'Claim',
    service: 'Service',
    api: 'API',
    repository: 'Repository',
    owner: 'Owner',
    incident: 'Incident',
    principal: 'Principal',
    group: 'Group',
  },
  relationships: {
    partOf: 'PART_OF',
    locatedIn: 'LOCATED_IN',
    supportedBy: 'SUPPORTED_BY',
    about: 'ABOUT',
    supersededBy: 'SUPERSEDED_BY',
    exposes: 'EXPOSES',
    implementedBy: 'IMPLEMENTED_BY',
    ownedBy: 'OWNED_BY',
    affectedBy: 'AFFECTED_BY',
    memberOf: 'MEMBER_OF',
  },
  properties: {
    document: {
      id: 'document_id',
      sourceUri: 'source_uri',
      title: 'title',
      docType: 'doc_type',
      workspaceId: 'workspace_id',
      visibility: 'visibility',
      ownerId: 'owner_id',
      allowedGroups: 'allowed_groups',
      updatedAt: 'updated_at',
      sourceVersion: 'source_version',
      validFrom: 'valid_from',
      validTo: 'valid_to',
      supersededBy: 'superseded_by',
    },
    adr: { id: 'adr_id', status: 'status', decidedAt: 'decided_at' },
    chunk: {
      id: 'chunk_id',
      text: 'text',
      embedding: 'embedding',
      aclPartition: 'acl_partition',
      aclTerms: 'acl_terms',
      position: 'position',
      startChar: 'start_char',
      endChar: 'end_char',
    },
    evidence: { id: 'evidence_id', quote: 'quote', startChar: 'start_char', endChar: 'end_char' },
    claim: { id: 'claim_id', text: 'text' },
  },
  indexes: { chunkVector: 'chunk_embedding', chunkFulltext: 'chunk_fulltext', entityNames: 'entity_names' },
});

/** Labels the retrieval cannot work without; the others (entities, principals) are optional. */
export function requiredLabels(profile: SchemaProfile): string[] {
  return [profile.labels.document, profile.labels.chunk];
}

/**
 * The id property of an entity, principal or group node, by the label's role in the profile: the
 * profile names these labels but not their properties, which are the ones the demo loader writes
 * (`service_id` on a Service, whatever the profile calls the label).
 */
export const ENTITY_ID_PROPERTIES = {
  service: 'service_id',
  api: 'api_id',
  repository: 'repository_id',
  owner: 'owner_id',
  incident: 'incident_id',
  principal: 'principal_id',
  group: 'group_id',
} as const satisfies Partial<Record<keyof SchemaProfile['labels'], string>>;

/** The id property of a node with these labels by `ENTITY_ID_PROPERTIES`, or null when none of its labels has a role there. */
export function entityIdProperty(labels: readonly string[], profile: SchemaProfile): string | null {
  for (const [role, property] of Object.entries(ENTITY_ID_PROPERTIES))
    if (labels.includes(profile.labels[role as keyof typeof ENTITY_ID_PROPERTIES])) return property;
  return null;
}
