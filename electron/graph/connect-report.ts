import { Deadline } from '../../shared/deadline';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { connectReportMessage } from '../../shared/connect-report-messages';
import { ConnectReport, type GraphSchemaSnapshot, type IndexInfo } from '../../shared/connect-report';
import { isLensError } from '../../shared/lens-error';
import { redactUri } from '../../shared/redact-uri';
import { findSchemaMismatches, type EmbedderIdentity } from '../../shared/schema-mismatches';
import { freshnessCandidates, graphCapabilities } from '../../shared/graph-capabilities';
import { profilePropertyNames } from '../../shared/profile-property-names';
import { defaultAccessPolicy, type AccessPolicy } from '../../shared/acl/access-policy';
import { isDeepStrictEqual } from 'node:util';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { PlainValue } from './graph-values';
import {
  CURRENT_USER,
  INDEXES,
  LABELS,
  LOADED_FROM,
  NODE_COUNT,
  PROPERTY_KEYS,
  RECORDED_EMBEDDING,
  RELATIONSHIP_COUNT,
  RELATIONSHIP_TYPES,
  SERVER_COMPONENTS,
  USER_PRIVILEGES,
  chunkLinkCountQuery,
  chunksWithoutDocumentQuery,
  labelCountQuery,
  propertyHeldQuery,
  relationshipPropertyHeldQuery,
  relationshipCountQuery,
} from './introspection-queries';
import type { GraphGateway } from './read-gateway';

/** A report field as its English sentence beside its code and parameters (`note`, `note_code`, `note_params`). */
function said<Field extends string>(field: Field, message: CoreMessage) {
  return { [field]: coreEnglish(message), [`${field}_code`]: message.code, [`${field}_params`]: message.params ?? {} } as Record<
    Field,
    string
  > &
    Record<`${Field}_code`, string> &
    Record<`${Field}_params`, NonNullable<CoreMessage['params']>>;
}

/** Privilege actions that let an account change data or schema. */
const WRITING_ACTIONS =
  /^(write|all_database_privileges|database_actions|create_element|delete_element|set_property|remove_property|set_label|remove_label|merge|index|constraint|create_label|create_reltype|create_propertykey|name_management|access_all|dbms_actions)/i;

const asString = (value: PlainValue | undefined): string | null => (typeof value === 'string' ? value : null);
const asNumber = (value: PlainValue | undefined): number => (typeof value === 'number' ? value : Number(value ?? 0));
const asStrings = (value: PlainValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function indexInfo(row: Record<string, PlainValue>): IndexInfo {
  const options = (row.options ?? {}) as Record<string, PlainValue>;
  const config = (options.indexConfig ?? {}) as Record<string, PlainValue>;
  const dimensions = config['vector.dimensions'];
  return {
    name: asString(row.name) ?? '',
    type: asString(row.type) ?? '',
    entity_type: asString(row.entityType),
    labels_or_types: asStrings(row.labelsOrTypes),
    properties: asStrings(row.properties),
    state: asString(row.state) ?? 'UNKNOWN',
    dimensions: dimensions === undefined || dimensions === null ? null : asNumber(dimensions),
    similarity: asString(config['vector.similarity_function']),
    analyzer: asString(config['fulltext.analyzer']),
  };
}

/**
 * The profile's chunks that are part of no document. The count store answers for the common graph (as
 * many links from chunks as chunks: none is counted, no scan); only a graph with fewer links is scanned.
 */
async function chunksWithoutDocument(
  gateway: GraphGateway,
  options: { deadline: Deadline; stage: string },
  profile: SchemaProfile,
  chunks: number,
) {
  if (chunks === 0) return 0;
  const { chunk, document } = profile.labels;
  const { partOf } = profile.relationships;
  const links = asNumber((await gateway.read(chunkLinkCountQuery(chunk, partOf), {}, options)).rows[0]?.count);
  if (links >= chunks) return 0;
  return asNumber((await gateway.read(chunksWithoutDocumentQuery(chunk, partOf, document), {}, options)).rows[0]?.count);
}

/**
 * The profile's freshness properties some node of their label has now, by label. A name the server
 * never made, or a label it holds no node of, is not read; each other is one read that ends at the first
 * node found (`db.propertyKeys()` keeps a name after its last use, so it cannot answer this alone).
 */
async function heldProperties(
  gateway: GraphGateway,
  options: { deadline: Deadline; stage: string },
  profile: SchemaProfile,
  keys: ReadonlySet<string>,
  labels: readonly { label: string; count: number }[],
): Promise<Record<string, string[]>> {
  const held: Record<string, string[]> = {};
  for (const { label, property } of freshnessCandidates(profile)) {
    if (!keys.has(property) || (labels.find((entry) => entry.label === label)?.count ?? 0) === 0) continue;
    if ((held[label] ?? []).includes(property)) continue;
    const rows = (await gateway.read(propertyHeldQuery(label, property), {}, options)).rows;
    if (rows.length > 0) held[label] = [...(held[label] ?? []), property];
  }
  return held;
}

/** The labels and relationship types the graph holds one or more of. */
function holding(labels: readonly { label: string; count: number }[], types: readonly { type: string; count: number }[]): Set<string> {
  return new Set([
    ...labels.filter((entry) => entry.count > 0).map((entry) => entry.label),
    ...types.filter((entry) => entry.count > 0).map((entry) => entry.type),
  ]);
}

/**
 * The profile's property names some node (or relationship) they are read on holds now. A name the
 * server never made is not read; each other is one read per label or type, ending at the first holder.
 */
async function heldPropertyNames(
  gateway: GraphGateway,
  options: { deadline: Deadline; stage: string },
  profile: SchemaProfile,
  keys: ReadonlySet<string>,
  holds: ReadonlySet<string>,
): Promise<string[]> {
  const names: string[] = [];
  for (const { name, labels, types } of profilePropertyNames(profile, holds)) {
    if (!keys.has(name)) continue;
    const reads = [
      ...labels.map((label) => propertyHeldQuery(label, name)),
      ...types.map((type) => relationshipPropertyHeldQuery(type, name)),
    ];
    for (const read of reads)
      if ((await gateway.read(read, {}, options)).rows.length > 0) {
        names.push(name);
        break;
      }
  }
  return names;
}

/** Reads labels, relationship types, indexes and counts; the per-label counts come from the count store. */
export async function introspectGraph(gateway: GraphGateway, deadline: Deadline, profile: SchemaProfile): Promise<GraphSchemaSnapshot> {
  const vectorIndex = profile.indexes.chunkVector;
  const options = { deadline, stage: 'connect' };
  const labelNames = (await gateway.read(LABELS, {}, options)).rows.map((row) => String(row.label));
  const typeNames = (await gateway.read(RELATIONSHIP_TYPES, {}, options)).rows.map((row) => String(row.relationshipType));
  const labels = [];
  for (const label of labelNames)
    labels.push({ label, count: asNumber((await gateway.read(labelCountQuery(label), {}, options)).rows[0]?.count) });
  const relationshipTypes = [];
  for (const type of typeNames)
    relationshipTypes.push({ type, count: asNumber((await gateway.read(relationshipCountQuery(type), {}, options)).rows[0]?.count) });
  const indexes = (await gateway.read(INDEXES, {}, options)).rows.map(indexInfo);
  const embeddingRow = labelNames.includes('LensEmbeddingInfo')
    ? (await gateway.read(RECORDED_EMBEDDING, { index: vectorIndex }, options)).rows[0]
    : undefined;
  const loadRow = labelNames.includes('LensLoadInfo') ? (await gateway.read(LOADED_FROM, {}, options)).rows[0] : undefined;
  const loadedSource = asString(loadRow?.source);
  const propertyKeys = (await gateway.read(PROPERTY_KEYS, {}, options)).rows.map((row) => String(row.propertyKey));
  return {
    labels,
    relationship_types: relationshipTypes,
    indexes,
    embedding: embeddingRow
      ? {
          index: asString(embeddingRow.index) ?? '',
          embedder: asString(embeddingRow.embedder) ?? 'unknown',
          dimensions: asNumber(embeddingRow.dimensions),
          kind: asString(embeddingRow.kind) ?? 'unknown',
          recorded_at: asString(embeddingRow.recorded_at),
          features: typeof embeddingRow.features === 'number' ? embeddingRow.features : null,
        }
      : null,
    node_count: asNumber((await gateway.read(NODE_COUNT, {}, options)).rows[0]?.count),
    relationship_count: asNumber((await gateway.read(RELATIONSHIP_COUNT, {}, options)).rows[0]?.count),
    loaded_from: loadedSource === null ? null : { source: loadedSource, finished: loadRow?.finished === true },
    property_keys: propertyKeys,
    held_properties: await heldProperties(gateway, options, profile, new Set(propertyKeys), labels),
    held_property_names: await heldPropertyNames(gateway, options, profile, new Set(propertyKeys), holding(labels, relationshipTypes)),
    chunks_without_document: await chunksWithoutDocument(
      gateway,
      options,
      profile,
      labels.find((entry) => entry.label === profile.labels.chunk)?.count ?? 0,
    ),
  };
}

/**
 * Connects and reports: server version and edition, the account and its privileges, whether the
 * account could write (and what read-only then rests on), what the graph supports and how it fits the
 * profile. `accessPolicy` is the policy in use: the report says whether it is the profile's default rule.
 */
export async function buildConnectReport(
  gateway: GraphGateway,
  profile: SchemaProfile,
  embedder: EmbedderIdentity,
  timeoutMs = 30_000,
  accessPolicy: AccessPolicy = defaultAccessPolicy(profile),
): Promise<ConnectReport> {
  const started = Date.now();
  const deadline = Deadline.after(timeoutMs);
  const options = { deadline, stage: 'connect' };
  const info = await gateway.serverInfo();
  const kernel = (await gateway.read(SERVER_COMPONENTS, {}, options)).rows.find((row) => row.name === 'Neo4j Kernel');
  const version = asStrings(kernel?.versions)[0] ?? 'unknown';
  const edition = asString(kernel?.edition) ?? 'unknown';

  const userRow = (await gateway.read(CURRENT_USER, {}, options)).rows[0];
  const user = { name: asString(userRow?.user) ?? null, roles: Array.isArray(userRow?.roles) ? asStrings(userRow.roles) : null };

  let privileges: ConnectReport['privileges'];
  try {
    const rows = (await gateway.read(USER_PRIVILEGES, {}, options)).rows;
    privileges = {
      available: true,
      ...said('note', connectReportMessage('privileges_listed', { count: rows.length })),
      rows: rows.map((row) => ({
        access: asString(row.access) ?? '',
        action: asString(row.action) ?? '',
        graph: asString(row.graph),
        segment: asString(row.segment),
      })),
    };
  } catch (error) {
    // Community has no privilege listing; any other failure (outage, timeout) must still surface.
    if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
    privileges = {
      available: false,
      ...said(
        'note',
        edition === 'community'
          ? connectReportMessage('privileges_community')
          : connectReportMessage('privileges_failed', { error: error.said ? [error.said] : error.message }),
      ),
      rows: [],
    };
  }

  const warnings: CoreMessage[] = [];
  let canWrite: boolean | 'unknown';
  let basis: CoreMessage;
  if (edition === 'community') {
    canWrite = true;
    basis = connectReportMessage('basis_community');
    warnings.push(connectReportMessage('warn_community_write'));
  } else if (privileges.available) {
    const writing = privileges.rows.filter((row) => row.access === 'GRANTED' && WRITING_ACTIONS.test(row.action));
    const actions = [...new Set(writing.map((row) => row.action))].join(', ');
    canWrite = writing.length > 0;
    basis = canWrite ? connectReportMessage('basis_writing', { actions }) : connectReportMessage('basis_reader');
    if (canWrite) warnings.push(connectReportMessage('warn_can_write', { user: user.name ?? '', actions }));
  } else {
    canWrite = 'unknown';
    basis = connectReportMessage('basis_unknown');
    warnings.push(connectReportMessage('warn_unknown'));
  }

  const schema = await introspectGraph(gateway, deadline, profile);
  if (schema.node_count === 0) warnings.push(connectReportMessage('warn_empty'));
  const mismatches = findSchemaMismatches(profile, schema, embedder);
  const policySource = isDeepStrictEqual(accessPolicy, defaultAccessPolicy(profile)) ? 'default' : 'profile';
  const report: ConnectReport = {
    uri: redactUri(gateway.settings.uri),
    database: gateway.settings.database ?? null,
    source: gateway.settings.source,
    server: { version, edition, agent: info.agent, protocol_version: info.protocolVersion },
    user,
    privileges,
    read_only: { session_access_mode: 'READ', client_guard: true, account_can_write: canWrite, ...said('basis', basis) },
    warnings: warnings.map(coreEnglish),
    warning_messages: warnings,
    schema,
    profile: profile.name,
    mismatches,
    capabilities: graphCapabilities(profile, schema, mismatches, policySource),
    elapsed_ms: Date.now() - started,
  };
  return ConnectReport.parse(report);
}
