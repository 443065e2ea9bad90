import { z } from 'zod';

/** At most this many document types are listed; the rest are counted (`more`). */
export const DOCUMENT_TYPES_CAP = 100;

/**
 * The document types the connected graph holds (`graph.document_types`): each string value of the
 * schema profile's document-type property with how many documents carry it, most documents first,
 * then by value; at most DOCUMENT_TYPES_CAP, `truncated` with `more` further values beyond them.
 * An empty list means no document has a document type.
 */
export const DocumentTypes = z.object({
  document_types: z.array(z.object({ value: z.string(), documents: z.number().int().min(1) })),
  truncated: z.boolean(),
  more: z.number().int().min(0),
});
export type DocumentTypes = z.infer<typeof DocumentTypes>;
