import { z } from 'zod';
import { schemaIssueText } from './errors/schema-issue-messages';
import { CoreParamsSchema } from './core-message';

/**
 * The largest bundle the app imports through its doors, in characters of JSON: under the doors' 2 MB
 * input limit. Larger bundles go through `lens traces import FILE`, which reads the file itself.
 */
export const MAX_IMPORT_BUNDLE_CHARS = 1_900_000;

/** A bundle's text as the Traces screen sends it: the JSON a `traces.export` wrote, and the file's name for messages. */
export const TraceImportInput = z
  .object({
    content: z.string().min(1, schemaIssueText('file_empty')).max(MAX_IMPORT_BUNDLE_CHARS, schemaIssueText('bundle_too_large')),
    file_name: z.string().max(300).optional(),
  })
  .strict();
export type TraceImportInput = z.infer<typeof TraceImportInput>;

/** A run of the bundle that was not imported: its place in the bundle (from 1), its trace id when it has one, and the field that failed. */
export const RefusedRun = z.object({
  position: z.number().int().min(1),
  trace_id: z.string().nullable(),
  /** The bad field, as a path (`response.items[0].chunk_ids`); empty when the run is not an object. */
  field: z.string(),
  /** What is wrong with the field, in English (the CLI's words, and all a record from before codes has). */
  problem: z.string(),
  /** The same as a message code with parameters (`error_store:issue_invalid_type` …), so the Traces screen words it in its language. */
  problem_code: z.string().optional(),
  problem_params: CoreParamsSchema.optional(),
});
export type RefusedRun = z.infer<typeof RefusedRun>;

/** What an import did, run by run: added, already in the store (left as they were), refused with the reason. */
export const TraceImportResult = z.object({
  imported: z.number().int(),
  already_present: z.number().int(),
  refused: z.array(RefusedRun),
  /** The trace ids added, in bundle order, so the list can show them. */
  imported_ids: z.array(z.string()),
});
export type TraceImportResult = z.infer<typeof TraceImportResult>;
