// An all-numeric date that reads both ways (`03/01/2024`: 3 January or 1 March) is not guessed at: the other
// records of its folder, written by the same team, say which order they put the day in when one of their
// dates can be read only one way (`13/01/2024`, `01/13/2024`). Without that, or with both orders there, the
// record loads undated and a warning names the file, the text and the dates to write instead.
import type { CoreMessage } from '../../shared/core-message';
import { demoLoadMessage } from '../../shared/demo-load-messages';
import type { AdrRecord } from './adr-supersession';
import type { LoadedDocument } from './corpus-model';

/** The folder a record is in (a decision log's sections are in the log's folder). */
function folderOf(fileName: string): string {
  return fileName.slice(0, Math.max(fileName.lastIndexOf('/'), 0));
}

/** The one order the folder's unambiguous all-numeric dates are written in, or null when they use none or both. */
function folderOrders(records: readonly AdrRecord[]): Map<string, 'day_first' | 'month_first' | null> {
  const seen = new Map<string, Set<string>>();
  for (const record of records) {
    const order = record.facts.numeric_date?.order;
    if (order !== 'day_first' && order !== 'month_first') continue;
    const folder = folderOf(record.fileName);
    seen.set(folder, (seen.get(folder) ?? new Set()).add(order));
  }
  return new Map([...seen].map(([folder, orders]) => [folder, orders.size === 1 ? ([...orders][0] as 'day_first' | 'month_first') : null]));
}

/**
 * Dates each record left undated by an ambiguous all-numeric date by its folder's order, in `records` and
 * in the document it loads as; returns a warning for each the folder does not decide.
 */
export function settleAmbiguousDates(records: AdrRecord[], documents: LoadedDocument[]): CoreMessage[] {
  const orders = folderOrders(records);
  const places = new Map(documents.map((doc, at) => [doc.document_id, at]));
  const warnings: CoreMessage[] = [];
  for (const record of records) {
    const reading = record.facts.numeric_date;
    if (reading?.order !== 'ambiguous' || record.facts.decided_at !== null) continue;
    const order = orders.get(folderOf(record.fileName)) ?? null;
    if (order === null) {
      warnings.push(
        demoLoadMessage('adr_date_ambiguous', {
          file: record.fileName,
          text: reading.text,
          day_first: reading.day_first ?? '',
          month_first: reading.month_first ?? '',
        }),
      );
      continue;
    }
    const decided = order === 'day_first' ? reading.day_first : reading.month_first;
    record.facts = { ...record.facts, decided_at: decided };
    const at = places.get(record.document_id);
    const doc = at === undefined ? undefined : documents[at];
    if (at !== undefined && doc?.adr) documents[at] = { ...doc, adr: { ...doc.adr, decided_at: decided } };
  }
  return warnings;
}
