import { z } from 'zod';
import { CoreMessageSchema, CoreParamsSchema } from './core-message';

/** One index as `SHOW INDEXES` describes it. */
export const IndexInfo = z.object({
  name: z.string(),
  type: z.string(),
  entity_type: z.string().nullable(),
  labels_or_types: z.array(z.string()),
  properties: z.array(z.string()),
  state: z.string(),
  /** Vector dimensions, from the index options. */
  dimensions: z.number().nullable(),
  similarity: z.string().nullable(),
  analyzer: z.string().nullable(),
});
export type IndexInfo = z.infer<typeof IndexInfo>;

/** The embedder the loader recorded on the graph (a `LensEmbeddingInfo` node), if any. */
export const RecordedEmbedding = z.object({
  index: z.string(),
  embedder: z.string(),
  dimensions: z.number(),
  kind: z.string(),
  recorded_at: z.string().nullable(),
  /** The version of a local embedder's features the load recorded (`hashing-384`'s); null when none was recorded, absent in older reports. */
  features: z.number().nullable().optional(),
});
export type RecordedEmbedding = z.infer<typeof RecordedEmbedding>;

/** What the graph holds, as introspected at connect time. */
export const GraphSchemaSnapshot = z.object({
  labels: z.array(z.object({ label: z.string(), count: z.number() })),
  relationship_types: z.array(z.object({ type: z.string(), count: z.number() })),
  indexes: z.array(IndexInfo),
  embedding: RecordedEmbedding.nullable(),
  node_count: z.number(),
  relationship_count: z.number(),
  /**
   * What the app's loader last loaded into this graph (`source`: the demo corpus, or a folder's path)
   * and whether that load finished; null when no loader marked the graph (absent in older reports).
   */
  loaded_from: z.object({ source: z.string(), finished: z.boolean() }).nullable().optional(),
  /** Every property key the database has made (`db.propertyKeys()`); absent in older reports. */
  property_keys: z.array(z.string()).optional(),
  /**
   * The profile's freshness properties (`freshnessCandidates`) that some node of their label holds now,
   * by label: `property_keys` keeps a name after its last use, so a server that once held the demo has
   * its names on any graph. Absent in older reports, which judge from `property_keys`.
   */
  held_properties: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * The profile's property names (`profilePropertyNames`) that some node of a label, or relationship of a
   * type, they are read on holds now: the property-missing notes are judged from it, not from
   * `property_keys`. Absent in older reports, which judge from `property_keys`.
   */
  held_property_names: z.array(z.string()).optional(),
  /**
   * The profile's chunks that are part of no document, which no principal may ever see: counted where the
   * count store shows fewer `partOf` links from chunks than chunks, else 0 (a graph whose chunks have
   * two documents each could hide some; the access rule withholds them all the same). Absent in older reports.
   */
  chunks_without_document: z.number().int().min(0).optional(),
});
export type GraphSchemaSnapshot = z.infer<typeof GraphSchemaSnapshot>;

/** One difference between the schema profile and the graph, in plain words. */
export const SchemaMismatch = z.object({
  severity: z.enum(['error', 'warning', 'note']),
  subject: z.string(),
  /** The subject as a code (`mismatch:subject_…`) and its parameters, so its kind is worded in the UI's language; absent in reports made before codes. */
  subject_code: z.string().optional(),
  subject_params: CoreParamsSchema.optional(),
  message: z.string(),
  /** The message as a code (`mismatch:…`) and its parameters; absent in reports made before codes. */
  message_code: z.string().optional(),
  message_params: CoreParamsSchema.optional(),
});
export type SchemaMismatch = z.infer<typeof SchemaMismatch>;

/**
 * What a connected graph supports, read before its mismatches: which retrieval modes work, how far
 * an item's provenance reaches, what freshness is judged from, and where the access rule and the
 * principals come from. A graph a team built its own way (neo4j-graphrag's lexical graph) has none of
 * the optional parts; this says so in a few lines instead of one note per absent label.
 */
export const GraphCapabilities = z.object({
  modes: z.array(z.object({ mode: z.enum(['vector', 'fulltext', 'hybrid', 'graph']), available: z.boolean() })),
  /** The labels an item's provenance path runs through, first to last (empty when chunks reach no document). */
  provenance: z.array(z.string()),
  /** The document and ADR properties freshness is judged from that the graph holds. */
  freshness_fields: z.array(z.string()),
  access_policy: z.enum(['default', 'profile']),
  principals: z.enum(['graph', 'local']),
  /** The same, as sentences (codes with parameters), in the order a person reads them. */
  lines: z.array(CoreMessageSchema),
});
export type GraphCapabilities = z.infer<typeof GraphCapabilities>;

/** The connect report: who the server is, who we are on it, whether we could write, and how the graph fits the profile. */
export const ConnectReport = z.object({
  uri: z.string(),
  database: z.string().nullable(),
  source: z.enum(['environment', 'demo', 'profile']),
  server: z.object({ version: z.string(), edition: z.string(), agent: z.string().nullable(), protocol_version: z.string().nullable() }),
  user: z.object({ name: z.string().nullable(), roles: z.array(z.string()).nullable() }),
  privileges: z.object({
    available: z.boolean(),
    note: z.string(),
    /** The note as a message code (`connect_report:…`); absent from reports made before codes existed. */
    note_code: z.string().optional(),
    note_params: CoreParamsSchema.optional(),
    rows: z.array(z.object({ access: z.string(), action: z.string(), graph: z.string().nullable(), segment: z.string().nullable() })),
  }),
  read_only: z.object({
    session_access_mode: z.literal('READ'),
    client_guard: z.boolean(),
    account_can_write: z.union([z.boolean(), z.literal('unknown')]),
    basis: z.string(),
    basis_code: z.string().optional(),
    basis_params: CoreParamsSchema.optional(),
  }),
  warnings: z.array(z.string()),
  /** The warnings as messages, in the same order (absent before codes existed). */
  warning_messages: z.array(CoreMessageSchema).optional(),
  schema: GraphSchemaSnapshot,
  profile: z.string(),
  mismatches: z.array(SchemaMismatch),
  /** What the graph supports, to read before the mismatches; absent in older reports. */
  capabilities: GraphCapabilities.optional(),
  elapsed_ms: z.number(),
});
export type ConnectReport = z.infer<typeof ConnectReport>;
