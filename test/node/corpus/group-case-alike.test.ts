import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { wordCore } from '../../../shared/core-catalogues';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-group-alike-');

const restricted = (group: string) =>
  `---\nworkspace_id: ws-a\nvisibility: restricted\nallowed_groups: ["${group}"]\n---\n# Doc\n\nText.\n`;

describe("a document whose group differs from a principal's group only in case or spaces", () => {
  const read = () => {
    const dir = folderWith({
      'upper.md': restricted('ENG'),
      'title.md': restricted('Eng'),
      'exact.md': restricted('eng'),
      'acl.yaml': 'defaults: { workspace_id: ws-a }\nprincipals:\n  - { principal_id: hana, groups: [eng] }\n',
    });
    return readMarkdownFolder(dir, { aclFile: path.join(dir, 'acl.yaml') });
  };

  it('is warned of in the load report naming the file, the written group and the near-match group, in English and Korean', () => {
    const alike = read().warningMessages.filter((said) => said.code === 'demo_load:document_group_alike');
    expect(alike.map((said) => wordCore(said, 'en'))).toEqual([
      'title.md: allowed_groups names "Eng", which differs from group "eng" of principal hana only in letter case (or spaces or Unicode normal form as well); groups are compared exactly, so that principal does not see this document through it. Write "eng" if that group is meant.',
      'upper.md: allowed_groups names "ENG", which differs from group "eng" of principal hana only in letter case (or spaces or Unicode normal form as well); groups are compared exactly, so that principal does not see this document through it. Write "eng" if that group is meant.',
    ]);
    expect(wordCore(alike[0]!, 'ko')).toContain('title.md: allowed_groups의 "Eng"은(는) 주체 hana의 그룹 "eng"와');
  });

  it('keeps the written group as written, so access is not widened to the principal', () => {
    const groupsOf = Object.fromEntries(read().documents.map((document) => [document.file, document.acl.allowed_groups]));
    expect(groupsOf).toEqual({ 'exact.md': ['eng'], 'title.md': ['Eng'], 'upper.md': ['ENG'] });
  });
});
