// ADR sweep 16: a banner that retires a record whose status is still live is named beside the status it
// overrides, a banner is read where a reader sees it as the record's (over the text, or in its status) and a
// quotation further down is not, and more real teams' folders read as a person reads them.
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep16-');

/** Each record's file name, status and how it was read; the folder's supersession edges; and the folder as read. */
function read(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents.map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.status_source ?? null]).sort(),
    edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`),
    folder,
  };
}

const BODY = '\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n';
const SEVEN = { 'docs/adr/0007-use-y.md': `# 7. Use Y\n\nStatus: Accepted\n${BODY}` };
const EDGE_TO_SEVEN = ['docs--adr--0003-use-x -> docs--adr--0007-use-y'];

describe('a banner that retires a record whose status is still live', () => {
  it('names the file, the status stated and the banner, in English and Korean', () => {
    const { records, folder } = read({
      'docs/adr/0003-use-x.md': `# 3. Use X\n\nStatus: Accepted\n\n:::warning Deprecated\nSee ADR-0007.\n:::\n${BODY}`,
      'docs/adr/0004-use-z.md': `# 4. Use Z\n\n> [!WARNING]\n> Superseded by ADR-0007\n\n## Status\n\nAccepted\n${BODY}`,
      // A banner over a record that states no status, or states the same, disagrees with nothing.
      'docs/adr/0005-use-w.md': `# 5. Use W\n\n:::warning Deprecated\nNo longer applies.\n:::\n${BODY}`,
      'docs/adr/0006-use-v.md': `# 6. Use V\n\nStatus: Deprecated\n\n:::warning Deprecated\nNo longer applies.\n:::\n${BODY}`,
      ...SEVEN,
    });
    expect(records.slice(0, 4)).toEqual([
      ['0003-use-x.md', 'deprecated', 'statement'],
      ['0004-use-z.md', 'superseded', 'statement'],
      ['0005-use-w.md', 'deprecated', 'statement'],
      ['0006-use-v.md', 'deprecated', 'madr'],
    ]);
    const warned = folder.warningMessages.filter((m) => m.code.startsWith('demo_load:adr_banner_status_'));
    expect(warned.map((m) => [m.code, m.params])).toEqual([
      ['demo_load:adr_banner_status_deprecated', { file: 'docs/adr/0003-use-x.md', status: 'Accepted', banner: 'Deprecated' }],
      ['demo_load:adr_banner_status_superseded', { file: 'docs/adr/0004-use-z.md', status: 'Accepted', banner: 'Superseded by ADR-0007' }],
    ]);
    expect(folder.warnings).toContain(
      'docs/adr/0003-use-x.md: its status says "Accepted" but a banner over its text says "Deprecated", so it loads as deprecated; if it is still in force, remove the banner, otherwise change its status to say so',
    );
    const korean = wordCore(warned[1]!, 'ko') ?? '';
    expect(korean).toContain('docs/adr/0004-use-z.md');
    expect(korean).toContain('"Accepted"');
    expect(korean).toContain('"Superseded by ADR-0007"');
    expect(korean).toContain('대체됨');
  });
});

describe('a banner that retires part of a record whose status is still live', () => {
  it('says it loads as partly superseded', () => {
    const { records, folder } = read({
      'docs/adr/0003-use-x.md': `# 3. Use X\n\nStatus: Accepted\n\n> [!WARNING]\n> Partly superseded by ADR-0007\n${BODY}`,
      ...SEVEN,
    });
    expect(records[0]).toEqual(['0003-use-x.md', 'partly_superseded', 'statement']);
    expect(folder.warningMessages.filter((m) => m.code.startsWith('demo_load:adr_banner_status_')).map((m) => m.code)).toEqual([
      'demo_load:adr_banner_status_partly_superseded',
    ]);
  });
});

describe('where a banner is the record’s, and where a quotation is not', () => {
  it('reads a banner over the text, after the title block’s lines, and one in the status section', () => {
    const { records, edges } = read({
      'docs/adr/0003-use-x.md': `# 3. Use X\n\nDate: 2021-03-04\nDeciders: Ana\n\n> [!WARNING]\n> Superseded by ADR-0007\n${BODY}`,
      'docs/adr/0004-use-z.md': `# 4. Use Z\n\n## Status\n\nAccepted\n\n:::warning Superseded\nSuperseded by ADR-0007\n:::\n${BODY}`,
      ...SEVEN,
    });
    expect(records).toEqual([
      ['0003-use-x.md', 'superseded', 'statement'],
      ['0004-use-z.md', 'superseded', 'nygard'],
      ['0007-use-y.md', 'accepted', 'madr'],
    ]);
    expect(edges).toEqual([...EDGE_TO_SEVEN, 'docs--adr--0004-use-z -> docs--adr--0007-use-y']);
  });

  it('reads a quoted "superseded" sentence in the Context section as someone else’s words: no state, no edge', () => {
    const quoted = '\n## Context\n\nThe vendor’s notice said:\n\n> This ADR has been superseded by ADR-0007.\n\n## Decision\n\nWhat.\n';
    const { records, edges } = read({
      'docs/adr/0003-use-x.md': `# 3. Use X\n\n## Status\n\nAccepted\n${quoted}`,
      'docs/adr/0004-use-z.md': `# 4. Use Z\n${quoted}`,
      ...SEVEN,
    });
    expect(records).toEqual([
      ['0003-use-x.md', 'accepted', 'nygard'],
      ['0004-use-z.md', 'unknown', 'none'],
      ['0007-use-y.md', 'accepted', 'madr'],
    ]);
    expect(edges).toEqual([]);
  });

  it('still reads a statement of the record’s own in its sections, and a quotation above them', () => {
    const { records, edges } = read({
      'docs/adr/0003-use-x.md': `# 3. Use X\n\n> This ADR has been superseded by ADR-0007.\n${BODY}`,
      'docs/adr/0004-use-z.md': `# 4. Use Z\n\n## Status\n\nAccepted\n\n## Context\n\nWhy.\n\n## Decision\n\nThis decision supersedes ADR-0003.\n`,
      ...SEVEN,
    });
    expect(records.slice(0, 2)).toEqual([
      ['0003-use-x.md', 'superseded', 'statement'],
      ['0004-use-z.md', 'accepted', 'nygard'],
    ]);
    expect(edges.sort()).toEqual(['docs--adr--0003-use-x -> docs--adr--0004-use-z', ...EDGE_TO_SEVEN]);
  });
});

describe('a `text/` folder of a book’s chapters, beside an RFC repository’s', () => {
  it('loads chapters that carry nothing of a record as documents, and RFCs with a header, a date or a status as records', () => {
    const { records } = read({
      'book/text/0001-introduction.md': '# Introduction\n\nThis book teaches the language.\n\n## Who this book is for\n\nYou.\n',
      'book/text/0002-getting-started.md': '# Getting started\n\nInstall it.\n\n## Summary\n\nDone.\n',
      'rfcs/text/0001-private-fields.md': '- Start Date: 2014-03-11\n- RFC PR: #1\n\n# Summary\n\nPrivate fields.\n',
      'rfcs/text/0002-rfc-process.md': '- Feature Name: rfc_process\n\n# Summary\n\nThe process.\n',
      'rfcs/text/0003-use-x.md': '# Use X\n\nStatus: Accepted\n\nWhy.\n',
      'rfcs/text/0004-use-y.md': '---\nstage: accepted\n---\n# Use Y\n\nWhy.\n',
    });
    expect(records).toEqual([
      ['0001-introduction.md', null, null],
      ['0001-private-fields.md', 'unknown', 'none'],
      ['0002-getting-started.md', null, null],
      ['0002-rfc-process.md', 'unknown', 'none'],
      ['0003-use-x.md', 'accepted', 'madr'],
      ['0004-use-y.md', 'accepted', 'front_matter'],
    ]);
  });
});

describe('AsciiDoc records written to be included in an arc42 document (docToolchain/dacli)', () => {
  // src/docs/arc42/adr/ADR-008.adoc … ADR-014.adoc, each pulled into chapter 9 by `include::`, so each opens with
  // a level-2 section title; a bold label (`*Status:*`) or a description list term (`Status::`) gives the status.
  const files = {
    'arc42/adr/ADR-008.adoc':
      '=== ADR-008: Cross-Document Path Uniqueness Strategy\n\n*Status:* Accepted (2026-01-22)\n\n*Context:*\nPaths collide.\n\n*Decision:*\nWe will prefix the file.\n\n==== Pugh Matrix\n\nScores.\n',
    'arc42/adr/ADR-014.adoc':
      '=== ADR-014: Multi-Root Documentation Sources\n\nStatus:: Proposed (2026-03-11)\n\nDeciders:: Development Team\n\nContext::\n\nOne root.\n\n==== Motivating Scenarios\n\nMany.\n',
  };

  it('reads the first title as the record’s title, and the status and date its label gives', () => {
    const folder = readMarkdownFolder(folderWith(files), { extensions: ['adoc'] });
    expect(folder.documents.map((d) => [d.title, d.adr?.status, d.adr?.status_raw, d.adr?.decided_at])).toEqual([
      ['ADR-008: Cross-Document Path Uniqueness Strategy', 'accepted', 'Accepted (2026-01-22)', '2026-01-22'],
      // A proposal's date is when it was proposed, not decided.
      ['ADR-014: Multi-Root Documentation Sources', 'proposed', 'Proposed (2026-03-11)', null],
    ]);
    // Its sections stay below its title.
    expect(folder.documents[0]?.chunks.map((c) => c.heading_path.join(' > '))).toContain(
      'ADR-008: Cross-Document Path Uniqueness Strategy > Pugh Matrix',
    );
  });
});

describe('an index that lists its records under a heading per status (CERTCC/SSVC docs/adr/index.md)', () => {
  const index = [
    '# SSVC Decision Records',
    '',
    '## Accepted Records',
    '',
    '- [0000 - Record architecture decisions](0000-record-architecture-decisions.md)',
    '- [0006 - SSVC Decision Points Versioning Rules](0006-ssvc-decision-point-versioning-rules.md)',
    '',
    '## Rejected Records',
    '',
    '- None',
    '',
    '## Superseded Records',
    '',
    '- [0003 - SSVC Decision Points Versioning Rules](0003-ssvc-decision-point-versioning-rules.md)',
    '- [0004 - Groups are versioned](0004-groups-are-versioned.md)',
    '',
    '## Records with non-standard statuses',
    '',
    '- [0005 - Group versioning](0005-group-versioning.md)',
    '',
  ].join('\n');
  const record = (fm: string, title: string) => `---\n${fm}date: 2023-10-17\n---\n# ${title}\n\n## Context and Problem Statement\n\nWhy.\n`;

  it('gives a record that states no status its heading’s, and names a record in force the index lists as superseded', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/index.md': index,
        'docs/adr/0000-record-architecture-decisions.md':
          '# Record architecture decisions\n\n- Status: accepted\n- Date: 2023-10-16\n\n## Context\n\nWhy.\n',
        'docs/adr/0003-ssvc-decision-point-versioning-rules.md': record('status: accepted\n', 'SSVC Decision Points Versioning Rules'),
        'docs/adr/0004-groups-are-versioned.md': record('', 'Groups are versioned'),
        'docs/adr/0005-group-versioning.md': record('', 'Group versioning'),
        'docs/adr/0006-ssvc-decision-point-versioning-rules.md': record('status: accepted\n', 'SSVC Decision Points Versioning Rules'),
      }),
    );
    expect(folder.documents.filter((d) => d.adr).map((d) => [d.file.split('/').pop(), d.adr?.status, d.adr?.status_source])).toEqual([
      ['0000-record-architecture-decisions.md', 'accepted', 'madr'],
      ['0003-ssvc-decision-point-versioning-rules.md', 'accepted', 'front_matter'],
      ['0004-groups-are-versioned.md', 'superseded', 'index'],
      ['0005-group-versioning.md', 'unknown', 'none'],
      ['0006-ssvc-decision-point-versioning-rules.md', 'accepted', 'front_matter'],
    ]);
    expect(folder.warningMessages.filter((m) => m.code === 'demo_load:adr_index_status_differs').map((m) => m.params)).toEqual([
      {
        file: 'docs/adr/0003-ssvc-decision-point-versioning-rules.md',
        status: 'accepted',
        index: 'docs/adr/index.md',
        index_status: 'Superseded',
      },
    ]);
  });
});

describe('MADR front matter naming people by their GitHub handle (CERTCC/SSVC 0012)', () => {
  it('loads `deciders: @adh @jspring` as the text written, with a warning naming the line, instead of failing the file', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'docs/adr/0012-ssvc-namespaces.md':
          '---\nstatus: "accepted"\ndate: 2025-07-22\ndeciders: @ahouseholer @sei-vsarvepalli\nconsulted: @tschmidtb51\n---\n# Use of Namespaces in SSVC objects\n\n## Context and Problem Statement\n\nWhy.\n',
      }),
    );
    expect(folder.failed).toEqual([]);
    expect(folder.documents.map((d) => [d.adr?.status, d.adr?.decided_at])).toEqual([['accepted', '2025-07-22']]);
    const warned = folder.warningMessages.filter((m) => m.code === 'demo_load:unquoted_reserved');
    expect(warned.map((m) => m.params)).toEqual([
      { file: 'docs/adr/0012-ssvc-namespaces.md', line: 4, key: 'deciders', char: '@' },
      { file: 'docs/adr/0012-ssvc-namespaces.md', line: 5, key: 'consulted', char: '@' },
    ]);
    expect(wordCore(warned[0]!, 'ko')).toContain('deciders');
  });
});

describe('a changelog that dates the acceptance (cosmos/cosmos-sdk docs/architecture)', () => {
  it('dates an accepted record by its changelog line saying so, and no draft or update dates one', () => {
    const changelog = (lines: string, status: string) =>
      `## Changelog\n\n${lines}\n\n## Status\n\n${status}\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n`;
    const folder = readMarkdownFolder(
      folderWith({
        'docs/architecture/adr-030-authz-module.md': `# ADR 030: Authorization Module\n\n${changelog('- 2019-11-06: Initial Draft\n- 2020-10-12: Updated Draft\n- 2021-11-13: Accepted', 'Accepted')}`,
        'docs/architecture/adr-019-protobuf-state-encoding.md': `# ADR 019: Protocol Buffer State Encoding\n\n${changelog('- 2020 Feb 15: Initial Draft\n- 2020 Apr 27: Convert usages of `oneof` for interfaces to `Any`', 'Accepted')}`,
        'docs/architecture/adr-013-metrics.md': `# ADR 013: Observability\n\n${changelog('- 2020-01-20: Initial Draft', 'Proposed')}`,
      }),
    );
    expect(folder.documents.map((d) => [d.adr?.adr_id, d.adr?.status, d.adr?.decided_at])).toEqual([
      ['ADR-013', 'proposed', null],
      ['ADR-019', 'accepted', null],
      ['ADR-030', 'accepted', '2021-11-13'],
    ]);
  });
});

describe('an RFC repository whose front matter gives each RFC’s stage (emberjs/rfcs text/)', () => {
  it('reads `stage:` as the status when it is a stage of the process', () => {
    const rfc = (stage: string, title: string) =>
      `---\nstage: ${stage}\nstart-date: 2022-01-29T00:00:00.000Z\nrelease-date: Unreleased\nteams:\n  - data\n---\n\n# ${title}\n\n## Summary\n\nWhat.\n`;
    const { records } = read({
      'text/0790-deprecate-ember-data-ajax.md': rfc('discontinued', 'EmberData | Deprecate ajax requests'),
      'text/0791-a.md': rfc('ready-for-release', 'A'),
      'text/0792-b.md': rfc('released', 'B'),
      'text/0793-c.md': rfc('recommended', 'C'),
      'text/0794-d.md': rfc('exploring', 'D'),
      'text/0795-e.md': rfc('3', 'E'),
    });
    expect(records).toEqual([
      ['0790-deprecate-ember-data-ajax.md', 'deprecated', 'front_matter'],
      ['0791-a.md', 'accepted', 'front_matter'],
      ['0792-b.md', 'accepted', 'front_matter'],
      ['0793-c.md', 'accepted', 'front_matter'],
      ['0794-d.md', 'proposed', 'front_matter'],
      // A stage that is no status (TC39's `stage: 3`) says nothing.
      ['0795-e.md', 'unknown', 'none'],
    ]);
  });
});
