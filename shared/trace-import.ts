import { z } from 'zod';
import { kilobytes, utf8Bytes } from './byte-size';
import { codedError } from './coded-error';
import { errorMessage } from './error-messages';
import { schemaIssueText } from './errors/schema-issue-messages';
import { CoreParamsSchema } from './core-message';
import type { LensError } from './lens-error';

/**
 * The largest bundle the app imports through its doors (`traces.import`, the Traces screen), in bytes
 * of UTF-8 as the screen measures the picked file: under the doors' 2 MB input limit. Larger bundles go
 * through `lens traces import FILE`, which reads the file itself. Measured in characters at the door,
 * a bundle of Korean text (3 bytes a character) passed there at 2.3 MB where the screen refused it.
 */
export const MAX_IMPORT_BUNDLE_BYTES = 1900 * 1024;

/**
 * The refusal of a bundle of `bytes` bytes for its size, naming the file, its size, the cap and what to
 * do, or null within the cap: the same words from the Traces screen (before the file is read) and the door.
 */
export function bundleSizeProblem(file: string, bytes: number): LensError | null {
  if (bytes <= MAX_IMPORT_BUNDLE_BYTES) return null;
  return codedError(
    'invalid_input',
    errorMessage('bundle_too_large', { file, size_kb: kilobytes(bytes), max_kb: kilobytes(MAX_IMPORT_BUNDLE_BYTES) }),
    {
      hint: errorMessage('bundle_too_large_hint'),
    },
  );
}

/** The same for a bundle's text as a door receives it. */
export const bundleTextSizeProblem = (file: string, text: string): LensError | null => bundleSizeProblem(file, utf8Bytes(text));

/** A bundle's text as the Traces screen sends it: the JSON a `traces.export` wrote, and the file's name for messages. */
export const TraceImportInput = z
  .object({
    // Its size is checked in bytes by the handler (bundleTextSizeProblem), which names the file.
    content: z.string().min(1, schemaIssueText('file_empty')),
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

/** How many trace ids of a bundle's `skipped` list an import report names before "and N more". */
export const EXPORTER_SKIPPED_SHOWN = 10;

/**
 * The runs a bundle's `skipped` list names: runs its exporting store could not read, so they are not
 * in the bundle and an import cannot add them. How many, the first few ids, and whether the exporter
 * could not even list some runs (an entry without a trace id).
 */
export const ExporterSkipped = z.object({
  count: z.number().int().min(0),
  /** The first {@link EXPORTER_SKIPPED_SHOWN} trace ids, in bundle order; `count` says how many there are in all. */
  trace_ids: z.array(z.string()),
  unlisted: z.boolean(),
});
export type ExporterSkipped = z.infer<typeof ExporterSkipped>;

/** What a bundle's `skipped` list names, or undefined when it names nothing. */
export function exporterSkipped(skipped: readonly { readonly trace_id: string | null }[] | undefined): ExporterSkipped | undefined {
  if (!skipped || skipped.length === 0) return undefined;
  const ids = skipped.flatMap((entry) => (entry.trace_id === null ? [] : [entry.trace_id]));
  return { count: ids.length, trace_ids: ids.slice(0, EXPORTER_SKIPPED_SHOWN), unlisted: ids.length < skipped.length };
}

/**
 * The runs of a bundle whose trace id the store already holds with other content: the stored run is
 * kept and the bundle's is not imported, so they are named rather than counted as copies already here.
 * How many, and the first few ids.
 */
export const ImportDiffering = z.object({
  count: z.number().int().min(1),
  /** The first {@link EXPORTER_SKIPPED_SHOWN} trace ids, in bundle order. */
  trace_ids: z.array(z.string()),
});
export type ImportDiffering = z.infer<typeof ImportDiffering>;

/** The runs `ids` as an {@link ImportDiffering}, or undefined when there are none. */
export function importDiffering(ids: readonly string[]): ImportDiffering | undefined {
  return ids.length === 0 ? undefined : { count: ids.length, trace_ids: ids.slice(0, EXPORTER_SKIPPED_SHOWN) };
}

/** What an import did, run by run: added, already in the store (left as they were), refused with the reason. */
export const TraceImportResult = z.object({
  imported: z.number().int(),
  already_present: z.number().int(),
  refused: z.array(RefusedRun),
  /** The trace ids added, in bundle order, so the list can show them. */
  imported_ids: z.array(z.string()),
  /** The runs the bundle says its exporter left out; absent when it left out none. */
  exporter_skipped: ExporterSkipped.optional(),
  /** Of `already_present`, the runs the store holds with other content than the bundle's; absent when none. */
  differing: ImportDiffering.optional(),
});
export type TraceImportResult = z.infer<typeof TraceImportResult>;
