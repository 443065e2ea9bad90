// What a record says of its state outside its status field: a banner over its text (a Docusaurus or
// MkDocs admonition, a GitHub callout) titled `Deprecated` or `Superseded`, and a `State:` key some teams
// write for the status. Each scan reads a line once, by hand, so it is linear in the text.
import type { Line } from './adr-lines';
import { normaliseAdrStatus, readStatusPhrase, type AdrStatus } from './adr-status';
import type { StatusField } from './adr-status-field';
import { atxHeading } from './markdown-line-scan';

/** A banner's state and the lines it was read from. */
export interface BannerState {
  readonly status: 'superseded' | 'deprecated';
  /** The banner's title and its first line of text, as written, for the successor they may name. */
  readonly text: string;
}

// What may follow the state word of a banner's title: nothing, punctuation, or the successor ("by ADR-3").
const BANNER_TAIL = /^(?:\s*$|\s*[.:;,!—–(-]|\s+(?:by|in favou?r of|since|as of|on|with|see)\s)/i;
const BANNER_STATES = new Set<AdrStatus>(['superseded', 'partly_superseded', 'deprecated']);

/**
 * The state a banner above the record's first `##` heading says it is in: an admonition or callout whose
 * title, or else its first line, is a retired state and no more (`:::warning Deprecated`, `!!! warning
 * "Superseded by ADR-0012"`, `> [!WARNING]` over `> **Deprecated**: no longer applies.`), or whose title or first
 * line is a sentence `says` reads as retiring the record ("This ADR has been superseded by ADR-0012."). A title
 * that only opens with the word ("Deprecated APIs") says nothing of the record. Null when there is none.
 */
export function bannerState(
  lines: readonly Line[],
  excluded: Set<number>,
  says: (text: string) => BannerState['status'] | null,
): BannerState | null {
  for (let k = 0; k < lines.length; k += 1) {
    const text = (lines[k] as Line).text;
    const heading = atxHeading(text);
    if (heading !== null && heading.level >= 2) return null;
    const opened = bannerOpening(text);
    if (opened === null) continue;
    const body = firstBodyLine(lines, k + 1, opened.kind);
    const said = [opened.title, body?.text ?? null].filter((part): part is string => part !== null && part !== '');
    for (const part of said) {
      const status = stateOf(part) ?? says(part);
      if (status === null) continue;
      excluded.add((lines[k] as Line).index);
      if (body) excluded.add(body.index);
      return { status, text: said.join('\n') };
    }
  }
  return null;
}

type BannerKind = 'directive' | 'mkdocs' | 'callout';

/** The kind and title of a line that opens a banner, or null: `:::type Title`, `:::type[Title]`, `!!! type "Title"`, `> [!TYPE] Title`. */
function bannerOpening(text: string): { kind: BannerKind; title: string | null } | null {
  const trimmed = text.trim();
  if (trimmed.startsWith(':::')) {
    const rest = afterWord(trimmed.replace(/^:+/, ''));
    if (rest === null) return null;
    return { kind: 'directive', title: rest.startsWith('[') && rest.endsWith(']') ? rest.slice(1, -1).trim() : rest };
  }
  if (trimmed.startsWith('!!!') || trimmed.startsWith('???')) {
    const rest = afterWord(trimmed.slice(3).replace(/^\+/, ''));
    if (rest === null) return null;
    const quoted = rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"') ? rest.slice(1, -1).trim() : null;
    return { kind: 'mkdocs', title: quoted };
  }
  if (trimmed.startsWith('>')) {
    const inner = trimmed.replace(/^[>\s]+/, '');
    if (!inner.startsWith('[!')) return null;
    const close = inner.indexOf(']');
    if (close < 3 || !/^[A-Za-z]+$/.test(inner.slice(2, close))) return null;
    return {
      kind: 'callout',
      title: inner
        .slice(close + 1)
        .replace(/^[+-]/, '')
        .trim(),
    };
  }
  return null;
}

/** What follows a banner's type word (`warning Deprecated` → `Deprecated`), trimmed; null when no type word opens it. */
function afterWord(text: string): string | null {
  const rest = text.trimStart();
  let i = 0;
  while (i < rest.length && /[A-Za-z-]/.test(rest[i] as string)) i += 1;
  return i === 0 ? null : rest.slice(i).trim();
}

/** The banner's first non-blank line of text, with its quote mark or indent off; null at the banner's end. */
function firstBodyLine(lines: readonly Line[], from: number, kind: BannerKind): Line | null {
  for (let k = from; k < lines.length; k += 1) {
    const line = lines[k] as Line;
    if (kind === 'callout') {
      if (!line.text.trimStart().startsWith('>')) return null;
      const inner = line.text.replace(/^[>\s]+/, '').trim();
      if (inner !== '') return { index: line.index, text: inner };
      continue;
    }
    const trimmed = line.text.trim();
    if (trimmed === '') continue;
    if (kind === 'directive' && trimmed.startsWith(':::')) return null;
    if (kind === 'mkdocs' && !/^(?: {4}|\t)/.test(line.text)) return null;
    return { index: line.index, text: trimmed };
  }
  return null;
}

/** The retired state a banner's title or line says, when it says that and no more; null otherwise. */
function stateOf(text: string): BannerState['status'] | null {
  const plain = text.replace(/[*_]/g, '').trim();
  const phrase = plain === '' ? null : readStatusPhrase(plain);
  if (phrase === null || !BANNER_STATES.has(phrase.status) || !BANNER_TAIL.test(phrase.rest)) return null;
  return phrase.status === 'deprecated' ? 'deprecated' : 'superseded';
}

// A `State:` key (`State: Deprecated`, `- **State:** Accepted`), as some teams name the status.
const STATE_KEY = /^[\s>]*(?:[-*+]\s+)?[*_]*state[*_]*\s*[:：]/i;

/**
 * The status a record states under a `State` key, for a record that states none otherwise: a `State:`
 * line (or list item) above the first `##` heading, or a `## State` section's first line. Read only
 * when the words are a known status, as "State: the cache holds sessions" is no status. Marks its line as read.
 */
export function stateField(lines: readonly Line[], excluded: Set<number>): StatusField | null {
  let aboveSections = true;
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k] as Line;
    const heading = atxHeading(line.text);
    if (heading !== null && heading.level >= 2) {
      aboveSections = false;
      if (!/^state[*_]*\s*$/i.test(heading.text.replace(/^[*_]+/, '').trim())) continue;
      const next = firstTextLine(lines, k + 1);
      if (next === null || atxHeading(next.text) !== null) continue;
      const found = knownStatus(next.text.replace(/^[\s>*+-]+/, ''), 'nygard');
      if (found === null) continue;
      excluded.add(line.index);
      excluded.add(next.index);
      return found;
    }
    const key = aboveSections ? STATE_KEY.exec(line.text) : null;
    if (key === null) continue;
    const found = knownStatus(line.text.slice(key[0].length), 'madr');
    if (found === null) continue;
    excluded.add(line.index);
    return found;
  }
  return null;
}

/** The first line at or after `from` that is not blank, or null. */
function firstTextLine(lines: readonly Line[], from: number): Line | null {
  for (let k = from; k < lines.length; k += 1) if ((lines[k] as Line).text.trim() !== '') return lines[k] as Line;
  return null;
}

// Spaces and emphasis around a value, taken off by a scan from each end (a regex `[\s*_]+$` would try every start of a long run).
const isPadding = (char: string | undefined) => char === '*' || char === '_' || (char !== undefined && char.trim() === '');

function knownStatus(value: string, source: 'nygard' | 'madr'): StatusField | null {
  let from = 0;
  let to = value.length;
  while (from < to && isPadding(value[from])) from += 1;
  while (to > from && isPadding(value[to - 1])) to -= 1;
  const raw = value.slice(from, to);
  const status = raw === '' ? null : normaliseAdrStatus(raw);
  return status === null || status === 'unknown' ? null : { status, raw, text: raw, source };
}
