import { z } from 'zod';
import { schemaIssueText } from './errors/schema-issue-messages';

/**
 * One entry of a document's stale-mark history: a mark (stale, with a reason and perhaps a
 * successor) or an unmark (with a reason), who recorded it and when. Entries are never changed or
 * deleted; a document's current mark is its latest entry when that entry is a mark.
 */
export const StaleMarkEntry = z.object({
  /** Order of recording in this store: the latest entry of a document is the one with the highest seq. */
  seq: z.number().int().min(1),
  document_id: z.string().min(1),
  action: z.enum(['mark', 'unmark']),
  reason: z.string().min(1),
  /** The document that replaces this one; always null on an unmark. */
  successor_document_id: z.string().nullable(),
  /** The OS user, or LENS_USER when set. */
  recorded_by: z.string().min(1),
  /** ISO instant. */
  recorded_at: z.string().min(1),
});
export type StaleMarkEntry = z.infer<typeof StaleMarkEntry>;

/** An unmark as callers hand it to the store. */
export const StaleUnmark = z.object({
  document_id: z.string().min(1),
  reason: z.string().trim().min(1, schemaIssueText('unmark_reason_missing')),
  recorded_by: z.string().min(1),
  recorded_at: z.string().min(1),
});
export type StaleUnmark = z.infer<typeof StaleUnmark>;
