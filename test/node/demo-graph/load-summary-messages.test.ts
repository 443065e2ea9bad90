import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summaryOfPlan } from '../../support/load-summary';
import { formatLoadSummary } from '../../../electron/cli/commands/demo-command';
import { adrSummaryLines, readyPrincipalLines } from '../../../electron/cli/adr-summary-lines';
import { aclDefaultWarnings, tallyAclDefaults } from '../../../electron/corpus/acl-defaults';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import { countedMessage } from '../../../shared/demo-load-messages';
import { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { useTempFolders } from '../../support/temp-folders';
import { REPO_ROOT } from '../../support/test-env';
import { EDGE_CASES } from '../../support/loader-edge-cases';

const { folderWith } = useTempFolders('lens-load-messages-');
const CONVENTIONS = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-conventions');

/** Hangul syllables: a Korean wording has them, an English one none. */
const HANGUL = /[\uAC00-\uD7A3]/;

/** A summary of the edge-case folder as `loadDemo` returns it (counts left at zero: only the sentences matter here). */
function summaryOf(docsDir: string): DemoLoadSummary {
  return summaryOfPlan(buildLoadPlan({ docsDir }), docsDir);
}

describe('the load warnings as message codes', () => {
  it('carries every warning of a folder as a demo_load code beside its English, in the same order, worded from it', () => {
    for (const dir of [EDGE_CASES, path.join(CONVENTIONS, 'architecture-decision-record')]) {
      const plan = buildLoadPlan({ docsDir: dir });
      expect(plan.warnings.length).toBeGreaterThan(0);
      expect(plan.warningMessages.map((message) => message.code.split(':')[0])).toEqual(plan.warnings.map(() => 'demo_load'));
      expect(plan.warningMessages.map(coreEnglish)).toEqual(plan.warnings);
      for (const message of plan.warningMessages) expect(wordCore(message, 'ko'), message.code).toMatch(HANGUL);
    }
  });

  it('keeps the English of the access-default warnings and words them in Korean with the same files', () => {
    const counts = tallyAclDefaults([
      { file: 'a.md', applied: ['no_acl_public'] },
      { file: 'b.md', applied: ['no_acl_public'] },
      { file: 'c.md', applied: ['visibility_private', 'workspace_default'] },
    ]);
    const messages = aclDefaultWarnings(counts);
    expect(messages.map(coreEnglish)).toEqual([
      '1 file had owner_id but no visibility and no allowed_groups; the documents read from it were loaded as private (only the owner sees them): c.md.',
      '1 file had access fields but no workspace_id; the documents read from it were put in workspace "default": c.md.',
      '2 files had no ACL in front matter or a mapping file; the documents read from them were loaded as public in workspace "default": a.md, b.md.',
    ]);
    expect(wordCore(messages[2]!, 'ko')).toBe(
      '파일 2개에 front matter에도 매핑 파일에도 ACL이 없어, 그 파일들에서 읽은 문서를 작업 공간 "default"의 공개 문서로 불러왔습니다: a.md, b.md.',
    );
  });

  it('names five files, then how many more, in either language', () => {
    const files = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md', 'g.md'].map((file) => ({ file, applied: ['no_acl_public' as const] }));
    const [message] = aclDefaultWarnings(tallyAclDefaults(files));
    expect(coreEnglish(message!)).toMatch(/: a\.md, b\.md, c\.md, d\.md, e\.md and 2 more\.$/);
    expect(wordCore(message!, 'ko')).toMatch(/: a\.md, b\.md, c\.md, d\.md, e\.md 외 2개\.$/);
  });

  it('agrees with one document where it said "1 documents"', () => {
    const widened = readMarkdownFolder(folderWith({ 'hr/pay.md': '# Pay\n', 'eng/notes.md': '# Notes\n' }), {
      acl: {
        defaults: { workspace_id: 'ws-x' },
        files: { 'hr/**': { visibility: 'restricted', allowed_groups: ['g-hr'] }, '**': { visibility: 'public' } },
      },
    });
    expect(widened.warnings).toContain(
      '1 document is public because a later ACL mapping entry ("**") sets visibility public after an earlier one ("hr/**") restricted it (entries apply in file order, the last wins): hr/pay.md. Put the narrower entry last, or leave visibility out of the wider one, if it is not meant to be public.',
    );
    const nobody = readMarkdownFolder(folderWith({ 'ws.md': '---\nworkspace_id: ws-a\n---\n# W\n' }));
    expect(nobody.warnings).toContain(
      '1 document is not public and names neither owner_id nor allowed_groups (an empty list names no group), so no principal can see it until one of them is written: ws.md.',
    );
    // A visibility given beside an empty list of groups: the sentence said it gave no visibility.
    const empty = readMarkdownFolder(folderWith({ 'e.md': '---\nvisibility: restricted\nallowed_groups: []\n---\n# E\n' }));
    expect(empty.warnings).toContain(
      '1 document is not public and names neither owner_id nor allowed_groups (an empty list names no group), so no principal can see it until one of them is written: e.md.',
    );
    expect(empty.documents.map((doc) => doc.file)).toEqual(['e.md']);
  });
});

describe('the load summary worded from its codes', () => {
  it('makes each figure of the counts line agree with its number, in English and Korean', () => {
    const summary = summaryOf(EDGE_CASES);
    const one = { documents: 1, adrs: 1, chunks: 1, supersessions: 1, claims: 1, evidence: 1, entities: 1, principals: 1, groups: 1 };
    expect(formatLoadSummary({ ...summary, counts: one })).toContain(
      '\n  1 document (1 ADR, 1 supersession), 1 chunk, 1 claim, 1 evidence, 1 entity, 1 principal, 1 group\n',
    );
    const two = { documents: 2, adrs: 0, chunks: 5, supersessions: 2, claims: 3, evidence: 4, entities: 6, principals: 7, groups: 8 };
    expect(formatLoadSummary({ ...summary, counts: two })).toContain(
      '\n  2 documents (0 ADRs, 2 supersessions), 5 chunks, 3 claims, 4 evidence, 6 entities, 7 principals, 8 groups\n',
    );
    const utf8 = (count: number) => wordCore(countedMessage('not_utf8', count, { file: 'a.md' }), 'ko');
    expect(coreEnglish(countedMessage('not_utf8', 1, { file: 'a.md' }))).toBe(
      'a.md: is not valid UTF-8 in 1 place; it was replaced with U+FFFD. Save the file as UTF-8.',
    );
    expect(utf8(2)).toContain('2곳이');
  });

  it('prints the warnings worded from warning_messages, and the English kept when a summary has no codes', () => {
    const summary = summaryOf(EDGE_CASES);
    const printed = formatLoadSummary(summary);
    const warnings = printed.slice(printed.indexOf('Warnings ('));
    for (const warning of summary.warnings) expect(warnings).toContain(`\n  - ${warning}\n`);
    // A summary from before the codes (or from another build) still prints its English.
    const { warning_messages: _codes, ...older } = summary;
    expect(formatLoadSummary(older)).toBe(printed);
    // The codes are what is worded: a changed parameter shows.
    const changed = {
      ...summary,
      warning_messages: summary.warning_messages!.map((m) => ({ ...m, params: { ...m.params, file: 'X.md' } })),
    };
    expect(formatLoadSummary(changed)).toContain('\n  - X.md: is not valid UTF-8 in 4 places');
  });

  it('keeps warning_messages through the JSON schema, each with a code and parameters', () => {
    const summary = summaryOf(EDGE_CASES);
    const back = DemoLoadSummary.parse(JSON.parse(JSON.stringify(summary)));
    expect(back.warning_messages).toEqual(summary.warning_messages);
    expect(back.warning_messages).toContainEqual({ code: 'demo_load:not_utf8_other', params: { file: 'latin1.md', count: 4 } });
  });

  it('words the ready principals from codes, in Korean too', () => {
    const ready = [
      { workspace_id: 'default', principal_id: 'default-reader', created: true, public_documents: 1 },
      { workspace_id: 'ws-a', principal_id: 'alice', created: false, public_documents: 2 },
    ];
    expect(readyPrincipalLines(ready)).toEqual([
      'Query as (lens query "…" --as <principal>; each sees its workspace\'s public documents):',
      '  default: default-reader (made by the loader; 1 public document)',
      '  ws-a: alice (defined by the corpus; 2 public documents)',
    ]);
    expect(
      wordCore(
        {
          code: 'demo_load:ready_principal',
          params: {
            workspace: 'ws-a',
            principal: 'alice',
            how: [{ code: 'demo_load:principal_defined' }],
            documents: [{ code: 'demo_load:public_documents_other', params: { count: 2 } }],
          },
        },
        'ko',
      ),
    ).toBe('ws-a: alice(코퍼스에 정의됨; 공개 문서 2개)');
  });
});

describe('the ADR part of the summary worded from codes', () => {
  const report = () => buildLoadPlan({ docsDir: path.join(CONVENTIONS, 'architecture-decision-record') }).adrs;

  it('carries each unresolved reference as a code with parameters, its English worded from it, in Korean too', () => {
    const [reference] = report().unresolved_references;
    expect(reference).toMatchObject({
      message_code: 'demo_load:adr_unresolved_target',
      message_params: { target: '0031-new-firewall.md' },
    });
    const said = { code: reference!.message_code, params: reference!.message_params };
    expect(coreEnglish(said)).toBe(reference!.message);
    expect(wordCore(said, 'ko')).toBe(
      '0030-old-firewall.md: 후속 기록으로 적힌 링크 "0031-new-firewall.md"이(가) 이 코퍼스의 어떤 ADR과도 맞지 않습니다. 링크 대상을(를) 고치거나 그 ADR을 폴더에 더하세요',
    );
  });

  it('prints the reference worded from its code, and the English kept by a report without one', () => {
    const adrs = report();
    const coded = adrs.unresolved_references.map((u) => ({ ...u, message_params: { ...u.message_params, file: 'moved.md' } }));
    expect(adrSummaryLines({ ...adrs, unresolved_references: coded }).at(-1)).toMatch(
      /^ {4}- moved\.md: the link to "0031-new-firewall\.md"/,
    );
    const older = adrs.unresolved_references.map(({ file, target, kind, message }) => ({ file, target, kind, message }));
    expect(adrSummaryLines({ ...adrs, unresolved_references: older })).toEqual(adrSummaryLines(adrs));
  });

  it('words the status counts and headers from the catalogue in Korean as well', () => {
    expect(
      wordCore(
        {
          code: 'demo_load:adr_recognised_by_status',
          params: { recognised: 3, statuses: '승인 2개, 보류 1개(미완성, 대기 중)', total: 1, partial: 0, drift: 0 },
        },
        'ko',
      ),
    ).toBe('인식한 ADR: 3개(승인 2개, 보류 1개(미완성, 대기 중)); 대체 관계: 1개(일부 대체 0개, 어긋남 0개: 새 기록만 그렇게 말함)');
    expect(wordCore({ code: 'demo_load:unresolved_references_header', params: { count: 2 } }, 'ko')).toMatch(HANGUL);
  });
});
