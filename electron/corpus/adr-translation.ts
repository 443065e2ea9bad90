// Records kept in several languages side by side (`0003-microservices.md` beside `0003-microservices-de.md`,
// or `0003-x.de.md`): one decision, each copy in its own language, sharing the record's id.

// A language tag after the name it translates: `-de`, `_fr`, `.ja`, `-pt-br`; compared in lower case.
const LANGUAGE_SUFFIX = /^[-_.][a-z]{2}(?:[-_][a-z]{2})?$/;

/** The file's name without its folder and its last extension, lower case (`adr/0003-x.de.md` → `0003-x.de`). */
function stemOf(fileName: string): string {
  const name = fileName.slice(fileName.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The language tag of each file when the files are copies of one record in several languages: one file is
 * the name itself (its tag `''`), each other is that name and a tag of its own (`-de`). Null when they are not.
 */
export function translationTags(fileNames: readonly string[]): string[] | null {
  if (fileNames.length < 2) return null;
  const stems = fileNames.map(stemOf);
  const base = stems.reduce((shortest, stem) => (stem.length < shortest.length ? stem : shortest));
  const tags = stems.map((stem) => (stem === base ? '' : stem.startsWith(base) ? stem.slice(base.length) : null));
  if (tags.some((tag) => tag !== '' && (tag === null || !LANGUAGE_SUFFIX.test(tag)))) return null;
  return new Set(tags).size === tags.length ? (tags as string[]) : null;
}

/**
 * Of copies of one record in several languages, the one in the writer's language: the copy whose tag the
 * writer's own name ends with (`0009-y-de.md` reads `ADR-0003` as `0003-x-de.md`), else the one without a tag.
 * Null when the records are not such copies.
 */
export function copyInWritersLanguage<R extends { readonly fileName: string }>(records: readonly R[], writer: string): R | null {
  const tags = translationTags(records.map((record) => record.fileName));
  if (tags === null) return null;
  const own = stemOf(writer);
  const wanted = tags.find((tag) => tag !== '' && own.endsWith(tag)) ?? '';
  return records[tags.indexOf(wanted)] ?? null;
}
