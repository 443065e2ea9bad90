import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy, type AclPrincipal } from '../../../shared/acl/access-policy';
import { ACCESS_MESSAGE_CODES, ACCESS_MESSAGES, accessClauseMessage, wordAccessMessage } from '../../../shared/acl/access-messages';
import { compileAclToExplainer, type AccessExplanation } from '../../../shared/acl/explain-access';

const minjun: AclPrincipal = {
  principal_id: 'u-minjun',
  workspace_id: 'ws-a',
  groups: ['g-eng', 'g-platform'],
  acl_partitions: ['general', 'eng'],
};
const explain = compileAclToExplainer(DEFAULT_ACCESS_POLICY);

const words = (explanation: AccessExplanation, language: 'en' | 'ko' = 'en') =>
  (explanation.visible ? explanation.because : explanation.failed).map((clause) =>
    wordAccessMessage(accessClauseMessage(clause), language),
  );

describe('access messages: why allowed and why denied in words', () => {
  it('words the default policy’s reasons to see a document', () => {
    expect(words(explain.document({ workspace_id: 'ws-a', visibility: 'public' }, minjun))).toEqual([
      "in the principal's workspace ws-a",
      'visibility is public',
    ]);
    expect(words(explain.document({ workspace_id: 'ws-a', visibility: 'private', owner_id: 'u-minjun' }, minjun)).at(-1)).toBe(
      'owned by the principal (owner_id u-minjun)',
    );
    expect(
      words(explain.document({ workspace_id: 'ws-a', visibility: 'restricted', allowed_groups: ['g-hr', 'g-eng'] }, minjun)).at(-1),
    ).toBe('shared with the group g-eng');
    expect(words(explain.chunk({ acl_partition: 'eng' }, { workspace_id: 'ws-a', visibility: 'public' }, minjun)).at(-1)).toBe(
      'in the partition eng',
    );
    expect(words(explain.chunk({}, { workspace_id: 'ws-a', visibility: 'public' }, minjun)).at(-1)).toBe(
      'acl_partition does not restrict it (not set, or the principal has no acl_partitions)',
    );
    expect(words(explain.entity({ name: 'svc' }, minjun))).toEqual([
      'no access property is set (workspace_id, visibility, allowed_groups)',
    ]);
  });

  it('words the first clause a document fails, with what the document holds', () => {
    expect(words(explain.document({ workspace_id: 'ws-b', visibility: 'public' }, minjun))).toEqual([
      "not in the principal's workspace ws-a (workspace_id: ws-b)",
    ]);
    expect(
      words(explain.document({ workspace_id: 'ws-a', visibility: 'restricted', owner_id: 'u-other', allowed_groups: ['g-hr'] }, minjun)),
    ).toEqual([
      'visibility is restricted, not public',
      'not owned by the principal (owner_id: u-other)',
      'shares no group with the principal (allowed_groups: g-hr)',
    ]);
    expect(words(explain.document({ workspace_id: 'ws-a' }, minjun))[0]).toBe('visibility is not set to public');
    expect(words(explain.chunk({ acl_partition: 'security' }, { workspace_id: 'ws-a', visibility: 'public' }, minjun))).toEqual([
      'in the partition security, which the principal lacks',
    ]);
  });

  it('says a property the document does not set is not set, rather than showing it empty', () => {
    expect(words(explain.document({ workspace_id: 'ws-a', visibility: 'restricted' }, minjun))).toEqual([
      'visibility is restricted, not public',
      'not owned by the principal (owner_id is not set)',
      'shares no group with the principal (allowed_groups is not set)',
    ]);
    expect(words(explain.document({ visibility: 'public' }, minjun))).toEqual([
      "not in the principal's workspace ws-a (workspace_id is not set)",
    ]);
    expect(words(explain.document({ workspace_id: 'ws-a', visibility: 'restricted' }, minjun), 'ko').slice(1)).toEqual([
      '주체가 소유하지 않음 (owner_id 값이 설정되지 않음)',
      '주체와 공유된 그룹이 없음 (allowed_groups 값이 설정되지 않음)',
    ]);
  });

  it('words a team policy’s other tests', () => {
    const policy = parseAccessPolicy({
      document: {
        all_of: [
          { op: 'principal_has_any', principal_field: 'groups', reason: 'no_groups' },
          { op: 'equals_principal', property: 'team_lead', principal_field: 'workspace_id' },
        ],
        any_of: [{ op: 'in_values', property: 'tier', values: ['a', 'b'] }],
      },
      entity: { acl_properties: [] },
    });
    const team = compileAclToExplainer(policy);
    expect(words(team.document({ tier: 'b', team_lead: 'ws-a' }, minjun))).toEqual([
      'the principal has groups',
      "in the principal's workspace ws-a",
      'tier is b',
    ]);
    expect(words(team.document({}, { ...minjun, groups: [] }))).toEqual(['the principal has no groups']);
  });

  it('has every code in both languages, with the same placeholders', () => {
    for (const code of ACCESS_MESSAGE_CODES) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(placeholders(ACCESS_MESSAGES.ko[code]), code).toEqual(placeholders(ACCESS_MESSAGES.en[code]));
    }
    expect(Object.keys(ACCESS_MESSAGES.en).sort()).toEqual([...ACCESS_MESSAGE_CODES].sort());
    expect(Object.keys(ACCESS_MESSAGES.ko).sort()).toEqual([...ACCESS_MESSAGE_CODES].sort());
  });

  it('words Korean from the same parameters', () => {
    expect(
      words(explain.document({ workspace_id: 'ws-a', visibility: 'restricted', allowed_groups: ['g-eng'] }, minjun), 'ko').at(-1),
    ).toBe('그룹 g-eng에 공유됨');
  });
});
