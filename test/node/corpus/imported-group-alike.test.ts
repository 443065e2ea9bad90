import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planFolderLoad } from '../../../electron/demo-graph/demo-loader';
import { ServiceHub } from '../../../electron/services/service-hub';
import { wordCore } from '../../../shared/core-catalogues';
import { runLens } from '../../support/run-lens';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith, tempDir } = useTempFolders('lens-imported-group-alike-');

const restricted = (group: string) =>
  `---\nworkspace_id: ws-a\nvisibility: restricted\nallowed_groups: ["${group}"]\n---\n# Doc\n\nText.\n`;

/** Plans the folder as `lens demo load --docs` does: the local list read from the trace store of `home`. */
async function planAsTheCommandDoes(docsDir: string, home: string) {
  const hub = new ServiceHub({ LENS_HOME: home });
  try {
    return planFolderLoad({ docsDir, localPrincipals: () => hub.store().listPrincipals() });
  } finally {
    await hub.close();
  }
}

describe("a document group that differs from an imported principal's group only in case, spaces or Unicode form", () => {
  it('is warned of in the load report naming the file, both groups and the principal of the local list, in English and Korean', async () => {
    const home = tempDir();
    const file = path.join(
      folderWith({ 'people.yaml': 'principals:\n  - { principal_id: dev-kim, workspace_id: ws-a, groups: [eng, "인사"] }\n' }),
      'people.yaml',
    );
    const imported = await runLens(['principals', 'import', file], { LENS_HOME: home });
    expect(imported.code, imported.stderr).toBe(0);
    const docs = folderWith({
      'upper.md': restricted('ENG'),
      'exact.md': restricted('eng'),
      'nfd.md': restricted('인사'.normalize('NFD')),
    });
    const plan = await planAsTheCommandDoes(docs, home);
    const alike = plan.warningMessages.filter((said) => said.code === 'demo_load:document_group_alike_local');
    expect(alike.map((said) => wordCore(said, 'en'))).toEqual([
      `nfd.md: allowed_groups names "${'인사'.normalize('NFD')}", which differs from group "인사" of principal dev-kim of the local list (lens principals import) only in Unicode normal form (one is composed, NFC, the other decomposed, NFD, as macOS writes Hangul); groups are compared exactly, so that principal does not see this document through it. Write "인사" if that group is meant.`,
      'upper.md: allowed_groups names "ENG", which differs from group "eng" of principal dev-kim of the local list (lens principals import) only in letter case (or spaces or Unicode normal form as well); groups are compared exactly, so that principal does not see this document through it. Write "eng" if that group is meant.',
    ]);
    expect(wordCore(alike[1]!, 'ko')).toContain(
      'upper.md: allowed_groups의 "ENG"은(는) 로컬 목록(lens principals import)의 주체 dev-kim의 그룹 "eng"와',
    );
    // The group is kept as written: access is not widened to the imported principal.
    const groupsOf = Object.fromEntries(plan.documents.map((document) => [document.file, document.acl.allowed_groups]));
    expect(groupsOf['upper.md']).toEqual(['ENG']);
  }, 60_000);

  it('says so in a warning when the local list cannot be read, rather than comparing with none in silence', async () => {
    const home = tempDir();
    // A trace store that is no SQLite database: the store refuses to open it.
    fs.writeFileSync(path.join(home, 'traces.sqlite'), 'not a database, written over by mistake\n'.repeat(100));
    const plan = await planAsTheCommandDoes(folderWith({ 'upper.md': restricted('ENG') }), home);
    const unread = plan.warningMessages.filter((said) => said.code === 'demo_load:local_principals_unread');
    expect(unread).toHaveLength(1);
    expect(wordCore(unread[0]!, 'en')).toMatch(
      /^the local list of principals \(lens principals import\) could not be read, so the groups the documents name were not compared with its principals' groups: \S/,
    );
    expect(plan.documents.map((document) => document.file)).toEqual(['upper.md']);
  });
});
