// The dates documentation tools write in front matter under their own names — Hugo's `date` and
// `lastmod`, Jekyll's `date`, Kubernetes KEPs' `creation-date` and `last-updated`, Docusaurus's
// `last_update: {date}`, DocFX's `ms.date` (MM/DD/YYYY, the date the article was last reviewed) — read
// as the document's `created_at` and `updated_at` when those are not given.
import { isoInstantText } from './corpus-model';

const CREATED = ['date', 'created', 'creation-date', 'creation_date', 'created-at', 'createdAt'] as const;
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
 * `data` with `created_at` / `updated_at` taken from the first of their other names that holds a date,
 * when they are not given. A value under such a name that is no date is left out with a warning naming
 * it (`file: front matter lastmod "soon" is not a date …`), instead of failing the document: the name is
 * the other tool's, not a field the author wrote for this one.
 */
export function withDateAliases(data: Readonly<Record<string, unknown>>, file: string, warnings: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const [field, names] of [
    ['created_at', CREATED],
    ['updated_at', UPDATED],
  ] as const) {
    if (out[field] !== undefined && out[field] !== null) continue;
    for (const name of names) {
      const value = valueAt(data, name);
      if (value === undefined || value === null || value === '') continue;
      const instant = isoInstantText(name === 'ms.date' ? usDate(value) : value);
      if (instant) {
        out[field] = instant;
        break;
      }
      warnings.push(
        `${file}: front matter ${name} ${JSON.stringify(String(value)).slice(0, 80)} is not a date such as 2026-05-20 or 2026-05-20T09:00:00Z; the document loads without its ${field}.`,
      );
    }
  }
  return out;
}
