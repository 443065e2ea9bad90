// The dates documentation tools write in front matter under their own names — Hugo's `date` and
// `lastmod`, Jekyll's `date`, Kubernetes KEPs' `creation-date` and `last-updated`, Dublin Core's `dct: {issued}`, Docusaurus's
// `last_update: {date}` (also M/D/YYYY), DocFX's `ms.date` (MM/DD/YYYY, the date the article was last
// reviewed), Dendron's epoch milliseconds (`created: 1649783779673`) — read
// as the document's `created_at` and `updated_at` when those are not given.
import type { CoreMessage } from '../../shared/core-message';
import { demoLoadMessage } from '../../shared/demo-load-messages';
import { isoInstantText } from './corpus-model';

const CREATED = ['date', 'created', 'creation-date', 'creation_date', 'created-at', 'createdAt', 'dct.issued'] as const;
const UPDATED = [
  'lastmod',
  'last-updated',
  'last_updated',
  'updated',
  'last-modified',
  'last_modified',
  'modified',
  'last_update.date',
  'ms.date',
] as const;

/** DocFX writes `ms.date` in US order, `04/20/2020`: as ISO, `2020-04-20`; anything else as it is. */
function usDate(value: unknown): unknown {
  const found = typeof value === 'string' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim()) : null;
  return found ? `${found[3]}-${(found[1] ?? '').padStart(2, '0')}-${(found[2] ?? '').padStart(2, '0')}` : value;
}

/** The names whose dates may be written in US order: DocFX's, and Docusaurus's, which parses them as JavaScript does (`6/21/2023`). */
const US_ORDER = new Set<string>(['ms.date', 'last_update.date']);

// Epoch milliseconds (13 digits, Dendron's `created: 1649783779673`) and seconds (10 digits), from 2001
// to 2286: no other reading of a bare number of that length is a date.
const EPOCH_MS = /^\d{13}$/;
const EPOCH_S = /^\d{10}$/;

/** A bare epoch number as ISO (`1649783779673` → `2022-04-12T17:16:19.673Z`); anything else as it is. */
function epochDate(value: unknown): unknown {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return value;
  if (EPOCH_MS.test(text)) return new Date(Number(text)).toISOString();
  if (EPOCH_S.test(text) && Number(text) >= 1_000_000_000) return new Date(Number(text) * 1000).toISOString();
  return value;
}

/** The value at a key, or at `a.b` inside a map (`last_update.date`). */
function valueAt(data: Readonly<Record<string, unknown>>, key: string): unknown {
  if (Object.hasOwn(data, key)) return data[key];
  const dot = key.indexOf('.');
  if (dot === -1) return undefined;
  const outer = data[key.slice(0, dot)];
  return outer !== null && typeof outer === 'object' && !Array.isArray(outer) && Object.hasOwn(outer, key.slice(dot + 1))
    ? (outer as Record<string, unknown>)[key.slice(dot + 1)]
    : undefined;
}

/**
 * A front matter value as the warning shows it, at most 80 characters: a text quoted, a mapping or list
 * as JSON (a template's `date: {YYYY-MM-DD …}` is a YAML mapping, not "[object Object]").
 */
function shownValue(value: unknown): string {
  const structured = typeof value === 'object' && value !== null && !(value instanceof Date);
  return (structured ? JSON.stringify(value) : JSON.stringify(String(value))).slice(0, 80);
}

/**
 * `data` with `created_at` / `updated_at` taken from the first of their other names that holds a date,
 * when they are not given. A value under such a name that is no date is left out with a warning naming
 * it (`file: front matter lastmod "soon" is not a date …`), instead of failing the document: the name is
 * the other tool's, not a field the author wrote for this one.
 */
export function withDateAliases(data: Readonly<Record<string, unknown>>, file: string, warnings: CoreMessage[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const [field, names] of [
    ['created_at', CREATED],
    ['updated_at', UPDATED],
  ] as const) {
    if (out[field] !== undefined && out[field] !== null) continue;
    for (const name of names) {
      const value = valueAt(data, name);
      if (value === undefined || value === null || value === '') continue;
      const instant = isoInstantText(US_ORDER.has(name) ? usDate(value) : epochDate(value));
      if (instant) {
        out[field] = instant;
        break;
      }
      warnings.push(demoLoadMessage('date_alias_not_a_date', { file, name, value: shownValue(value), field }));
    }
  }
  return out;
}
