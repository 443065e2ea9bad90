import { z } from 'zod';
import { CoreMessageSchema, CoreParamsSchema } from './core-message';

/** A file of a load that failed, with its line when known. */
const LoadProblem = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  message: z.string(),
  /** The message as a code (`demo_load:…`) with parameters, where the problem has one. */
  message_code: z.string().optional(),
  message_params: CoreParamsSchema.optional(),
});

/** A file the loader left out on purpose (binary, a link leaving the folder, a device, read already by another path). */
const SkippedFile = z.object({
  file: z.string(),
  reason: z.enum([
    'binary',
    'outside_folder',
    'not_a_file',
    'duplicate',
    'markdown_like',
    'navigation',
    'hidden',
    'too_large',
    'dependencies',
    'unsafe_name',
    'empty',
  ]),
  message: z.string(),
  /** The message as a code (`demo_load:skip_…`) with parameters; absent from summaries made before codes existed. */
  message_code: z.string().optional(),
  message_params: CoreParamsSchema.optional(),
});

/**
 * To how many files one access default was applied, and which: access fields are given per file, so a
 * decision log's sections (several documents of one file) count once, as their file.
 */
const AclDefaultCount = z.object({ count: z.number().int(), files: z.array(z.string()).readonly() });

/** The decision records a load recognised: how many in each state, what it could not read. */
const AdrLoadReport = z.object({
  recognised: z.number().int(),
  /** Every state, zero included. */
  statuses: z.record(
    z.enum(['proposed', 'accepted', 'rejected', 'deprecated', 'superseded', 'partly_superseded', 'pending', 'unknown']),
    z.number().int(),
  ),
  /**
   * With `nested_key` when the text stands under a nested front matter key (`dct.isVersionOf`), or
   * `written_as: link_definition` when it is written as a link reference definition (`[Status]: Accepted`,
   * shown as nothing): neither is read.
   */
  statuses_not_understood: z
    .array(
      z.object({
        file: z.string(),
        status_text: z.string(),
        nested_key: z.string().optional(),
        written_as: z.literal('link_definition').optional(),
      }),
    )
    .readonly(),
  unresolved_references: z
    .array(
      z.object({
        file: z.string(),
        target: z.string(),
        kind: z.enum(['unresolved_target', 'ambiguous_target']),
        message: z.string(),
        /** The message as a code (`demo_load:…`) with parameters; absent from summaries made before codes existed. */
        message_code: z.string().optional(),
        message_params: CoreParamsSchema.optional(),
      }),
    )
    .readonly(),
  supersessions: z.object({ total: z.number().int(), partial: z.number().int(), drift: z.number().int() }),
});

/** The principal to query one loaded workspace as. */
const ReadyPrincipal = z.object({
  workspace_id: z.string(),
  principal_id: z.string(),
  created: z.boolean(),
  public_documents: z.number().int(),
});

/** A principal an ACL mapping file defines, as a load summary names it. */
const MappingPrincipalSummary = z.object({
  principal_id: z.string(),
  workspace_id: z.string(),
  groups: z.array(z.string()).readonly(),
  acl_partitions: z.array(z.string()).readonly(),
  /** The loaded documents it may see, and of their chunks those it may see (the access rule, as retrieval judges it); absent in older summaries. */
  sees: z.object({ documents: z.number().int(), chunks: z.number().int() }).optional(),
});

/** What loading the demo (or a folder of markdown) wrote and left out: `lens demo load` prints it, `demo.start` returns it. */
export const DemoLoadSummary = z.object({
  target: z.string(),
  source: z.string(),
  counts: z.object({
    documents: z.number().int(),
    adrs: z.number().int(),
    chunks: z.number().int(),
    supersessions: z.number().int(),
    claims: z.number().int(),
    evidence: z.number().int(),
    entities: z.number().int(),
    principals: z.number().int(),
    groups: z.number().int(),
  }),
  // `features`: the hashing embedder's features version (null for a model, whose vectors its name fixes).
  embedder: z.object({
    name: z.string(),
    features: z.number().int().nullable().optional(),
    dimensions: z.number().int(),
    kind: z.string(),
  }),
  /** Chunks embedded by this load, chunks kept from an unfinished one it resumed, and the embedding requests made. */
  embedding: z.object({ embedded: z.number().int(), kept: z.number().int(), batches: z.number().int(), resumed: z.boolean() }).optional(),
  failed: z.array(LoadProblem).readonly(),
  /** The warnings in English (worded from `warning_messages`). */
  warnings: z.array(z.string()).readonly(),
  /** The warnings as message codes with parameters, in the same order (absent from summaries made before codes existed). */
  warning_messages: z.array(CoreMessageSchema).readonly().optional(),
  /** Files left out on purpose, each named; the rest still loaded. */
  skipped: z.array(SkippedFile).readonly(),
  /** Each default applied to access fields: to how many files (not documents), and which. */
  acl_defaults: z.object({
    visibility_restricted: AclDefaultCount,
    visibility_private: AclDefaultCount,
    workspace_default: AclDefaultCount,
    no_acl_public: AclDefaultCount,
  }),
  /** The decision records recognised, by status, with every status not understood and every reference not resolved. */
  adrs: AdrLoadReport,
  /** For each workspace loaded, the principal to query it as (it sees the workspace's public documents). */
  ready_principals: z.array(ReadyPrincipal).readonly(),
  /** The principals a folder's ACL mapping defines, with their groups and partitions (absent from summaries made before mappings could). */
  mapping_principals: z.array(MappingPrincipalSummary).readonly().optional(),
  elapsed_ms: z.number(),
});
export type DemoLoadSummary = z.infer<typeof DemoLoadSummary>;
