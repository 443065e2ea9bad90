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
        /** The document's language, which the request's language filter compares. */
        language: CypherName.default('language'),
        /** The loader's path of the source file relative to the loaded folder (ADR suggestions show it). */
        file: CypherName.default('file'),
      }),
      adr: names({
        id: CypherName,
        status: CypherName,
        decidedAt: CypherName,
        /** What `decidedAt` is the date of (`decision`, or `proposal` when only the date it was proposed on dates it). */
        datedBy: CypherName.default('dated_by'),
        /** The status line as the record writes it (quoted by the ADR list and the suggestions). */
        statusText: CypherName.default('status_text'),
        /** A successor named outside the graph (a link to another site): freshness names it. */
        successorOutside: CypherName.default('successor_outside'),
        /** Whether `superseded_by` replaces all of the record ('full') or part ('partial'). */
        supersession: CypherName.default('supersession'),
      }),
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
        /** The headings above the chunk, outermost first (the provenance view's caption shows the last). */
        headingPath: CypherName.default('heading_path'),
      }),
      evidence: names({ id: CypherName, quote: CypherName, startChar: CypherName, endChar: CypherName }),
      claim: names({ id: CypherName, text: CypherName }),
      // The parts below were added later: a profile file without them gets the demo's names.
      /** The supersession relationship's properties (`relationships.supersededBy`). */
      supersededBy: names({ partial: CypherName.default('partial'), drift: CypherName.default('drift') }).prefault({}),
      /** What every entity label (service, API, repository, owner, incident) may carry to be named by. */
      entity: names({ name: CypherName.default('name'), path: CypherName.default('path'), title: CypherName.default('title') }).prefault(
        {},
      ),
      service: names({ id: CypherName.default('service_id') }).prefault({}),
      api: names({ id: CypherName.default('api_id') }).prefault({}),
      repository: names({ id: CypherName.default('repository_id') }).prefault({}),
      owner: names({ id: CypherName.default('owner_id') }).prefault({}),
      incident: names({
        id: CypherName.default('incident_id'),
        /** The id of the document that is the incident's report. */
        document: CypherName.default('document_id'),
      }).prefault({}),
      principal: names({
        id: CypherName.default('principal_id'),
        displayName: CypherName.default('display_name'),
        workspaceId: CypherName.default('workspace_id'),
        aclPartitions: CypherName.default('acl_partitions'),
        description: CypherName.default('description'),
      }).prefault({}),
      group: names({ id: CypherName.default('group_id'), name: CypherName.default('name') }).prefault({}),
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
      language: 'language',
      file: 'file',
    },
    adr: {
      id: 'adr_id',
      status: 'status',
      decidedAt: 'decided_at',
      datedBy: 'dated_by',
      statusText: 'status_text',
      successorOutside: 'successor_outside',
      supersession: 'supersession',
    },
    chunk: {
      id: 'chunk_id',
      text: 'text',
      embedding: 'embedding',
      aclPartition: 'acl_partition',
      aclTerms: 'acl_terms',
      position: 'position',
      startChar: 'start_char',
      endChar: 'end_char',
      headingPath: 'heading_path',
    },
    evidence: { id: 'evidence_id', quote: 'quote', startChar: 'start_char', endChar: 'end_char' },
    claim: { id: 'claim_id', text: 'text' },
    supersededBy: { partial: 'partial', drift: 'drift' },
    entity: { name: 'name', path: 'path', title: 'title' },
    service: { id: 'service_id' },
    api: { id: 'api_id' },
    repository: { id: 'repository_id' },
    owner: { id: 'owner_id' },
    incident: { id: 'incident_id', document: 'document_id' },
    principal: {
      id: 'principal_id',
      displayName: 'display_name',
      workspaceId: 'workspace_id',
      aclPartitions: 'acl_partitions',
      description: 'description',
    },
    group: { id: 'group_id', name: 'name' },
  },
  indexes: { chunkVector: 'chunk_embedding', chunkFulltext: 'chunk_fulltext', entityNames: 'entity_names' },
});

/** Labels the retrieval cannot work without; the others (entities, principals) are optional. */
export function requiredLabels(profile: SchemaProfile): string[] {
  return [profile.labels.document, profile.labels.chunk];
}

/** The labels whose id property the profile names by role (`properties.<role>.id`). */
const ID_ROLES = ['service', 'api', 'repository', 'owner', 'incident', 'principal', 'group'] as const;

/**
 * The id property of an entity, principal or group node, by the label's role in the profile
 * (`properties.incident.id` on the profile's incident label, whatever it is called), or null when
 * none of its labels has such a role.
 */
export function entityIdProperty(labels: readonly string[], profile: SchemaProfile): string | null {
  for (const role of ID_ROLES) if (labels.includes(profile.labels[role])) return profile.properties[role].id;
  return null;
}
