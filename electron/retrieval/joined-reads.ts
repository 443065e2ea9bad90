import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { PlainRow, ReadResult } from '../graph/read-gateway';

/**
 * Reads of one run that share a round trip. Hybrid mode's sides (vector, full-text with the entity
 * hits) each make a first read that needs nothing from the others; sent side by side they cost two
 * round trips and, on a small machine, contend with each other and the client for the same cores
 * (measured on 100,000 chunks at 0.1 % reach: 8.1 ms for the two side by side against 5.7 ms for both
 * in one query and 4.2 ms for the vector read alone). Reads that start in the same turn of the event
 * loop and declare their columns go as one query instead: each read's text unchanged inside its own
 * subquery, its parameters renamed so none takes another's, its rows told apart by `JOIN_COLUMN`.
 * A read the server takes long over goes apart (vector-plan.ts, `joinsOtherReads`): one query runs its
 * parts one after the other, two reads run at once.
 */

/** The column that says which read a row of a joined query belongs to, and the one holding the row. */
export const JOIN_COLUMN = 'lens_join';
export const JOIN_ROW_COLUMN = 'lens_row';

/** A query's opening pre-parser option (`CYPHER 25`): such a query sets the language of the whole text, so it is not joined. */
const PRE_PARSER = /^\s*CYPHER\b/i;

/** A parameter reference in a built-in query's text (their texts hold no `$` but in parameters). */
const PARAMETER = /\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Whether a read of `query` may share a round trip: it names its columns and sets no language of its own. */
export function joinable(query: BuiltInQuery): boolean {
  return query.columns !== undefined && query.columns.length > 0 && !PRE_PARSER.test(query.text);
}

/** The name a parameter of the `index`-th read takes in the joined query. */
function renamed(index: number, name: string): string {
  return `j${index}_${name}`;
}

/**
 * The reads' queries as one: `CALL () { <read i> } RETURN i AS lens_join, {columns…} AS lens_row`
 * for each, joined by UNION ALL, with each read's parameters renamed (`$k` of the second read is
 * `$j1_k`). Every query must be `joinable`.
 */
export function joinedQuery(parts: readonly BuiltInQuery[]): BuiltInQuery {
  const text = parts
    .map((part, index) => {
      const columns = (part.columns ?? []).map((column) => `${column}: ${column}`).join(', ');
      const body = part.text.replace(PARAMETER, (_whole, name: string) => `$${renamed(index, name)}`);
      return `CALL () {
     ${body}
     }
     RETURN ${index} AS ${JOIN_COLUMN}, { ${columns} } AS ${JOIN_ROW_COLUMN}`;
    })
    .join('\n     UNION ALL\n     ');
  return defineQuery(parts.map((part) => part.name).join('&'), text, [JOIN_COLUMN, JOIN_ROW_COLUMN]);
}

/** The parameters of the joined query: each read's under its renamed names. */
export function joinedParams(params: readonly Record<string, unknown>[]): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  params.forEach((own, index) => {
    for (const [name, value] of Object.entries(own)) all[renamed(index, name)] = value;
  });
  return all;
}

/**
 * The joined result as each read's own: its rows in their order, the rest (server time, the query
 * that ran) shared, flagged `sharedRoundTrip` so no one takes the shared server time for its own.
 */
export function splitJoined(result: ReadResult, count: number): ReadResult[] {
  const rows: PlainRow[][] = Array.from({ length: count }, () => []);
  for (const row of result.rows) {
    const index = Number(row[JOIN_COLUMN]);
    const own = row[JOIN_ROW_COLUMN];
    if (Number.isInteger(index) && index >= 0 && index < count && own !== null && typeof own === 'object' && !Array.isArray(own))
      rows[index]?.push(own as PlainRow);
  }
  return rows.map((own) => ({ ...result, rows: own, sharedRoundTrip: true }));
}
