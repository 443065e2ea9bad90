/** What `chunkEmbeddingInput` makes, by name: part of a load's plan hash, so a graph embedded otherwise counts as another load. */
export const EMBEDDING_INPUT = 'title-headings-text';

/**
 * The text the loader embeds for a chunk: its document's title and the headings it sits under, then
 * its own text. A section chunk alone often never names its subject — an ADR's "## Decision" says
 * "we will use it", its title says what "it" is — so a question about the subject found the
 * document's heading-only first chunk ("# 16. Internal DNS zones / Date: …") and missed the
 * sections that answer. The chunk's stored text and offsets stay its own; the line before it is also
 * written onto the chunk for full-text search (`chunkContext`).
 *
 * Measured with the hashing embedder (vector mode, floor on, one run each): the demo golden set's
 * MRR 0.889 → 0.938 and recall@10 0.885 → 0.906; 18 questions over the GOV.UK AWS ADRs in
 * `../shared/data`, MRR 0.782 → 0.917 and recall@10 0.833 → 0.944 (README, "What is embedded").
 */
export function chunkEmbeddingInput(text: string, headingPath: readonly string[], title: string | null): string {
  const context = chunkContext(headingPath, title);
  return context === null ? text : `${context}\n\n${text}`;
}

/**
 * The line `chunkEmbeddingInput` puts before a chunk's text: its document's title and the headings
 * it sits under ("Internal DNS zones > Decision"), or null when it has none. The loader also writes
 * it onto the chunk for the full-text index (`CHUNK_CONTEXT` in loader-queries.ts).
 */
export function chunkContext(headingPath: readonly string[], title: string | null): string | null {
  const headings = headingPath.map((heading) => heading.trim()).filter((heading) => heading !== '');
  const titled = title !== null && title.trim() !== '' && !headings.some((heading) => sameHeading(heading, title));
  const context = titled ? [(title as string).trim(), ...headings] : headings;
  return context.length === 0 ? null : context.join(' > ');
}

/** A heading that says the title again, its numbering aside ("16. Internal DNS zones" for "Internal DNS zones"). */
function sameHeading(heading: string, title: string): boolean {
  return plain(heading) === plain(title);
}

function plain(text: string): string {
  return text
    .replace(/^[\d.\s]+/, '')
    .trim()
    .toLowerCase();
}
