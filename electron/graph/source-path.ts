// A document named by the path its source ends in (`hr/pay.md`) where its id belongs: a team writes
// the file it knows, the loader made the id. Read through the read-only gateway; a suggestion or a
// resolution only when exactly one document's source ends in that path.
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import { defineQuery, type BuiltInQuery } from './built-in-query';
import type { GraphGateway } from './read-gateway';

/**
 * The documents whose source ends in `$suffix` (`/hr/pay.md`): at most two, so that one is a
 * suggestion for a file path given where a document id belongs, and two are none.
 */
export function documentsBySourcePath(profile: SchemaProfile): BuiltInQuery {
  const { labels: L, properties: P } = profile;
  return defineQuery(
    'document-by-source-path',
    `MATCH (d:${q(L.document)}) WHERE d.${q(P.document.sourceUri)} ENDS WITH $suffix
     RETURN d.${q(P.document.id)} AS id
     LIMIT 2`,
  );
}

/**
 * `id` read as the end of a document's source (a loaded folder's `hr/pay.md`, `./hr/pay.md`,
 * `hr\\pay.md`, or a wiki's `adr/001-x`), or null when it does not look like a path.
 */
export function sourcePathOf(id: string): string | null {
  const path = id.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
  return (path.includes('/') || /\.(md|markdown|mdx)$/i.test(path)) && !path.startsWith('/') && !path.endsWith('/') && !path.includes('//')
    ? path
    : null;
}

/**
 * The document whose source ends in `id` read as a path (`hr/pay.md`, `./hr/pay.md`), when exactly
 * one does, with the path as read; null when `id` is no path or no single source ends in it.
 */
export async function documentOfSourcePath(
  gateway: Pick<GraphGateway, 'read'>,
  profile: SchemaProfile,
  id: string,
  deadline: Deadline,
): Promise<{ path: string; document_id: string } | null> {
  const path = sourcePathOf(id);
  if (path === null) return null;
  const { rows } = await gateway.read(documentsBySourcePath(profile), { suffix: `/${path}` }, { deadline, stage: 'source-path' });
  return rows.length === 1 && typeof rows[0]?.id === 'string' ? { path, document_id: rows[0].id } : null;
}
