import { describe, expect, it } from 'vitest';
import { coreEnglish } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { isoInstantText } from '../../../electron/corpus/corpus-model';
import { withDateAliases } from '../../../electron/corpus/front-matter-dates';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders();
const PUBLIC = { acl: { defaults: { workspace_id: 'ws-a', visibility: 'public' as const }, files: {} } };

describe('isoInstantText', () => {
  it.each([
    ['2019-03-05', '2019-03-05'],
    ['2019-03-5', '2019-03-05'],
    ['2019-3-05', '2019-03-05'],
    ['2019-03-05T10:00', '2019-03-05T10:00'],
    ['2019-03-05 10:00:00 +0100', '2019-03-05T10:00:00+0100'],
    ['2025-12-15T11:32:24-06:00', '2025-12-15T11:32:24-06:00'],
    ['2019-03-05T10:00:00.123Z', '2019-03-05T10:00:00.123Z'],
  ])('writes %j as %j, a form Neo4j datetime() reads', (text, iso) => {
    expect(isoInstantText(text)).toBe(iso);
  });

  it.each(['March 5, 2019', '2019-02-30', '2019-13-01', 'soon', '', '20190305', '2019-03-05T25:00'])('refuses %j', (text) => {
    expect(isoInstantText(text)).toBeNull();
  });

  it('takes a Date yaml made', () => {
    expect(isoInstantText(new Date('2020-01-02T03:04:05Z'))).toBe('2020-01-02T03:04:05.000Z');
  });
});

describe('withDateAliases', () => {
  it.each([
    [{ date: '2019-11-24T07:19:34+01:00' }, '2019-11-24T07:19:34+01:00', undefined],
    [{ 'creation-date': '2019-01-29', 'last-updated': '2019-03-5' }, '2019-01-29', '2019-03-05'],
    [{ created: '2026-04-17', last_update: { date: '2026-05-07' } }, '2026-04-17', '2026-05-07'],
    [{ lastmod: '2025-12-15T11:32:24-06:00' }, undefined, '2025-12-15T11:32:24-06:00'],
    // DocFX (every MicrosoftDocs repository): ms.date in US order, the date the article was last reviewed.
    [{ title: 'x', 'ms.date': '04/20/2020', 'ms.lasthandoff': '03/19/2021' }, undefined, '2020-04-20'],
    [{ 'ms.date': '2/3/2021' }, undefined, '2021-02-03'],
    // Docusaurus parses last_update.date as JavaScript does: the Seeed wiki writes 6/21/2023 (docs sweep 3, L10).
    [{ last_update: { date: '6/21/2023' } }, undefined, '2023-06-21'],
    // Dendron writes epoch milliseconds (docs sweep 3, L9); 10 digits are seconds.
    [{ created: 1649783779673, updated: '1649786215132' }, '2022-04-12T17:16:19.673Z', '2022-04-12T17:56:55.132Z'],
    [{ created: 1700000000 }, '2023-11-14T22:13:20.000Z', undefined],
  ])('reads %j as created_at %j and updated_at %j', (data, created, updated) => {
    const warnings: CoreMessage[] = [];
    const out = withDateAliases(data, 'a.md', warnings);
    expect([out.created_at, out.updated_at]).toEqual([created, updated]);
    expect(warnings).toEqual([]);
  });

  it('keeps created_at and updated_at given under their own names', () => {
    const out = withDateAliases(
      { created_at: '2020-01-01', date: '2021-01-01', updated_at: '2020-02-02', lastmod: '2021-02-02' },
      'a.md',
      [],
    );
    expect([out.created_at, out.updated_at]).toEqual(['2020-01-01', '2020-02-02']);
  });

  it('leaves out a date under another tool’s name that is no date, with a warning naming it', () => {
    const warnings: CoreMessage[] = [];
    const out = withDateAliases({ date: 'soon', lastmod: 'March 5, 2019', updated: '2020-01-01' }, 'docs/a.md', warnings);
    expect([out.created_at, out.updated_at]).toEqual([undefined, '2020-01-01']);
    expect(warnings.map(coreEnglish)).toEqual([
      expect.stringMatching(/^docs\/a\.md: front matter date "soon" is not a date such as 2026-05-20/),
      expect.stringMatching(/^docs\/a\.md: front matter lastmod "March 5, 2019" is not a date/),
    ]);
    const unread: CoreMessage[] = [];
    expect(withDateAliases({ 'ms.date': '13/45/2020' }, 'b.md', unread).updated_at).toBeUndefined();
    // A number that is no epoch instant of this era is no date either.
    expect(withDateAliases({ created: 12345 }, 'c.md', unread).created_at).toBeUndefined();
    expect(unread.map(coreEnglish)).toEqual([
      expect.stringMatching(/^b\.md: front matter ms\.date "13\/45\/2020" is not a date/),
      expect.stringMatching(/^c\.md: front matter created "12345" is not a date/),
    ]);
  });
});

describe('front matter as documentation tools write it, through a folder load', () => {
  it('loads a page whose title YAML typed as a number, or left empty, with its text', () => {
    const folder = readMarkdownFolder(
      folderWith({ '404.md': '---\ntitle: 404\n---\nNot found.\n', 'template.md': '---\ntitle:\ndoc_type:\n---\n# Page\n\nText.\n' }),
      PUBLIC,
    );
    expect(folder.failed).toEqual([]);
    expect(folder.documents.map((d) => [d.file, d.title, d.chunks.length])).toEqual([
      ['404.md', '404', 1],
      ['template.md', 'Page', 1],
    ]);
  });

  it('loads a Hugo page with TOML front matter: its title and date, and no front matter in its text', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'content/1-intro/_index.md':
          '+++\ntitle = "The DevSecOps Workshop"\nweight = 1\ndate = 2019-11-24T07:19:34+01:00\n+++\n\nWelcome.\n',
      }),
      PUBLIC,
    );
    const [doc] = folder.documents;
    expect([doc?.title, doc?.created_at, doc?.chunks.map((c) => c.text)]).toEqual([
      'The DevSecOps Workshop',
      '2019-11-24T07:19:34.000+01:00',
      ['Welcome.'],
    ]);
  });

  it('writes Jekyll and Hugo dates in a form the graph takes, and refuses a created_at Neo4j could not read with its line', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'post.md': '---\ndate: 2019-03-05 10:00:00 +0100\nlastmod: 2019-03-6\n---\nText.\n',
        'bad.md': '---\ntitle: Bad\ncreated_at: March 5, 2019\n---\nText.\n',
      }),
      PUBLIC,
    );
    expect(folder.documents.map((d) => [d.file, d.created_at, d.updated_at])).toEqual([
      ['post.md', '2019-03-05T10:00:00+0100', '2019-03-06'],
    ]);
    expect(folder.failed).toEqual([
      expect.objectContaining({
        file: 'bad.md',
        line: 3,
        message: expect.stringContaining('created_at must be an ISO date such as 2026-05-20'),
      }),
    ]);
  });
});

describe('withDateAliases: Dublin Core `dct: { issued }`', () => {
  it('gives created_at from dct.issued only when no top-level creation date is given', () => {
    const warnings: CoreMessage[] = [];
    expect(withDateAliases({ dct: { issued: '2025-01-01', isVersionOf: 'accepted' } }, 'a.md', warnings)['created_at']).toBe('2025-01-01');
    expect(withDateAliases({ created: '2024-06-30', dct: { issued: '2025-01-01' } }, 'b.md', warnings)['created_at']).toBe('2024-06-30');
    expect(withDateAliases({ created_at: '2024-05-01', dct: { issued: '2025-01-01' } }, 'c.md', warnings)['created_at']).toBe('2024-05-01');
    expect(warnings).toEqual([]);
  });
});
