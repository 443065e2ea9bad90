import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAclMapping, readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { useTempFolders } from '../../support/temp-folders';
import { EDGE_CASES } from '../../support/loader-edge-cases';
import { errorOf } from '../../support/lens-error-of';
import { ALIAS_BOMB_KEYS } from '../../support/yaml-alias-bomb';
import { wordCore } from '../../../shared/core-catalogues';

const { folderWith } = useTempFolders('lens-acl-');

const aclOf = (dir: string, options: Parameters<typeof readMarkdownFolder>[1] = {}) =>
  Object.fromEntries(readMarkdownFolder(dir, options).documents.map((doc) => [doc.file, doc.acl]));

describe('access fields fail closed', () => {
  it('loads a document with workspace and groups but no visibility as restricted, not public', () => {
    const acl = aclOf(folderWith({ 'hr.md': '---\nworkspace_id: ws-a\nallowed_groups: [g-hr]\n---\n# Pay\n' }));
    expect(acl['hr.md']).toEqual({
      workspace_id: 'ws-a',
      visibility: 'restricted',
      owner_id: null,
      allowed_groups: ['g-hr'],
      acl_partition: null,
    });
  });

  it('loads a document with only an owner as private (owner only)', () => {
    const acl = aclOf(
      folderWith({
        'mine.md': '---\nworkspace_id: ws-a\nowner_id: u-1\n---\n# Mine\n',
        'empty-groups.md': '---\nowner_id: u-2\nallowed_groups: []\n---\n# Mine too\n',
      }),
    );
    expect(acl['mine.md']).toMatchObject({ visibility: 'private', owner_id: 'u-1', allowed_groups: [] });
    expect(acl['empty-groups.md']).toMatchObject({ visibility: 'private', owner_id: 'u-2', workspace_id: 'default' });
  });

  it('keeps restricted when both an owner and groups are given', () => {
    const acl = aclOf(folderWith({ 'shared.md': '---\nworkspace_id: ws-a\nowner_id: u-1\nallowed_groups: [g-eng]\n---\n# Shared\n' }));
    expect(acl['shared.md']).toMatchObject({ visibility: 'restricted', owner_id: 'u-1', allowed_groups: ['g-eng'] });
  });

  it('restricts a document that gives only a workspace or a partition, and warns that nobody can see it', () => {
    const folder = readMarkdownFolder(
      folderWith({ 'ws.md': '---\nworkspace_id: ws-a\n---\n# W\n', 'part.md': '---\nacl_partition: sec\n---\n# P\n' }),
    );
    const acl = Object.fromEntries(folder.documents.map((doc) => [doc.file, doc.acl]));
    expect(acl['ws.md']).toMatchObject({ workspace_id: 'ws-a', visibility: 'restricted', owner_id: null, allowed_groups: [] });
    expect(acl['part.md']).toMatchObject({ workspace_id: 'default', visibility: 'restricted', acl_partition: 'sec' });
    expect(folder.warnings).toContainEqual(
      expect.stringMatching(/^2 documents are not public and name neither owner_id nor allowed_groups.*part\.md, ws\.md\.$/),
    );
  });

  it('names the files a later mapping entry makes public after an earlier one restricted them, and no others', () => {
    const dir = folderWith({ 'hr/pay.md': '# Pay\n', 'hr/leave.md': '# Leave\n', 'eng/notes.md': '# Notes\n' });
    const files = {
      'hr/**': { visibility: 'restricted' as const, allowed_groups: ['g-hr'] },
      '**': { visibility: 'public' as const },
    };
    const folder = readMarkdownFolder(dir, { acl: { defaults: { workspace_id: 'ws-x' }, files } });
    // Entries apply in file order, the last wins: the load keeps that rule and says so.
    expect(Object.fromEntries(folder.documents.map((doc) => [doc.file, doc.acl.visibility]))).toEqual({
      'eng/notes.md': 'public',
      'hr/leave.md': 'public',
      'hr/pay.md': 'public',
    });
    expect(folder.warnings.filter((warning) => warning.includes('later ACL mapping entry'))).toEqual([
      '2 documents are public because a later ACL mapping entry ("**") sets visibility public after an earlier one ("hr/**") restricted them (entries apply in file order, the last wins): hr/leave.md, hr/pay.md. Put the narrower entry last, or leave visibility out of the wider one, if they are not meant to be public.',
    ]);
    const ordered = readMarkdownFolder(dir, {
      acl: { defaults: { workspace_id: 'ws-x' }, files: { '**': files['**'], 'hr/**': files['hr/**'] } },
    });
    expect(ordered.warnings.some((warning) => warning.includes('later ACL mapping entry'))).toBe(false);
  });

  it('fails closed for fields from the mapping file too, and a mapping entry sets only what it names', () => {
    const dir = folderWith({ 'hr/pay.md': '# Pay\n', 'eng/own.md': '---\nowner_id: u-9\n---\n# Own\n' });
    const acl = aclOf(dir, {
      acl: { defaults: { workspace_id: 'ws-x', acl_partition: 'p' }, files: { 'hr/**': { allowed_groups: ['g-hr'] } } },
    });
    expect(acl['hr/pay.md']).toEqual({
      workspace_id: 'ws-x',
      visibility: 'restricted',
      owner_id: null,
      allowed_groups: ['g-hr'],
      acl_partition: 'p',
    });
    expect(acl['eng/own.md']).toMatchObject({ workspace_id: 'ws-x', visibility: 'private', owner_id: 'u-9', acl_partition: 'p' });
  });

  it('keeps a partition set by one mapping entry when a later matching entry names other fields', () => {
    const mappingFile = path.join(
      folderWith({
        'acl.yaml':
          'defaults: { workspace_id: ws-x, visibility: restricted }\nfiles:\n  "hr/**": { acl_partition: hr }\n  "**/pay.md": { allowed_groups: [g-hr] }\n',
      }),
      'acl.yaml',
    );
    const acl = aclOf(folderWith({ 'hr/pay.md': '# Pay\n' }), { aclFile: mappingFile });
    expect(acl['hr/pay.md']).toEqual({
      workspace_id: 'ws-x',
      visibility: 'restricted',
      owner_id: null,
      allowed_groups: ['g-hr'],
      acl_partition: 'hr',
    });
  });

  it('refuses a misspelt field in a mapping file instead of dropping it', () => {
    const mappingFile = path.join(folderWith({ 'acl.yaml': 'files:\n  "**": { allowed_group: [g-hr] }\n' }), 'acl.yaml');
    expect(() => readAclMapping(mappingFile)).toThrow(
      expect.objectContaining({ kind: 'invalid_input', message: expect.stringContaining('allowed_group') }),
    );
  });

  it('names what is wrong with a mapping file, and why it cannot be read, as codes in English and Korean, never the YAML library’s or Node’s English', () => {
    const quoted = path.join(folderWith({ 'acl.yaml': 'files:\n  "hr/**":\n    owner_id: kim: lee\n' }), 'acl.yaml');
    const syntax = errorOf(() => readAclMapping(quoted));
    expect(syntax.message).toBe(
      `${quoted}: the ACL mapping is not readable YAML or JSON (a value holds ": " without quotes, so YAML reads a second key on the same line; put the value in quotes, as in key: "a: b" at line 3, column 15).`,
    );
    expect(wordCore(syntax.said!, 'ko')).not.toMatch(/Nested mappings|compact/);
    const bomb = path.join(folderWith({ 'acl.yaml': `files: {}\n${ALIAS_BOMB_KEYS}\n` }), 'acl.yaml');
    expect(wordCore(errorOf(() => readAclMapping(bomb)).said!, 'ko')).toBe(
      `${bomb}: ACL 매핑을 YAML이나 JSON으로 읽을 수 없습니다(별칭이 앵커의 값을 너무 많이 되풀이해서 값이 읽을 수 없을 만큼 커집니다).`,
    );
    const missing = path.join(folderWith({}), 'acl.yaml');
    const notRead = errorOf(() => readAclMapping(missing));
    expect(notRead.message).toBe(
      `${missing}: the ACL mapping file cannot be read: there is no such file; check the path and its spelling.`,
    );
    expect(wordCore(notRead.said!, 'ko')).toBe(
      `${missing}: ACL 매핑 파일을 읽을 수 없습니다: 그런 파일이 없습니다. 경로와 철자를 확인하세요.`,
    );
  });

  it.each([
    ['empty', ''],
    ['only a comment', '# access for the HR folder, to be written\n'],
    ['only null', '~\n'],
  ])('refuses a mapping file that is %s, rather than load under front matter alone as if no --acl were given', (_name, text) => {
    const mappingFile = path.join(folderWith({ 'acl.yaml': text }), 'acl.yaml');
    const error = errorOf(() => readAclMapping(mappingFile));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:acl_mapping_empty']);
    expect(error.message).toBe(
      `${mappingFile}: the ACL mapping file holds nothing (it is empty, or only comments or null), so it would set no access.`,
    );
    expect(wordCore(error.said!, 'ko')).toMatch(/[\uAC00-\uD7A3]/);
    expect(error.hint).toContain('leave out --acl');
  });

  it('refuses a UTF-16 mapping file naming its encoding, not as a mapping that is a string', () => {
    const text = Buffer.from('files:\n  "**": { visibility: public }\n', 'utf16le');
    const mappingFile = path.join(folderWith({ 'acl.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), text]) }), 'acl.yaml');
    const error = errorOf(() => readAclMapping(mappingFile));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_retrieval:input_utf16']);
    expect(error.message).toBe(`${mappingFile} is UTF-16 (little-endian) text, not UTF-8, so it was not read.`);
  });

  it('refuses a mapping file nested more than 64 levels deep, naming its line, before the YAML library recurses into it', () => {
    const nested = '['.repeat(5_000) + ']'.repeat(5_000);
    const mappingFile = path.join(folderWith({ 'acl.yaml': `files:\n  "**": { allowed_groups: ${nested} }\n` }), 'acl.yaml');
    expect(() => readAclMapping(mappingFile)).toThrow(
      expect.objectContaining({
        kind: 'invalid_input',
        message: `${mappingFile} line 2: the ACL mapping nests maps and lists more than 64 levels deep; a mapping needs only a few.`,
      }),
    );
  });

  it('keeps public in workspace default for a document without any access field', () => {
    const acl = aclOf(folderWith({ 'open.md': '# Open\n' }));
    expect(acl['open.md']).toEqual({
      workspace_id: 'default',
      visibility: 'public',
      owner_id: null,
      allowed_groups: [],
      acl_partition: null,
    });
  });

  it('names a wrong type as a failure at its line, never widening it', () => {
    const folder = readMarkdownFolder(
      folderWith({
        'list.md': '---\nworkspace_id: ws-a\nvisibility: [public]\n---\n# L\n',
        'string.md': '---\nworkspace_id: ws-a\nvisibility: restricted\nallowed_groups: g-hr\n---\n# S\n',
        'number.md': '---\nowner_id: 42\n---\n# N\n',
        'null.md': '---\nworkspace_id: ws-a\nvisibility:\n---\n# N\n',
      }),
    );
    expect(folder.documents).toEqual([]);
    const byFile = Object.fromEntries(folder.failed.map((f) => [f.file, f]));
    expect(byFile['list.md']).toMatchObject({
      line: 3,
      message: expect.stringMatching(/list\.md line 3: ACL field visibility .*public, restricted or private/),
    });
    expect(byFile['string.md']).toMatchObject({ line: 4, message: expect.stringMatching(/allowed_groups .*a list such as \[g-hr\]/) });
    expect(byFile['number.md']).toMatchObject({ line: 2, message: expect.stringContaining('owner_id') });
    expect(byFile['null.md']).toMatchObject({ line: 3, message: expect.stringContaining('visibility') });
  });

  it('does not take access fields from a YAML __proto__ key', () => {
    const acl = aclOf(folderWith({ 'proto.md': '---\n__proto__:\n  visibility: public\nworkspace_id: ws-a\n---\n# P\n' }));
    expect(acl['proto.md']).toMatchObject({ workspace_id: 'ws-a', visibility: 'restricted' });
  });
});

describe('the defaults applied are counted with their files', () => {
  it('counts each default on the edge-case fixtures and names the files', () => {
    const folder = readMarkdownFolder(EDGE_CASES);
    expect(folder.aclDefaults).toEqual({
      visibility_restricted: { count: 2, files: ['groups-no-visibility.md', 'partition-only.md'] },
      visibility_private: { count: 1, files: ['owner-no-visibility.md'] },
      workspace_default: { count: 1, files: ['partition-only.md'] },
      no_acl_public: { count: 3, files: ['latin1.md', 'no-acl.md', 'README.md'] },
    });
    expect(folder.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^2 files had access fields but no visibility; the documents read from them were loaded as restricted .*: groups-no-visibility\.md, partition-only\.md\.$/,
        ),
        expect.stringMatching(
          /^1 file had owner_id but no visibility and no allowed_groups; the documents read from it were loaded as private.*: owner-no-visibility\.md\.$/,
        ),
        expect.stringMatching(
          /^1 file had access fields but no workspace_id; the documents read from it .*"default": partition-only\.md\.$/,
        ),
        expect.stringMatching(/^3 files had no ACL .*public in workspace "default": latin1\.md, no-acl\.md, README\.md\.$/),
      ]),
    );
    expect(folder.failed.map((f) => f.file).sort()).toEqual(['groups-string.md', 'visibility-list.md']);
  });

  it('counts nothing when every document gives its access fields', () => {
    const folder = readMarkdownFolder(folderWith({ 'a.md': '---\nworkspace_id: w\nvisibility: public\n---\n# A\n' }));
    expect(Object.values(folder.aclDefaults).map((d) => d.count)).toEqual([0, 0, 0, 0]);
    expect(folder.warnings).toEqual([]);
  });
});
