import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';

/** An ADR as the reference is matched against it. */
export interface AdrName {
  readonly document_id: string;
  readonly adr_id: string | null;
}

/** How many near matches an unknown reference lists. */
const NEAR_MATCHES = 5;

/** `ADR-004`, `adr 4`, `#4`, `0004`, `4`: the number a person names an ADR by. */
const NUMBER_REFERENCE = /^(?:adr[\s_-]*|#)?0*(\d{1,9})$/i;
const TRAILING_NUMBER = /(\d{1,9})$/;

/**
 * The document id `reference` names among `adrs` and the other known ids (documents with a mark
 * history): an exact document id, else an ADR id regardless of case, else an ADR number. Null when
 * nothing matches; a number or id that names more than one ADR is refused, listing them.
 */
export function resolveAdrReference(reference: string, adrs: readonly AdrName[], knownIds: readonly string[] = []): string | null {
  const wanted = reference.trim();
  if (adrs.some((adr) => adr.document_id === wanted) || knownIds.includes(wanted)) return wanted;
  const byId = adrs.filter((adr) => adr.adr_id !== null && adr.adr_id.toLowerCase() === wanted.toLowerCase());
  if (byId.length > 0) return single(wanted, byId);
  const number = NUMBER_REFERENCE.exec(wanted)?.[1];
  if (number === undefined) return null;
  const byNumber = adrs.filter((adr) => numberOf(adr) === Number.parseInt(number, 10));
  return byNumber.length > 0 ? single(wanted, byNumber) : null;
}

function numberOf(adr: AdrName): number | null {
  const digits = adr.adr_id === null ? undefined : TRAILING_NUMBER.exec(adr.adr_id)?.[1];
  return digits === undefined ? null : Number.parseInt(digits, 10);
}

function single(reference: string, matches: readonly AdrName[]): string {
  const [only, ...others] = matches;
  if (only !== undefined && others.length === 0) return only.document_id;
  throw codedError('invalid_input', retrievalError('adr_ambiguous', { reference, matches: matches.map(shown).join(', ') }), {
    hint: retrievalError('adr_ambiguous_hint'),
  });
}

const shown = (adr: AdrName) => (adr.adr_id === null ? adr.document_id : `${adr.adr_id} (${adr.document_id})`);

/** The not-found error for a reference, listing the names closest to it. */
export function unknownAdr(reference: string, adrs: readonly AdrName[], knownIds: readonly string[] = []): LensError {
  const near = nearMatches(reference, [...adrs, ...knownIds.map((id) => ({ document_id: id, adr_id: null }))]);
  const hint = near.length > 0 ? retrievalError('adr_unknown_near_hint', { names: near.join(', ') }) : retrievalError('adr_unknown_hint');
  return codedError('not_found', retrievalError('adr_unknown', { reference }), { hint });
}

/** The names closest to `reference`: containing it, or a part of them within a few edits of it, closest first. */
export function nearMatches(reference: string, names: readonly AdrName[]): string[] {
  const wanted = reference.trim().toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 4));
  const scored = new Map<string, number>();
  for (const name of names) {
    const distances = [name.document_id, name.adr_id]
      .filter((candidate): candidate is string => candidate !== null)
      .map((candidate) => editDistance(wanted, candidate.toLowerCase(), limit));
    const best = Math.min(...distances);
    const key = shown(name);
    if (best <= limit && best < (scored.get(key) ?? Infinity)) scored.set(key, best);
  }
  return [...scored.entries()]
    .sort(([a, da], [b, db]) => da - db || a.localeCompare(b))
    .slice(0, NEAR_MATCHES)
    .map(([key]) => key);
}

/**
 * The fewest edits that turn `pattern` into some part of `text` (Sellers' approximate substring
 * match), so a typo in one word of a long id still finds it; `limit + 1` once it must exceed `limit`.
 */
function editDistance(pattern: string, text: string, limit: number): number {
  if (pattern.length - text.length > limit) return limit + 1;
  let previous: number[] = Array.from({ length: text.length + 1 }, () => 0);
  for (let i = 1; i <= pattern.length; i++) {
    const current = [i];
    for (let j = 1; j <= text.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (pattern[i - 1] === text[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return Math.min(...previous);
}
