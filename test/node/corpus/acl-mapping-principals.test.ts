import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAclMapping, readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { wordCore } from '../../../shared/core-catalogues';
import { LensError } from '../../../shared/lens-error';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-acl-principals-');

/** A mapping file of `text` in a folder of its own. */
const mappingFile = (text: string) => path.join(folderWith({ 'acl.yaml': text }), 'acl.yaml');

/** The error reading `text` as a mapping throws, with its sentence and further problems in English. */
function refusal(text: string): { message: string; more: string[]; code: string | undefined } {
  const file = mappingFile(text);
  try {
    readAclMapping(file);
  } catch (error) {
    if (!(error instanceof LensError)) throw error;
    expect(error.kind).toBe('invalid_input');
    return {
      message: error.message.replaceAll(file, 'acl.yaml'),
      more: (error.moreProblems ?? []).map((problem) =>
        (typeof problem === 'string' ? problem : problem.text).replaceAll(file, 'acl.yaml'),
      ),
      code: error.said?.code,
    };
  }
  throw new Error('the mapping was not refused');
}

const HR_FOLDER = {
  'hr/pay.md': '# Pay bands\n\nThe salary bands are reviewed each spring.\n',
  'handbook.md': '# Handbook\n\nWelcome.\n',
};
const HR_FILES = 'files:\n  "hr/**": { visibility: restricted, allowed_groups: [g-hr], acl_partition: hr }\n';

describe('the principals and groups of an ACL mapping file', () => {
  it('reads them in the shape of the demo principals file, taking the workspace from defaults and empty lists where left out', () => {
    const mapping = readAclMapping(
      mappingFile(
        'defaults: { workspace_id: ws-acme, visibility: public }\n' +
          'groups:\n  - { group_id: g-hr, name: People team }\n' +
          'principals:\n' +
          '  - { principal_id: hana, display_name: Hana, groups: [g-hr], acl_partitions: [hr] }\n' +
          '  - { principal_id: guest, workspace_id: ws-other }\n',
      ),
    );
    expect(mapping.groups).toEqual([{ group_id: 'g-hr', name: 'People team' }]);
    expect(mapping.principals).toEqual([
      { principal_id: 'hana', display_name: 'Hana', groups: ['g-hr'], acl_partitions: ['hr'] },
      { principal_id: 'guest', workspace_id: 'ws-other', groups: [], acl_partitions: [] },
    ]);
  });

  it('gives a folder read the principals in their workspaces and every group they name, a group the list leaves out by its id only', () => {
    const folder = readMarkdownFolder(folderWith(HR_FOLDER), {
      aclFile: mappingFile(
        `defaults: { workspace_id: ws-acme, visibility: public }\n${HR_FILES}` +
          'groups:\n  - { group_id: g-hr, name: People team }\n' +
          'principals:\n  - { principal_id: hana, groups: [g-hr, g-payroll], acl_partitions: [hr] }\n  - { principal_id: guest }\n',
      ),
    });
    expect(folder.principals).toEqual([
      { principal_id: 'hana', workspace_id: 'ws-acme', groups: ['g-hr', 'g-payroll'], acl_partitions: ['hr'] },
      { principal_id: 'guest', workspace_id: 'ws-acme', groups: [], acl_partitions: [] },
    ]);
    expect(folder.groups).toEqual([{ group_id: 'g-hr', name: 'People team' }, { group_id: 'g-payroll' }]);
  });

  it('refuses a principal without an id, naming the file, the line and the field', () => {
    const refused = refusal('defaults: { workspace_id: ws-acme }\nprincipals:\n  - { principal_id: hana }\n  - display_name: Nobody\n');
    expect(refused.code).toBe('error_retrieval:acl_mapping_field');
    expect(refused.message).toMatch(/^acl\.yaml \(line 4\): principals\[1\]\.principal_id: /);
  });

  it('refuses an id used twice, at the second, naming the first', () => {
    const refused = refusal(
      'defaults: { workspace_id: ws-acme }\ngroups:\n  - { group_id: g-hr }\n  - { group_id: g-hr }\n' +
        'principals:\n  - principal_id: hana\n  - principal_id: guest\n  - principal_id: hana\n',
    );
    expect(refused.message).toBe('acl.yaml (line 4): groups[1].group_id: g-hr is already used by groups[0]; give each its own id.');
    expect(refused.more).toEqual([
      'acl.yaml (line 8): principals[2].principal_id: hana is already used by principals[0]; give each its own id.',
    ]);
  });

  it('refuses a value of the wrong type at its line', () => {
    const refused = refusal('defaults: { workspace_id: ws-acme }\nprincipals:\n  - principal_id: hana\n    groups: g-hr\n');
    expect(refused.message).toMatch(/^acl\.yaml \(line 4\): principals\[0\]\.groups: must be of type array, not string/);
  });

  it('refuses a misspelt key at its line, saying which key was meant, instead of dropping the groups', () => {
    const refused = refusal('defaults: { workspace_id: ws-acme }\nprincipals:\n  - principal_id: hana\n    grups: [g-hr]\n');
    expect(refused.message).toMatch(/^acl\.yaml \(line 4\): principals\[0\]: unknown key grups: did you mean groups\?/);
    expect(refusal('principal:\n  - principal_id: hana\n').message).toMatch(
      /^acl\.yaml \(line 1\): the mapping: unknown key principal: did you mean principals\?/,
    );
  });

  it('puts a principal with no workspace, when the defaults give none, in workspace default, where documents without one go', () => {
    const folder = readMarkdownFolder(folderWith(HR_FOLDER), {
      aclFile: mappingFile(
        `${HR_FILES}principals:\n  - { principal_id: hana, groups: [g-hr], acl_partitions: [hr] }\n  - { principal_id: guest }\n`,
      ),
    });
    expect(folder.failed).toEqual([]);
    expect(folder.documents.map((doc) => doc.acl.workspace_id)).toEqual(['default', 'default']);
    expect(folder.principals.map((principal) => [principal.principal_id, principal.workspace_id])).toEqual([
      ['hana', 'default'],
      ['guest', 'default'],
    ]);
    // They meet the documents there: no warning of a workspace nothing loaded is in.
    expect(folder.warningMessages.filter((said) => said.code === 'demo_load:principal_workspace_unmatched')).toEqual([]);
  });
});

describe('a principal the loaded folder gives nothing to see through', () => {
  const read = (principals: string) =>
    readMarkdownFolder(folderWith(HR_FOLDER), {
      aclFile: mappingFile(`defaults: { workspace_id: ws-acme, visibility: public }\n${HR_FILES}principals:\n${principals}`),
    });

  it('is warned about, with the mapping line, for a group no document allows, a partition no chunk has and a workspace no document is in', () => {
    const folder = read(
      '  - { principal_id: hana, groups: [g-hr, g-hrr], acl_partitions: [hr, hrx, hry] }\n' +
        '  - { principal_id: stray, workspace_id: ws-acm }\n',
    );
    expect(folder.failed).toEqual([]);
    expect(folder.documents).toHaveLength(2);
    const warnings = folder.warnings.map((warning) => warning.replace(/^.*acl\.yaml/, 'acl.yaml'));
    expect(warnings).toEqual([
      "acl.yaml line 5: principal hana is in group g-hrr, which no loaded document names in allowed_groups, so it sees no document through it; check the spelling against the documents' allowed_groups.",
      "acl.yaml line 5: principal hana has acl_partitions hrx, hry, which no loaded chunk has, so they open no chunk; check the spelling against the documents' acl_partition.",
      "acl.yaml line 6: principal stray is in workspace ws-acm, which no loaded document is in, so it sees no document; check the spelling against the documents' workspace_id.",
    ]);
    for (const message of folder.warningMessages) expect(wordCore(message, 'ko')).toMatch(/[\uAC00-\uD7A3]/);
  });

  it('is not warned about when its groups, partitions and workspace are all named by what loaded', () => {
    const folder = read('  - { principal_id: hana, groups: [g-hr], acl_partitions: [hr] }\n  - { principal_id: guest }\n');
    expect(folder.warnings).toEqual([]);
  });
});

describe('ids of an ACL mapping file that differ only in case, spaces or Unicode normal form', () => {
  const read = (text: string) =>
    readMarkdownFolder(folderWith(HR_FOLDER), {
      aclFile: mappingFile(`defaults: { workspace_id: ws-acme, visibility: public }\n${HR_FILES}${text}`),
    });
  const warningsOf = (text: string) => read(text).warnings.map((warning) => warning.replaceAll(/[^\s(]*acl\.yaml/g, 'acl.yaml'));
  const nfc = '\uD55C\uB098'; // 한나, composed
  const nfd = nfc.normalize('NFD');

  it('loads them as two principals, as access compares them, and warns of each pair with both lines and how they differ', () => {
    const folder = read(
      'principals:\n' +
        `  - { principal_id: hana, groups: [g-hr] }\n  - { principal_id: Hana, groups: [g-hr] }\n` +
        `  - { principal_id: "${nfc}", groups: [g-hr] }\n  - { principal_id: "${nfd}", groups: [g-hr] }\n` +
        `  - { principal_id: "hana ", groups: [g-hr] }\n`,
    );
    expect(folder.principals.map((principal) => principal.principal_id)).toEqual(['hana', 'Hana', nfc, nfd, 'hana ']);
    const alike = folder.warnings
      .filter((warning) => warning.includes('differs from'))
      .map((warning) => warning.replaceAll(/[^\s(]*acl\.yaml/g, 'acl.yaml'));
    expect(alike).toEqual([
      'acl.yaml line 6: principal id "Hana" differs from "hana" (acl.yaml line 5) only in letter case (or spaces or Unicode normal form as well); ids are compared exactly, so these are two principals and each sees only what is granted to its own id. Write one spelling if they are meant to be one.',
      `acl.yaml line 8: principal id "${nfd}" differs from "${nfc}" (acl.yaml line 7) only in Unicode normal form (one is composed, NFC, the other decomposed, NFD, as macOS writes Hangul); ids are compared exactly, so these are two principals and each sees only what is granted to its own id. Write one spelling if they are meant to be one.`,
      'acl.yaml line 9: principal id "hana " differs from "hana" (acl.yaml line 5) only in the spaces around it; ids are compared exactly, so these are two principals and each sees only what is granted to its own id. Write one spelling if they are meant to be one.',
    ]);
    for (const message of folder.warningMessages.filter((m) => m.code === 'demo_load:principal_ids_alike'))
      expect(wordCore(message, 'ko')).toMatch(/[\uAC00-\uD7A3]/);
  });

  it('warns of a group a principal names that differs only in case from the one the files allow', () => {
    expect(warningsOf('principals:\n  - { principal_id: hana, groups: [G-HR] }\n').filter((w) => w.includes('differs from'))).toEqual([
      'acl.yaml line 5: group id "G-HR" differs from "g-hr" (acl.yaml line 3) only in letter case (or spaces or Unicode normal form as well); ids are compared exactly, so these are two groups and a member of one sees nothing granted to the other. Write one spelling if they are meant to be one.',
    ]);
  });

  it('says nothing of ids repeated exactly or merely alike in part', () => {
    expect(
      warningsOf(
        'groups:\n  - { group_id: g-hr }\nprincipals:\n  - { principal_id: hana, groups: [g-hr] }\n  - { principal_id: hanah, groups: [g-hr] }\n',
      ),
    ).toEqual([]);
  });
});

describe('the files: patterns of an ACL mapping file', () => {
  it('warns, with the line, of a pattern no file of the folder matches (written from another folder, or misspelt), naming a path it would have to look like', () => {
    const docs = folderWith(HR_FOLDER);
    const file = mappingFile(
      `${HR_FILES}  "docs/hr/**": { visibility: restricted, allowed_groups: [g-hr] }\n  "handbok.md": { visibility: public }\n`,
    );
    const folder = readMarkdownFolder(docs, { aclFile: file });
    const unmatched = folder.warningMessages.filter((said) => said.code === 'demo_load:mapping_glob_unmatched');
    expect(unmatched.map((said) => wordCore(said)?.replaceAll(file, 'acl.yaml'))).toEqual([
      'acl.yaml line 3: the pattern "docs/hr/**" matches no file of the folder, so its access fields apply to nothing; patterns are paths relative to the folder given, such as handbook.md.',
      'acl.yaml line 4: the pattern "handbok.md" matches no file of the folder, so its access fields apply to nothing; patterns are paths relative to the folder given, such as handbook.md.',
    ]);
    expect(wordCore(unmatched[0]!, 'ko')).toContain('패턴 "docs/hr/**"에 맞는 파일이 폴더에 없어');
    // Every pattern matching something: no such warning.
    const clean = readMarkdownFolder(folderWith(HR_FOLDER), { aclFile: mappingFile(HR_FILES) });
    expect(clean.warningMessages.filter((said) => said.code === 'demo_load:mapping_glob_unmatched')).toEqual([]);
  });
});
