import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryOfPlan } from '../../support/load-summary';
import { formatLoadSummary } from '../../../electron/cli/commands/demo-command';
import { buildLoadPlan, planReport } from '../../../electron/demo-graph/demo-loader';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import { mappingPrincipalMessage, readyPrincipalMessage } from '../../../shared/demo-load-messages';
import { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { errorOf } from '../../support/lens-error-of';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-mapping-plan-');

/** A folder with HR documents, a handbook and another workspace's note, and a mapping that defines an HR member and a guest. */
function hrLoad() {
  const docsDir = folderWith({
    'hr/pay.md': '---\nworkspace_id: ws-acme\n---\n# Pay bands\n\nThe salary bands are reviewed each spring.\n',
    'handbook.md': '---\nworkspace_id: ws-acme\nvisibility: public\n---\n# Handbook\n\nWelcome.\n',
    'note.md': '---\nworkspace_id: ws-other\nvisibility: public\n---\n# Note\n\nAnother team.\n',
  });
  const aclFile = path.join(
    folderWith({
      'acl.yaml':
        'defaults: { workspace_id: ws-acme }\n' +
        'files:\n  "hr/**": { visibility: restricted, allowed_groups: [g-hr], acl_partition: hr }\n' +
        'groups:\n  - { group_id: g-hr, name: People team }\n' +
        'principals:\n' +
        '  - { principal_id: hana, display_name: Hana, groups: [g-hr], acl_partitions: [hr] }\n' +
        '  - { principal_id: guest }\n',
    }),
    'acl.yaml',
  );
  return { docsDir, plan: buildLoadPlan({ docsDir, aclFile }) };
}

describe('a folder load whose ACL mapping defines principals', () => {
  it('writes the mapping principals and their groups, and makes a reader only for a workspace none of them is in', () => {
    const { plan } = hrLoad();
    expect(plan.principals.map((p) => [p.principal_id, p.workspace_id, p.groups])).toEqual([
      ['hana', 'ws-acme', ['g-hr']],
      ['guest', 'ws-acme', []],
      ['ws-other-reader', 'ws-other', []],
    ]);
    expect(plan.groups).toEqual([{ group_id: 'g-hr', name: 'People team' }]);
    // Of ws-acme's principals the one with the fewest groups and partitions; ws-other has none of the mapping's.
    expect(plan.readyPrincipals).toEqual([
      { workspace_id: 'ws-acme', principal_id: 'guest', created: false, public_documents: 1 },
      { workspace_id: 'ws-other', principal_id: 'ws-other-reader', created: true, public_documents: 1 },
    ]);
  });

  it('names the mapping principals in the summary, and says the ready one is the mapping’s, in English and Korean', () => {
    const { docsDir, plan } = hrLoad();
    const summary = DemoLoadSummary.parse(summaryOfPlan(plan, docsDir, { documents: 3, chunks: 3, principals: 3, groups: 1 }));
    expect(summary.mapping_principals).toEqual([
      { principal_id: 'hana', workspace_id: 'ws-acme', groups: ['g-hr'], acl_partitions: ['hr'], sees: { documents: 2, chunks: 2 } },
      { principal_id: 'guest', workspace_id: 'ws-acme', groups: [], acl_partitions: [], sees: { documents: 1, chunks: 1 } },
    ]);
    const printed = formatLoadSummary(summary);
    expect(printed).toContain('  ws-acme: guest (defined in the ACL mapping; 1 public document)\n');
    expect(printed).toContain(
      'Principals the ACL mapping defines (2; lens query "…" --as <principal>):\n' +
        '  ws-acme: hana (groups g-hr; acl_partitions hr) sees 2 documents and 2 chunks of them\n' +
        '  ws-acme: guest (no groups; no acl_partitions) sees 1 document and 1 chunk of them\n',
    );
    const [guestReady] = summary.ready_principals;
    expect(wordCore(readyPrincipalMessage(guestReady!, summary.source), 'ko')).toBe('ws-acme: guest(ACL 매핑에 정의됨; 공개 문서 1개)');
    expect(wordCore(mappingPrincipalMessage(summary.mapping_principals![0]!), 'ko')).toBe(
      'ws-acme: hana(그룹 g-hr; 파티션 hr): 문서 2개, 그 가운데 청크 2개를 봅니다',
    );
    // A summary kept before the figures were: named without them.
    expect(coreEnglish(mappingPrincipalMessage({ ...summary.mapping_principals![1]!, sees: undefined }))).toBe(
      'ws-acme: guest (no groups; no acl_partitions)',
    );
  });

  it('counts what each principal sees as retrieval judges it: a group without the chunks’ partition sees the document but not its chunks', () => {
    const docsDir = folderWith({
      'hr/pay.md': '---\nworkspace_id: ws-acme\n---\n# Pay bands\n\nThe salary bands are reviewed each spring.\n',
      'handbook.md': '---\nworkspace_id: ws-acme\nvisibility: public\n---\n# Handbook\n\nWelcome.\n',
    });
    const aclFile = path.join(
      folderWith({
        'acl.yaml':
          'defaults: { workspace_id: ws-acme }\n' +
          'files:\n  "hr/**": { visibility: restricted, allowed_groups: [g-hr], acl_partition: hr }\n' +
          'principals:\n  - { principal_id: intern, groups: [g-hr], acl_partitions: [general] }\n  - { principal_id: typo, groups: [g-hrr], acl_partitions: [hr] }\n',
      }),
      'acl.yaml',
    );
    const sees = planReport(buildLoadPlan({ docsDir, aclFile })).mapping_principals.map((p) => [p.principal_id, p.sees]);
    expect(sees).toEqual([
      ['intern', { documents: 2, chunks: 1 }],
      ['typo', { documents: 1, chunks: 1 }],
    ]);
  });

  it('says nothing of mapping principals for a folder whose mapping defines none', () => {
    const docsDir = folderWith({ 'a.md': '# A\n\nText.\n' });
    const plan = buildLoadPlan({ docsDir });
    expect(planReport(plan).mapping_principals).toEqual([]);
    expect(plan.readyPrincipals.map((r) => r.principal_id)).toEqual(['default-reader']);
  });

  it('is refused for the demo corpus, which brings its own principals, before anything is read into the graph', () => {
    const aclFile = path.join(folderWith({ 'acl.yaml': 'principals:\n  - { principal_id: hana, workspace_id: ws-nurion }\n' }), 'acl.yaml');
    const error = errorOf(() => buildLoadPlan({ aclFile }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      `The ACL mapping ${aclFile} defines principals or groups, which a load of the demo corpus does not take: the corpus brings its own.`,
    );
    expect(error.hint).toContain('--docs DIR');
    // A mapping of access fields alone still applies to the demo corpus.
    const fieldsOnly = path.join(folderWith({ 'acl.yaml': 'files:\n  "**/hr-*.md": { acl_partition: hr }\n' }), 'acl.yaml');
    expect(buildLoadPlan({ aclFile: fieldsOnly }).documents.length).toBeGreaterThan(0);
  });
});
