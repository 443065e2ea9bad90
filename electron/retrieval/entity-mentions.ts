/**
 * Whether a question names an entity: the judge of the entity signal (entity-retriever.ts). The
 * entity-names index matches any single word ("payments" finds every payments thing), so an index
 * hit counts only when the question holds one of the entity's indexed names or ids whole: compared
 * case-insensitively, with runs of spaces, hyphens and underscores read as one separator
 * (`event bus` names `event-bus`, `INC-2026-0219` names `inc-2026-0219`), and with a Korean
 * particle allowed to follow (`inc-2026-0219의`). A name with a part in parentheses also counts by
 * each part (`Payments Team (결제팀)` is named by `결제팀`).
 */

/** Names shorter than this are too likely to be an ordinary word or part of one. */
const MIN_NAME_LENGTH = 3;

/** Lower case, NFKC, and every run of separators as one hyphen. */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/gu, '-')
    .replace(/^-|-$/gu, '');
}

/** The names a value stands for: the whole, and each part of a name with a part in parentheses. */
function namesOf(value: string): string[] {
  const parts = value.includes('(') ? [value, ...value.split(/[()（）]/u)] : [value];
  return parts.map(normaliseName).filter((name) => Array.from(name).length >= MIN_NAME_LENGTH);
}

/** Escapes a text for use inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/** The first of `values` the question names whole, or null. */
export function namedIn(question: string, values: readonly unknown[]): string | null {
  const text = normaliseName(question);
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const name of namesOf(value)) {
      // Not inside a longer Latin word or number; Hangul (a particle) may follow.
      if (new RegExp(`(?<![a-z0-9])${literal(name)}(?![a-z0-9])`, 'u').test(text)) return value;
    }
  }
  return null;
}
