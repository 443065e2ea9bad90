// A folder's README or index that lists every record with its status (`| ADR | Title | Status | Superseded by |`,
// a row a record, its id or title linking to the record's file) is, for a record whose own text states no status,
// the only place its status is written: the row gives it, and the successor the row names. A record that states
// its own status keeps it; when that status is in force and the index's is not, a warning names both.
import path from 'node:path';
import type { CoreMessage } from '../../shared/core-message';
import { demoLoadMessage } from '../../shared/demo-load-messages';
import { parseAdr } from './adr-record';
import type { AdrStatus } from './adr-status';
import { outsideFields, type AdrRecord } from './adr-supersession';
import type { LoadedDocument } from './corpus-model';
import { indexRows } from './decision-log';

// A record's own states still in force, and the index's that say it is not.
const IN_FORCE = new Set<AdrStatus>(['accepted', 'proposed', 'pending']);
const NOT_IN_FORCE = new Set<AdrStatus>(['superseded', 'deprecated', 'rejected']);

/**
 * Gives each record of `records` that states no status the status its folder's index gives it (in `records` and in the
 * document it loads as), with the successor the index names; returns a warning for each record whose own status is
 * in force while its index says it is not.
 */
export function settleIndexedStatuses(
  records: AdrRecord[],
  documents: LoadedDocument[],
  bodies: ReadonlyMap<string, string>,
): CoreMessage[] {
  const byFile = new Map(records.map((record) => [record.fileName, record]));
  const places = new Map(documents.map((doc, at) => [doc.document_id, at]));
  const warnings: CoreMessage[] = [];
  for (const index of documents) {
    const body = index.adr === null ? bodies.get(index.document_id) : undefined;
    if (body === undefined) continue;
    const folder = path.posix.dirname(index.file);
    for (const row of indexRows(body)) {
      const file = safeDecode(row.file);
      // Only a record beside the index: the row's links are written from its folder, as the record's are.
      if (file.includes('/') && !file.startsWith('./')) continue;
      const record = byFile.get(path.posix.join(folder, file));
      if (record === undefined) continue;
      const successor = row.successor === null ? '' : `\n\nSuperseded by ${row.successor}.`;
      const said = parseAdr({ fileName: record.fileName, body: `# T\n\nStatus: ${row.status}${successor}\n`, frontMatter: {} });
      if (said === null || said.status === 'unknown') continue;
      const own = record.facts;
      if (own.status_source !== 'none') {
        if (IN_FORCE.has(own.status) && NOT_IN_FORCE.has(said.status))
          warnings.push(
            demoLoadMessage('adr_index_status_differs', {
              file: record.fileName,
              status: own.status_raw ?? own.status,
              index: index.file,
              index_status: row.status,
            }),
          );
        continue;
      }
      record.facts = {
        ...own,
        status: said.status,
        status_raw: said.status_raw,
        status_text: said.status_text,
        status_source: 'index',
        links: [...own.links, ...said.links],
        successor_outside: own.successor_outside ?? said.successor_outside,
        successor_outside_partial: own.successor_outside !== null ? own.successor_outside_partial : said.successor_outside_partial,
      };
      const at = places.get(record.document_id);
      const doc = at === undefined ? undefined : documents[at];
      if (at === undefined || !doc?.adr) continue;
      const { successor_outside: _outside, successor_outside_partial: _partial, ...adr } = doc.adr;
      documents[at] = {
        ...doc,
        adr: {
          ...adr,
          status: said.status,
          status_raw: said.status_raw,
          status_text: said.status_text,
          status_source: 'index',
          ...outsideFields(record.facts),
        },
      };
    }
  }
  return warnings;
}

/** A link's path with its percent escapes decoded (`0005-caf%C3%A9.md`), as written when it holds a bad one. */
function safeDecode(link: string): string {
  try {
    return decodeURIComponent(link);
  } catch {
    return link;
  }
}
