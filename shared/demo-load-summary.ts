import { z } from 'zod';

/** A file of a load that failed, with its line when known. */
const LoadProblem = z.object({ file: z.string(), line: z.number().int().nullable(), message: z.string() });

/** A file the loader left out on purpose (binary, a link leaving the folder, a device, read already by another path). */
const SkippedFile = z.object({ file: z.string(), reason: z.enum(['binary', 'outside_folder', 'not_a_file', 'duplicate']), message: z.string() });

/** How often one access default was applied, and to which files. */
const AclDefaultCount = z.object({ count: z.number().int(), files: z.array(z.string()).readonly() });

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
  embedder: z.object({ name: z.string(), dimensions: z.number().int(), kind: z.string() }),
  failed: z.array(LoadProblem).readonly(),
  warnings: z.array(z.string()).readonly(),
  /** Files left out on purpose, each named; the rest still loaded. */
  skipped: z.array(SkippedFile).readonly(),
  /** Each default applied to access fields: how often, and to which files. */
  acl_defaults: z.object({ visibility_restricted: AclDefaultCount, visibility_private: AclDefaultCount, workspace_default: AclDefaultCount, no_acl_public: AclDefaultCount }),
  elapsed_ms: z.number(),
});
export type DemoLoadSummary = z.infer<typeof DemoLoadSummary>;
