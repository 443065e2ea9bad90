// The change set of the stale marks in force, for the team that owns the pipeline: reviewable
// Cypher that makes the graph itself say what the marks say, or the same marks as JSON or CSV.
// Provenance Lens never runs the Cypher; it only ever reads the graph.
import type { AdrExport, ExportFormat } from '../../shared/adr-marks';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { StaleMark } from '../../shared/trace-record';
import { csvText } from '../../shared/csv-cell';

/** The columns of the JSON marks and the CSV, in order. */
const COLUMNS = ['document_id', 'reason', 'successor_document_id', 'marked_by', 'marked_at'] as const;

/** The change set of `marks` in `format`; `exportedAt` is stamped in the header. */
export function exportStaleMarks(marks: readonly StaleMark[], format: ExportFormat, profile: SchemaProfile, exportedAt: Date): AdrExport {
  const ordered = [...marks].sort((a, b) => a.document_id.localeCompare(b.document_id));
  const content =
    format === 'cypher'
      ? cypherChangeSet(ordered, profile, exportedAt)
      : format === 'json'
        ? `${JSON.stringify({ format: 'provenance-lens-stale-marks', version: 1, exported_at: exportedAt.toISOString(), marks: ordered.map(row) }, null, 2)}\n`
        : csv(ordered);
  return { format, marks: ordered.length, content };
}

function row(mark: StaleMark): Record<(typeof COLUMNS)[number], string | null> {
  return {
    document_id: mark.document_id,
    reason: mark.reason,
    successor_document_id: mark.successor_document_id ?? null,
    marked_by: mark.marked_by,
    marked_at: mark.marked_at,
  };
}

/**
 * One statement over a literal list of the marks (nothing to bind: it runs as it reads in
 * cypher-shell or Neo4j Browser). With a successor, the document gets `superseded_by` and a
 * supersession edge; without one, its validity ends at the mark's time. Both are what the
 * freshness rules read, so the graph alone then gives `stale`. MERGE and the guards make a second
 * run change nothing.
 */
function cypherChangeSet(marks: readonly StaleMark[], profile: SchemaProfile, exportedAt: Date): string {
  const { labels: L, relationships: R, properties: P } = profile;
  const D = P.document;
  const supersession = q(P.adr.supersession);
  const list = marks.map((mark) => `  ${cypherMap(row(mark))}`).join(',\n');
  return `${cypherHeader(marks.length, profile, exportedAt)}
UNWIND [
${list}
] AS mark
MATCH (d:${q(L.document)} {${q(D.id)}: mark.document_id})
SET d.stale_marked_by = mark.marked_by, d.stale_marked_at = datetime(mark.marked_at), d.stale_reason = mark.reason,
    d.${q(D.validTo)} = CASE
      WHEN mark.successor_document_id IS NULL AND NOT coalesce(d.${q(D.validTo)} <= datetime(mark.marked_at), false)
      THEN datetime(mark.marked_at) ELSE d.${q(D.validTo)} END,
    d.${q(D.supersededBy)} = coalesce(mark.successor_document_id, d.${q(D.supersededBy)}),
    d.${supersession} = CASE WHEN mark.successor_document_id IS NULL THEN d.${supersession} ELSE 'full' END
WITH d, mark
OPTIONAL MATCH (successor:${q(L.document)} {${q(D.id)}: mark.successor_document_id})
FOREACH (_ IN CASE WHEN successor IS NULL THEN [] ELSE [1] END | MERGE (d)-[:${q(R.supersededBy)}]->(successor));
`;
}

function cypherHeader(count: number, profile: SchemaProfile, exportedAt: Date): string {
  const D = profile.properties.document;
  return [
    `// Provenance Lens: the change set of ${count} stale mark${count === 1 ? '' : 's'} in force, exported ${exportedAt.toISOString()}.`,
    '// Provenance Lens never runs this: it only reads the graph. Review it, then run it yourself with an',
    '// account that may write (cypher-shell -f FILE, or paste it into Neo4j Browser).',
    `// For each mark below, on the ${profile.labels.document} whose ${D.id} it names (a document the graph lacks is skipped):`,
    `//   - with a successor: sets ${D.supersededBy} to it and ${profile.properties.adr.supersession} to 'full', and adds a`,
    `//     ${profile.relationships.supersededBy} relationship to the successor when the graph holds it;`,
    `//   - without a successor: ends its validity (${D.validTo}) at the time of the mark, unless it ended earlier;`,
    '//   - records who marked it, when and why in stale_marked_by, stale_marked_at and stale_reason.',
    '// The graph alone then labels each document stale, as the marks do. Running it twice changes nothing more.',
  ].join('\n');
}

function cypherMap(values: Record<string, string | null>): string {
  return `{${Object.entries(values)
    .map(([key, value]) => `${key}: ${value === null ? 'null' : cypherString(value)}`)
    .join(', ')}}`;
}

/** A Cypher string literal: quotes and backslashes escaped, control and line-break characters as \uXXXX. */
export function cypherString(value: string): string {
  let out = "'";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "'" || char === '\\') out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}'`;
}

function csv(marks: readonly StaleMark[]): string {
  return csvText(
    COLUMNS,
    marks.map((mark) => COLUMNS.map((column) => row(mark)[column])),
  );
}
