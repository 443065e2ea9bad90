// ADR sweep 13: more real teams' folders read as a person reads them (maehwasoo/AILSS's Korean-run
// folder with plain `status:` / `superseded_by:` lines, adr/madr's own decisions, getsentry/rfcs'
// metadata list over the title). Each fixture is a few lines in the shape of the real record.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep13-');

/** Each record's file name, status and how it was read; and the folder's supersession edges. */
function read(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents.map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.status_source ?? null]).sort(),
    edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`),
  };
}

describe('a supersession phrase glued into a name is no statement (adr/madr 0008-add-status-field)', () => {
  // MADR's record on status fields lists the badges teams make, `superseeded-by-ADR-0006` among them;
  // the record states no status and is superseded by nothing (its folder has a 0006 of its own).
  const options = (line: string) =>
    `# Add status field\n\n## Considered Options\n\n* Use badge\n* Use text line\n\n### Use badge\n\n${line}\n`;
  const folder = (line: string) => ({
    'docs/decisions/0006-use-names-as-identifier.md': '# Use names as identifier\n\n## Decision Outcome\n\nChosen option: names.\n',
    'docs/decisions/0008-add-status-field.md': options(line),
  });

  it('reads "(superseeded-by-ADR-0006, for each ADR number)" in a list of cons as a badge name', () => {
    const line = '* Bad, because at local usages, many badges have to be generated (superseeded-by-ADR-0006, for each ADR number)';
    expect(read(folder(line))).toEqual({
      records: [
        ['0006-use-names-as-identifier.md', 'unknown', 'none'],
        ['0008-add-status-field.md', 'unknown', 'none'],
      ],
      edges: [],
    });
    expect(read(folder('* Example badge: `superseded_by_ADR_0006`, superseded-by-0006.')).edges).toEqual([]);
  });

  it('still reads the words apart, or a status glued so, as stating it', () => {
    for (const line of ['This ADR is superseded by ADR-0006.', 'This ADR is superseded-by ADR-0006.'])
      expect([line, read(folder(line)).edges]).toEqual([
        line,
        ['docs--decisions--0008-add-status-field -> docs--decisions--0006-use-names-as-identifier'],
      ]);
    const status = read({
      ...folder(''),
      'docs/decisions/0008-add-status-field.md': '# Add status field\n\nStatus: superseded-by-ADR-0006\n',
    });
    expect(status.edges).toEqual(['docs--decisions--0008-add-status-field -> docs--decisions--0006-use-names-as-identifier']);
  });
});

describe('an RFC folder whose records open with a metadata list (getsentry/rfcs)', () => {
  const rfc = (status: string) =>
    `- Start Date: 2025-05-08\n- RFC Type: decision\n- RFC PR: https://github.com/getsentry/rfcs/pull/147\n- RFC Status: ${status}\n\n# Summary\n\nWhat.\n`;

  it('reads `- RFC Status: …` as the record status, as `ADR status:` is', () => {
    expect(
      read({
        'text/0042-gocd-succeeds-freight.md': rfc('draft'),
        'text/0064-workflow-status.md': rfc('active'),
        'text/0147-span-attributes.md': rfc('withdrawn'),
      }).records,
    ).toEqual([
      ['0042-gocd-succeeds-freight.md', 'proposed', 'madr'],
      ['0064-workflow-status.md', 'accepted', 'madr'],
      ['0147-span-attributes.md', 'deprecated', 'madr'],
    ]);
  });
});

describe('plain `status:` and `superseded_by:` lines under the title (maehwasoo/AILSS)', () => {
  it('reads the successor a slug names', () => {
    const body = '\n\n## 맥락(context)\n\n- Why.\n\n## Decision\n\n- What.\n';
    expect(
      read({
        'docs/adr/0006-codex-cli-sandbox.md': `# 0006. Codex CLI sandbox\n\nstatus: superseded\nsuperseded_by: 0007-plugin-hosts-mcp${body}`,
        'docs/adr/0007-plugin-hosts-mcp.md': `# 0007. Plugin hosts MCP\n\nstatus: accepted${body}`,
      }),
    ).toEqual({
      records: [
        ['0006-codex-cli-sandbox.md', 'superseded', 'madr'],
        ['0007-plugin-hosts-mcp.md', 'accepted', 'madr'],
      ],
      edges: ['docs--adr--0006-codex-cli-sandbox -> docs--adr--0007-plugin-hosts-mcp'],
    });
  });
});

describe('an RFC named with a space, "RFC 12", is the record whose file name opens with RFC-012', () => {
  const rfcs = (status: string, withTwelve: boolean) => ({
    'docs/rfcs/RFC-011-use-x.md': `# RFC-011: Use X\n\nStatus: ${status}\n\n## Context\n\nWhy.\n`,
    ...(withTwelve ? { 'docs/rfcs/RFC-012-use-y.md': '# RFC-012: Use Y\n\nStatus: Accepted\n\n## Context\n\nWhy.\n' } : {}),
  });

  it('resolves "Superseded by RFC 12" and "RFC 012" as "RFC-012" is', () => {
    for (const status of ['Superseded by RFC-012.', 'Superseded by RFC 12.', 'Superseded by RFC 012.'])
      expect([status, read(rfcs(status, true)).edges]).toEqual([status, ['docs--rfcs--RFC-011-use-x -> docs--rfcs--RFC-012-use-y']]);
  });

  it('leaves "RFC 12" outside the records where no record is it', () => {
    const folder = readMarkdownFolder(folderWith(rfcs('Superseded by RFC 12.', false)));
    expect([folder.supersessions, folder.documents.map((d) => d.adr?.successor_outside)]).toEqual([[], ['RFC 12']]);
  });
});
