// ADR sweep 6, findings left open at stop 33: a rule line kept in a status, Turkish "yerini X aldı",
// Indonesian "Menggantikan: argumen … di ADR-0015", Japanese "A を B に置き換える", each read as
// `lens demo load --docs` reads its folder.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder, type MarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep6-open-');

/** `older -> newer (partial)` by document id. */
function edges(folder: MarkdownFolder): string[] {
  return folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}${e.partial ? ' (partial)' : ''}`);
}

describe('a status section closed by a rule (a decision log of sections between `---` lines)', () => {
  const LOG = [
    '# Decision Log\n\nArchitecture decisions for the storefront, newest last.\n\n---\n\n',
    '## ADR-005: Tailwind CSS for styling\n\n**Date:** 2025-11-03\n\n### Context\n\nOne design system for the storefront and the admin.\n\n',
    '### Decision\n\nUse Tailwind CSS 4 with a custom theme.\n\n### Status\n\nSuperseded by ADR-007\n\n---\n\n',
    '## ADR-006: Vitest for unit tests\n\n### Status\n\nAccepted\n\n* * *\n\nSee the testing guide.\n\n',
    '## ADR-007: SCSS modules for styling\n\n### Status\n\nAccepted\n\n___\n',
  ].join('');

  it('keeps the rule out of the status text, and the text after the rule in the record', () => {
    const folder = readMarkdownFolder(folderWith({ 'docs/DECISIONS.md': LOG }));
    const records = folder.documents.filter((d) => d.adr);
    expect(records.map((d) => [d.document_id, d.adr?.status, d.adr?.status_text])).toEqual([
      ['docs--DECISIONS--adr-005', 'superseded', 'Superseded by ADR-007'],
      ['docs--DECISIONS--adr-006', 'accepted', 'Accepted'],
      ['docs--DECISIONS--adr-007', 'accepted', 'Accepted'],
    ]);
    expect(edges(folder)).toEqual(['docs--DECISIONS--adr-005 -> docs--DECISIONS--adr-007']);
    expect(folder.documents.map((d) => folder.bodies.get(d.document_id)).join('')).toBe(LOG);
  });
});
