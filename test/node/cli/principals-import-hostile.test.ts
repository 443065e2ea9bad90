import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AclPrincipal } from '../../../shared/acl/access-policy';
import { compileAclToPredicate } from '../../../shared/acl/compile-acl-to-predicate';
import { runLens } from '../../support/run-lens';
import { useTempFolders } from '../../support/temp-folders';

const { tempDir, folderWith } = useTempFolders('lens-principals-hostile-');

/** Runs `lens principals import FILE` then `lens principals list --json` in a fresh LENS_HOME. */
async function importThenList(name: string, text: string) {
  const home = tempDir();
  const file = path.join(folderWith({ [name]: text }), name);
  const imported = await runLens(['principals', 'import', file], { LENS_HOME: home });
  return { file, imported, home };
}

describe('lens principals import, with a principals file a person got wrong', () => {
  it('refuses a principal whose groups is one string, naming the file, the principal and the field; nothing is imported', async () => {
    const { file, imported } = await importThenList('p.yaml', 'principals:\n  - { principal_id: u-kim, workspace_id: ws, groups: g-hr }\n');
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(`error (invalid_input): ${file}: principal 1 (u-kim), groups: must be of type array, not string`);
    expect(imported.stdout).toBe('');
  }, 60_000);

  it('imports a group named "*" or "public" as a group of that name, warning that it is no wildcard and not visibility public', async () => {
    const { file, imported } = await importThenList(
      'p.yaml',
      'principals:\n  - { principal_id: u-star, workspace_id: ws, groups: ["*"] }\n  - { principal_id: u-pub, workspace_id: ws, groups: [Public, g-eng] }\n',
    );
    expect(imported.code, imported.stderr).toBe(0);
    const warnings = imported.stderr
      .split('\n')
      .filter((line) => line.startsWith('warning: '))
      .map((line) => line.replaceAll(file, 'p.yaml'));
    expect(warnings).toEqual([
      'warning: p.yaml entry 1: principal u-star is in group "*"; a group name is compared exactly and is no wildcard, so it sees only documents whose allowed_groups name "*", not every group\'s and not the public ones (a document is public by visibility: public, which every principal of its workspace sees). Remove the group unless documents name it.',
      'warning: p.yaml entry 2: principal u-pub is in group "Public"; a group name is compared exactly and is no wildcard, so it sees only documents whose allowed_groups name "Public", not every group\'s and not the public ones (a document is public by visibility: public, which every principal of its workspace sees). Remove the group unless documents name it.',
    ]);
  }, 60_000);

  it('never widens access through such a group: the access rule reads "*" and "public" as names', () => {
    const acl = compileAclToPredicate(DEFAULT_ACCESS_POLICY);
    const star: AclPrincipal = { principal_id: 'u-star', workspace_id: 'ws', groups: ['*', 'public'], acl_partitions: [] };
    const hr = { workspace_id: 'ws', visibility: 'restricted', owner_id: 'u-other', allowed_groups: ['g-hr'] };
    expect(acl.document(hr, star).visible).toBe(false);
    expect(acl.document({ ...hr, allowed_groups: ['*'] }, star).visible).toBe(true);
  });

  it('imports a principal of 10,000 groups whole, each group kept', async () => {
    const groups = Array.from({ length: 10_000 }, (_, index) => `g-${index}`);
    const { imported, home } = await importThenList('p.json', JSON.stringify([{ principal_id: 'u-many', workspace_id: 'ws', groups }]));
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Imported 1 principal');
    const { TraceStore } = await import('../../../electron/trace-store/trace-store');
    const store = TraceStore.open(path.join(home, 'traces.sqlite'));
    try {
      expect(store.getPrincipal('u-many')?.groups).toEqual(groups);
    } finally {
      store.close();
    }
  }, 60_000);
});
