import { describe, expect, it } from 'vitest';
import { cypherString, exportStaleMarks } from '../../../electron/adr/stale-mark-export';
import { csvCell } from '../../../shared/csv-cell';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../../shared/schema-profile';
import type { StaleMark } from '../../../shared/trace-record';

const EXPORTED_AT = new Date('2026-12-01T10:00:00.000Z');
const MARKS: StaleMark[] = [
  {
    document_id: 'adr-005-postgres-ha-repmgr',
    reason: 'Patroni replaced repmgr',
    successor_document_id: 'adr-010-postgres-ha-patroni',
    marked_by: 'u-jiho',
    marked_at: '2026-11-30T09:00:00.000Z',
  },
  {
    document_id: 'adr-004-settlement-daily-batch',
    reason: '=HYPERLINK("x") it\'s \\ gone,\nreally',
    successor_document_id: null,
    marked_by: 'u-seoyeon',
    marked_at: '2026-11-29T09:00:00.000Z',
  },
];

describe('the stale-mark export', () => {
  it('writes Cypher with a header saying what it does and that the app never runs it', () => {
    const { content, marks } = exportStaleMarks(MARKS, 'cypher', DEFAULT_SCHEMA_PROFILE, EXPORTED_AT);
    expect(marks).toBe(2);
    const header = content.split('\n').filter((line) => line.startsWith('//'));
    expect(header[0]).toBe('// Provenance Lens: the change set of 2 stale marks in force, exported 2026-12-01T10:00:00.000Z.');
    expect(header.join('\n')).toContain('Provenance Lens never runs this: it only reads the graph.');
    expect(header.join('\n')).toContain('ends its validity (valid_to) at the time of the mark');
  });

  it('lists the marks as one literal list, in document order, with every value quoted as a Cypher string', () => {
    const { content } = exportStaleMarks(MARKS, 'cypher', DEFAULT_SCHEMA_PROFILE, EXPORTED_AT);
    const list = content.slice(content.indexOf('UNWIND ['), content.indexOf('] AS mark'));
    expect(list.indexOf('adr-004-settlement-daily-batch')).toBeLessThan(list.indexOf('adr-005-postgres-ha-repmgr'));
    expect(list).toContain(
      "{document_id: 'adr-004-settlement-daily-batch', reason: '=HYPERLINK(\"x\") it\\'s \\\\ gone,\\u000areally', successor_document_id: null, marked_by: 'u-seoyeon', marked_at: '2026-11-29T09:00:00.000Z'}",
    );
    expect(content.trimEnd().endsWith(';')).toBe(true);
    const statement = content
      .split('\n')
      .filter((line) => !line.startsWith('//'))
      .join('\n');
    expect(statement.match(/;/g)).toHaveLength(1);
  });

  it("uses the schema profile's label and property names", () => {
    const profile = SchemaProfile.parse({
      ...DEFAULT_SCHEMA_PROFILE,
      labels: { ...DEFAULT_SCHEMA_PROFILE.labels, document: 'Doc' },
      properties: {
        ...DEFAULT_SCHEMA_PROFILE.properties,
        document: { ...DEFAULT_SCHEMA_PROFILE.properties.document, validTo: 'expires_at' },
        adr: { ...DEFAULT_SCHEMA_PROFILE.properties.adr, supersession: 'replacement_kind' },
      },
    });
    const { content } = exportStaleMarks(MARKS, 'cypher', profile, EXPORTED_AT);
    expect(content).toContain('MATCH (d:`Doc` {`document_id`: mark.document_id})');
    expect(content).toContain('d.`expires_at` = CASE');
    expect(content).not.toContain('valid_to');
    expect(content).toContain(
      "d.`replacement_kind` = CASE WHEN mark.successor_document_id IS NULL THEN d.`replacement_kind` ELSE 'full' END",
    );
    expect(content).toContain("replacement_kind to 'full'");
    expect(content).not.toContain('supersession');
  });

  it('escapes quotes, backslashes, line breaks and other controls in a Cypher string', () => {
    expect(cypherString("it's")).toBe("'it\\'s'");
    expect(cypherString('a\\b')).toBe("'a\\\\b'");
    expect(cypherString('a\r\n\u2028\u0007b')).toBe("'a\\u000d\\u000a\\u2028\\u0007b'");
    expect(cypherString('결정 폐기')).toBe("'결정 폐기'");
  });

  it('writes JSON with a format name and the marks', () => {
    const parsed = JSON.parse(exportStaleMarks(MARKS, 'json', DEFAULT_SCHEMA_PROFILE, EXPORTED_AT).content) as Record<string, unknown>;
    expect(parsed).toMatchObject({ format: 'provenance-lens-stale-marks', version: 1, exported_at: '2026-12-01T10:00:00.000Z' });
    expect(parsed.marks).toEqual([MARKS[1], MARKS[0]]);
  });

  it('writes CSV with a header, CRLF lines and quoted cells, a formula cell defused', () => {
    const { content } = exportStaleMarks(MARKS, 'csv', DEFAULT_SCHEMA_PROFILE, EXPORTED_AT);
    expect(content).toBe(
      'document_id,reason,successor_document_id,marked_by,marked_at\r\n' +
        'adr-004-settlement-daily-batch,"\'=HYPERLINK(""x"") it\'s \\ gone,\nreally",,u-seoyeon,2026-11-29T09:00:00.000Z\r\n' +
        'adr-005-postgres-ha-repmgr,Patroni replaced repmgr,adr-010-postgres-ha-patroni,u-jiho,2026-11-30T09:00:00.000Z\r\n',
    );
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes the formula-starting cell %j with a quote', (value) => {
    expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('leaves an ordinary cell as it is and writes null as empty', () => {
    expect(csvCell('u-jiho')).toBe('u-jiho');
    expect(csvCell(null)).toBe('');
  });

  it('writes a no-op change set when nothing is marked', () => {
    const { content, marks } = exportStaleMarks([], 'cypher', DEFAULT_SCHEMA_PROFILE, EXPORTED_AT);
    expect(marks).toBe(0);
    expect(content).toContain('UNWIND [\n\n] AS mark');
  });
});
