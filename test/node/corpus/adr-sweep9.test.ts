// ADR sweep 9: decision logs as teams keep them, read as `lens demo load --docs` reads its folder:
// two records of one day, a successor named by its entry's date and title, and text after a log's table.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep9-');

/** `older -> newer` by document id. */
function edges(folder: ReturnType<typeof readMarkdownFolder>): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

describe('a dated decision log with two records of one day', () => {
  it('gives `### DEC-20240301-a …` and `### DEC-20240301-b …` an id each, a reference to either naming it', () => {
    const log =
      '# Decisions\n\n### DEC-20240301-a Use SQLite\n\nStatus: Superseded by DEC-20240301-b\n\nOne file.\n\n' +
      '### DEC-20240301-b: Use Redis\n\nStatus: Accepted\n\nA cache.\n\n### DEC-20240615 Use Postgres\n\nStatus: Accepted\n\nSupersedes DEC-20240301-b.\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decisions.md': log }));
    expect(
      folder.documents.map((d) => [d.document_id, d.title, d.adr?.adr_id ?? null, d.adr?.status ?? null, d.adr?.decided_at ?? null]),
    ).toEqual([
      ['docs--decisions', 'Decisions', null, null, null],
      ['docs--decisions--dec-20240301-a', 'DEC-20240301-a: Use SQLite', 'DEC-20240301-a', 'superseded', '2024-03-01'],
      ['docs--decisions--dec-20240301-b', 'DEC-20240301-b: Use Redis', 'DEC-20240301-b', 'accepted', '2024-03-01'],
      ['docs--decisions--dec-20240615', 'DEC-20240615: Use Postgres', 'DEC-20240615', 'accepted', '2024-06-15'],
    ]);
    expect(edges(folder)).toEqual([
      'docs--decisions--dec-20240301-a -> docs--decisions--dec-20240301-b',
      'docs--decisions--dec-20240301-b -> docs--decisions--dec-20240615',
    ]);
    expect(folder.adrs.unresolved_references).toEqual([]);
    expect(folder.warnings.filter((w) => w.includes('carry the id'))).toEqual([]);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(log);
  });

  it('reads the same ids in a log kept as a table', () => {
    const log =
      '# Decision log\n\n| ID | Title | Status | Superseded by |\n|---|---|---|---|\n' +
      '| DEC-20240301-a | Use SQLite | Superseded | DEC-20240301-b |\n| DEC-20240301-b | Use Redis | Accepted | |\n';
    const folder = readMarkdownFolder(folderWith({ 'docs/decision-log.md': log }));
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.document_id, d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['docs--decision-log--dec-20240301-a', 'DEC-20240301-a', 'superseded', '2024-03-01'],
      ['docs--decision-log--dec-20240301-b', 'DEC-20240301-b', 'accepted', '2024-03-01'],
    ]);
    expect(edges(folder)).toEqual(['docs--decision-log--dec-20240301-a -> docs--decision-log--dec-20240301-b']);
  });
});
