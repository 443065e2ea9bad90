// ADR sweep 14: conventions left over from the earlier sweeps (front matter successors given as objects,
// `deprecated: true`, a `state:` key, admonition and callout banners), RFC repositories' `text/` folder,
// and more real teams' folders read as a person reads them. Each fixture is a few lines in the real shape.
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-adr-sweep14-');

/** Each record's file name, status and how it was read; and the folder's supersession edges. */
function read(files: Record<string, string>) {
  const folder = readMarkdownFolder(folderWith(files));
  return {
    records: folder.documents.map((d) => [d.file.split('/').pop(), d.adr?.status ?? null, d.adr?.status_source ?? null]).sort(),
    edges: folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`),
  };
}

const BODY = '\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n';
const withFrontMatter = (fm: string, title: string) => `---\n${fm}\n---\n# ${title}\n${BODY}`;
const SEVEN = { 'docs/adr/0007-use-y.md': withFrontMatter('status: accepted', 'Use Y') };
const EDGE_TO_SEVEN = ['docs--adr--0003-use-x -> docs--adr--0007-use-y'];

describe('front matter successors given as objects', () => {
  it('reads `supersededBy: [{id: ADR-0007}]` and `superseded_by: [{ref: …}]` as naming those records', () => {
    for (const fm of [
      'status: superseded\nsupersededBy: [{id: ADR-0007}]',
      'status: superseded\nsuperseded_by:\n  - ref: 0007-use-y.md',
      'status: superseded\nsuperseded_by: {adr: ADR-0007, reason: faster}',
    ])
      expect([fm, read({ 'docs/adr/0003-use-x.md': withFrontMatter(fm, 'Use X'), ...SEVEN }).edges]).toEqual([fm, EDGE_TO_SEVEN]);
  });

  it('reads `supersedes: [{id: …}]` from the newer record', () => {
    const files = {
      'docs/adr/0003-use-x.md': withFrontMatter('status: accepted', 'Use X'),
      'docs/adr/0007-use-y.md': withFrontMatter('status: accepted\nsupersedes:\n  - id: ADR-0003\n    note: all of it', 'Use Y'),
    };
    expect(read(files).edges).toEqual(EDGE_TO_SEVEN);
  });
});

describe('front matter `deprecated: true`', () => {
  it('retires a record that states no status, or a live one; `deprecated: false` marks nothing', () => {
    expect(
      read({
        'docs/adr/0001-a.md': withFrontMatter('deprecated: true', 'A'),
        'docs/adr/0002-b.md': withFrontMatter('status: accepted\ndeprecated: true', 'B'),
        'docs/adr/0003-c.md': withFrontMatter('status: accepted\ndeprecated: false', 'C'),
        'docs/adr/0004-d.md': withFrontMatter('deprecated: false', 'D'),
        'docs/adr/0005-e.md': withFrontMatter('status: rejected\ndeprecated: "true"', 'E'),
      }).records,
    ).toEqual([
      ['0001-a.md', 'deprecated', 'front_matter'],
      ['0002-b.md', 'deprecated', 'front_matter'],
      ['0003-c.md', 'accepted', 'front_matter'],
      ['0004-d.md', 'unknown', 'none'],
      ['0005-e.md', 'rejected', 'front_matter'],
    ]);
  });
});

describe('a `state` key for the status', () => {
  it('reads front matter `state:`, a `State:` line and a `## State` section when they hold a known status', () => {
    expect(
      read({
        'docs/adr/0001-a.md': withFrontMatter('state: deprecated', 'A'),
        'docs/adr/0002-b.md': `# 2. B\n\n- **State:** Accepted\n${BODY}`,
        'docs/adr/0003-c.md': `# 3. C\n\n## State\n\nProposed\n${BODY}`,
        'docs/adr/0004-d.md': withFrontMatter('state: CA', 'D'),
        'docs/adr/0005-e.md': `# 5. E\n\nState: the cache holds sessions.\n${BODY}`,
      }).records,
    ).toEqual([
      ['0001-a.md', 'deprecated', 'front_matter'],
      ['0002-b.md', 'accepted', 'madr'],
      ['0003-c.md', 'proposed', 'nygard'],
      ['0004-d.md', 'unknown', 'none'],
      ['0005-e.md', 'unknown', 'none'],
    ]);
  });

  it('names the successor a `State:` line gives', () => {
    const files = { 'docs/adr/0003-use-x.md': `# 3. Use X\n\nState: Superseded by ADR-0007\n${BODY}`, ...SEVEN };
    expect(read(files)).toEqual({
      records: [
        ['0003-use-x.md', 'superseded', 'madr'],
        ['0007-use-y.md', 'accepted', 'front_matter'],
      ],
      edges: EDGE_TO_SEVEN,
    });
  });
});

describe('admonition and callout banners over the record', () => {
  const x = (banner: string, status = '') => ({ 'docs/adr/0003-use-x.md': `# 3. Use X\n\n${status}${banner}\n${BODY}`, ...SEVEN });

  it('reads a banner titled Deprecated or Superseded as the record state, with the successor it names', () => {
    const cases: Array<[string, string, string[]]> = [
      [':::warning Deprecated\n\nNo longer applies.\n\n:::', 'deprecated', []],
      [':::danger[Superseded]\nSee ADR-0007.\n:::', 'superseded', EDGE_TO_SEVEN],
      ['!!! warning "Deprecated"\n    No longer applies.', 'deprecated', []],
      ['!!! warning "Superseded"\n    See [ADR-0007](0007-use-y.md).', 'superseded', EDGE_TO_SEVEN],
      ['> [!WARNING]\n> Deprecated', 'deprecated', []],
      ['> [!WARNING]\n> **Deprecated**: no longer applies.', 'deprecated', []],
    ];
    for (const [banner, status, edges] of cases) {
      const got = read(x(banner));
      expect([banner, got.records[0], got.edges]).toEqual([banner, ['0003-use-x.md', status, 'statement'], edges]);
    }
  });

  it('lets a banner retire a record whose status is still live, and no edge stands beside an accepted status', () => {
    const superseded = read(x('> [!WARNING]\n> This ADR has been superseded by ADR-0007.', 'Status: Accepted\n\n'));
    expect([superseded.records[0], superseded.edges]).toEqual([['0003-use-x.md', 'superseded', 'statement'], EDGE_TO_SEVEN]);
    expect(read(x(':::warning Deprecated\n:::', 'Status: Accepted\n\n')).records[0]).toEqual(['0003-use-x.md', 'deprecated', 'statement']);
    // A status that is not live is kept.
    expect(read(x(':::warning Deprecated\n:::', 'Status: Rejected\n\n')).records[0]).toEqual(['0003-use-x.md', 'rejected', 'madr']);
  });

  it('reads nothing from a banner whose title only opens with the word, or states a live status', () => {
    for (const banner of [
      '!!! note "Deprecated APIs"\n    We list the deprecated APIs here.',
      '> [!WARNING]\n> Deprecated APIs must not be used.',
      ':::tip Accepted\nWe decided.\n:::',
      '> [!NOTE]\n> ADR-0002 is deprecated.',
    ])
      expect([banner, read(x(banner)).records[0]]).toEqual([banner, ['0003-use-x.md', 'unknown', 'none']]);
  });
});

describe('an RFC repository read from its root: `text/NNNN-slug.md` are records (rust-lang/rfcs, getsentry/rfcs)', () => {
  const rust =
    '- Feature Name: `private_fields`\n- Start Date: 2014-03-11\n- RFC PR: [rust-lang/rfcs#1](https://github.com/rust-lang/rfcs/pull/1)\n\n# Summary\n\nWhat.\n\n# Motivation\n\nWhy.\n';
  const sentry = '- Start Date: 2025-05-08\n- RFC Type: decision\n- RFC Status: withdrawn\n\n# Summary\n\nWhat.\n';

  it('loads each as a record dated by its `Start Date:`', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'README.md': '# RFCs\n\nHow to write one.\n',
        'text/0001-private-fields.md': rust,
        'text/0147-span-attributes.md': sentry,
      }),
    );
    expect(folder.documents.map((d) => [d.file, d.adr?.status ?? null, d.adr?.decided_at ?? null]).sort()).toEqual([
      ['README.md', null, null],
      ['text/0001-private-fields.md', 'unknown', '2014-03-11'],
      ['text/0147-span-attributes.md', 'deprecated', '2025-05-08'],
    ]);
  });

  it('reads "RFC 1234" in an RFC of `text/` as the RFC numbered 1234 there, and one no file is as outside the records', () => {
    const rfc = (line: string) => `- Start Date: 2016-01-01\n\n# Summary\n\n${line}\n\n# Motivation\n\nWhy.\n`;
    for (const line of ['This RFC supersedes RFC 230.', 'This RFC supersedes RFC-0230.']) {
      const folder = readMarkdownFolder(
        folderWith({ 'text/0230-remove-runtime.md': rfc('Remove it.'), 'text/1234-new-runtime.md': rfc(line) }),
      );
      expect([line, folder.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`)]).toEqual([
        line,
        ['text--0230-remove-runtime -> text--1234-new-runtime'],
      ]);
    }
    const outside = readMarkdownFolder(folderWith({ 'text/0230-remove-runtime.md': rfc('This RFC is superseded by RFC 999.') }));
    expect([outside.supersessions, outside.documents.map((d) => [d.adr?.status, d.adr?.successor_outside])]).toEqual([
      [],
      [['superseded', 'RFC 999']],
    ]);
  });

  it('leaves a `text/` folder of prose notes or chapters as documents, and a Start Date makes no page a record', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'text/intro.md': '# Intro\n\nSome prose.\n',
        'text/01-getting-started.md': '# Getting started\n\nSteps.\n',
        'text/2024-01-15-meeting.md': '# Meeting\n\nNotes.\n',
        'plans/01-migration.md': '# Migration\n\n- Start Date: 2024-01-01\n\n## Steps\n\nMove.\n',
      }),
    );
    expect(folder.documents.filter((d) => d.adr !== undefined && d.adr !== null).map((d) => d.file)).toEqual([]);
  });
});

describe('a record kept in two languages side by side (StefanMoCoAt/Meldestelle)', () => {
  // Each decision is written in English (`0003-microservices-architecture.md`) and German (`…-de.md`), one number for both.
  const record = (n: string, title: string, status: string, de: boolean) =>
    `# ADR-${n}: ${title}\n\n## Status\n\n${status}\n\n## ${de ? 'Kontext' : 'Context'}\n\n${de ? 'Warum.' : 'Why.'}\n`;
  const folder = {
    'docs/architecture/adr/0003-microservices-architecture.md': record('0003', 'Microservices', 'Superseded by ADR-0009', false),
    'docs/architecture/adr/0003-microservices-architecture-de.md': record('0003', 'Microservices', 'Ersetzt durch ADR-0009', true),
    'docs/architecture/adr/0009-modular-monolith.md': record('0009', 'Modular monolith', 'Accepted', false),
    'docs/architecture/adr/0009-modular-monolith-de.md': record('0009', 'Modularer Monolith', 'Akzeptiert', true),
  };

  it('reads a reference to the shared number as the copy in the writer’s language, and asks for no renumbering', () => {
    const read = readMarkdownFolder(folderWith(folder));
    expect(read.supersessions.map((e) => `${e.from_document_id} -> ${e.to_document_id}`).sort()).toEqual([
      'docs--architecture--adr--0003-microservices-architecture -> docs--architecture--adr--0009-modular-monolith',
      'docs--architecture--adr--0003-microservices-architecture-de -> docs--architecture--adr--0009-modular-monolith-de',
    ]);
    expect(read.warnings.filter((w) => w.includes('carry the id'))).toEqual([]);
  });

  it('still names two different records that share a number', () => {
    const read = readMarkdownFolder(
      folderWith({
        'adr/0003-use-x.md': record('0003', 'Use X', 'Accepted', false),
        'adr/0003-use-x-draft.md': record('0003', 'Use X draft', 'Proposed', false),
      }),
    );
    expect(read.warnings.filter((w) => w.includes('carry the id'))).toHaveLength(1);
  });
});
