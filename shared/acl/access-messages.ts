import type { AccessClause } from './explain-access';

/**
 * Why-allowed and why-denied in words: each clause of an `AccessExplanation` becomes a message code
 * with parameters, worded by the UI in its language and by the CLI in English from the same
 * catalogue below (i18next's `{{name}}` placeholders).
 */

export const ACCESS_MESSAGE_CODES = [
  'value_held',
  'value_failed',
  'value_missing',
  'owner_held',
  'owner_failed',
  'owner_failed_unset',
  'workspace_held',
  'workspace_failed',
  'workspace_failed_unset',
  'principal_value_held',
  'principal_value_failed',
  'principal_value_failed_unset',
  'groups_held',
  'groups_failed',
  'groups_failed_unset',
  'partitions_held',
  'partitions_failed',
  'unrestricted_held',
  'has_any_held',
  'has_any_failed',
  'no_acl_held',
  // Denials that are no clause of the policy: the node is judged through chunks and has none; the
  // item's content is text of none of its sources (Compare's leak check).
  'no_chunk_denied',
  'content_not_in_source_denied',
  'title_not_document_denied',
] as const;
export type AccessMessageCode = (typeof ACCESS_MESSAGE_CODES)[number];

/** A clause as a message: the code and its parameters (all strings). */
export interface AccessMessage {
  readonly code: AccessMessageCode;
  readonly params: Readonly<Record<string, string>>;
}

const list = (values: readonly string[]) => values.join(', ');

/** A failed clause's code, or its `_unset` form when the node holds no value for the property (so no empty "owner_id: " is shown). */
const failed = <Code extends AccessMessageCode>(code: Code, clause: AccessClause) =>
  (clause.values.length === 0 ? `${code}_unset` : code) as AccessMessageCode;

function principalValueMessage(clause: AccessClause, params: Record<string, string>): AccessMessage {
  if (clause.principal_field === 'principal_id') return { code: clause.holds ? 'owner_held' : failed('owner_failed', clause), params };
  if (clause.principal_field === 'workspace_id')
    return { code: clause.holds ? 'workspace_held' : failed('workspace_failed', clause), params };
  return { code: clause.holds ? 'principal_value_held' : failed('principal_value_failed', clause), params };
}

/** The message for one clause of an explanation. */
export function accessClauseMessage(clause: AccessClause): AccessMessage {
  const params = {
    property: clause.property ?? '',
    field: clause.principal_field ?? '',
    found: list(clause.values),
    expected: list(clause.expected),
  };
  switch (clause.op) {
    case 'no_acl_properties':
      return { code: 'no_acl_held', params };
    case 'principal_has_any':
      return { code: clause.holds ? 'has_any_held' : 'has_any_failed', params };
    case 'equals_value':
    case 'in_values':
      return { code: clause.holds ? 'value_held' : clause.values.length > 0 ? 'value_failed' : 'value_missing', params };
    case 'equals_principal':
      return principalValueMessage(clause, params);
    case 'in_principal':
    case 'intersects_principal':
    case 'in_principal_when_both_set':
      if (clause.holds && clause.values.length === 0) return { code: 'unrestricted_held', params };
      if (clause.principal_field === 'groups') return { code: clause.holds ? 'groups_held' : failed('groups_failed', clause), params };
      return { code: clause.holds ? 'partitions_held' : 'partitions_failed', params };
  }
}

/** The catalogue, in every language of the UI. */
export const ACCESS_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<AccessMessageCode, string>>>> = {
  en: {
    value_held: '{{property}} is {{found}}',
    value_failed: '{{property}} is {{found}}, not {{expected}}',
    value_missing: '{{property}} is not set to {{expected}}',
    owner_held: 'owned by the principal ({{property}} {{found}})',
    owner_failed: 'not owned by the principal ({{property}}: {{found}})',
    owner_failed_unset: 'not owned by the principal ({{property}} is not set)',
    workspace_held: "in the principal's workspace {{found}}",
    workspace_failed: "not in the principal's workspace {{expected}} ({{property}}: {{found}})",
    workspace_failed_unset: "not in the principal's workspace {{expected}} ({{property}} is not set)",
    principal_value_held: '{{property}} matches the principal’s {{field}} {{found}}',
    principal_value_failed: '{{property}} ({{found}}) is not the principal’s {{field}} {{expected}}',
    principal_value_failed_unset: '{{property}} is not set, so it is not the principal’s {{field}} {{expected}}',
    groups_held: 'shared with the group {{found}}',
    groups_failed: 'shares no group with the principal ({{property}}: {{found}})',
    groups_failed_unset: 'shares no group with the principal ({{property}} is not set)',
    partitions_held: 'in the partition {{found}}',
    partitions_failed: 'in the partition {{found}}, which the principal lacks',
    unrestricted_held: '{{property}} does not restrict it (not set, or the principal has no {{field}})',
    has_any_held: 'the principal has {{field}}',
    has_any_failed: 'the principal has no {{field}}',
    no_acl_held: 'no access property is set ({{found}})',
    no_chunk_denied: 'a {{kind}} is visible only through a chunk, and it is located in none',
    content_not_in_source_denied: 'its content "{{content}}" is text of none of the chunks, claim or evidence the item names',
    title_not_document_denied: 'its title "{{title}}" is not the title of the document it names',
  },
  ko: {
    value_held: '{{property}} 값이 {{found}}임',
    value_failed: '{{property}} 값이 {{expected}}이(가) 아니라 {{found}}임',
    value_missing: '{{property}} 값이 {{expected}}(으)로 설정되지 않음',
    owner_held: '주체가 소유함 ({{property}} {{found}})',
    owner_failed: '주체가 소유하지 않음 ({{property}}: {{found}})',
    owner_failed_unset: '주체가 소유하지 않음 ({{property}} 값이 설정되지 않음)',
    workspace_held: '주체의 워크스페이스 {{found}}에 속함',
    workspace_failed: '주체의 워크스페이스 {{expected}}에 속하지 않음 ({{property}}: {{found}})',
    workspace_failed_unset: '주체의 워크스페이스 {{expected}}에 속하지 않음 ({{property}} 값이 설정되지 않음)',
    principal_value_held: '{{property}} 값이 주체의 {{field}} {{found}}와(과) 같음',
    principal_value_failed: '{{property}} 값({{found}})이 주체의 {{field}} {{expected}}와(과) 다름',
    principal_value_failed_unset: '{{property}} 값이 설정되지 않아 주체의 {{field}} {{expected}}와(과) 다름',
    groups_held: '그룹 {{found}}에 공유됨',
    groups_failed: '주체와 공유된 그룹이 없음 ({{property}}: {{found}})',
    groups_failed_unset: '주체와 공유된 그룹이 없음 ({{property}} 값이 설정되지 않음)',
    partitions_held: '파티션 {{found}}에 속함',
    partitions_failed: '주체에게 없는 파티션 {{found}}에 속함',
    unrestricted_held: '{{property}}이(가) 제한하지 않음 (설정되지 않았거나 주체에게 {{field}}이(가) 없음)',
    has_any_held: '주체에게 {{field}}이(가) 있음',
    has_any_failed: '주체에게 {{field}}이(가) 없음',
    no_acl_held: '접근 속성이 설정되지 않음 ({{found}})',
    no_chunk_denied: '{{kind}}은(는) 청크를 통해서만 볼 수 있는데, 어느 청크에도 놓여 있지 않음',
    content_not_in_source_denied: '내용 "{{content}}"이(가) 항목이 가리키는 청크, 주장, 근거 어느 것의 텍스트도 아님',
    title_not_document_denied: '제목 "{{title}}"이(가) 항목이 가리키는 문서의 제목이 아님',
  },
};

/** Words a message in English, as the CLI does (the UI words it through i18next from the same catalogue). */
export function wordAccessMessage(message: AccessMessage, language: 'en' | 'ko' = 'en'): string {
  return ACCESS_MESSAGES[language][message.code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => message.params[name] ?? '');
}

/**
 * The denial reasons this build names itself, worded: the built-in policy's (`workspace`,
 * `not_shared`, `partition`, and `requirement` for a requirement that names none) and Compare's leak
 * check's (`no_chunk`, `content_not_in_source`). A team's policy may name its own reasons; those have
 * no wording here and are shown as the code they are.
 */
export const ACCESS_REASON_CODES = ['workspace', 'not_shared', 'partition', 'requirement', 'no_chunk', 'content_not_in_source'] as const;
export type AccessReasonCode = (typeof ACCESS_REASON_CODES)[number];

/** The reason's code when this build words it; null for a team's own reason code. */
export function knownAccessReason(reason: string): AccessReasonCode | null {
  return (ACCESS_REASON_CODES as readonly string[]).includes(reason) ? (reason as AccessReasonCode) : null;
}

/** The reasons' wording, in every language of the UI. */
export const ACCESS_REASON_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<AccessReasonCode, string>>>> = {
  en: {
    workspace: "not in the principal's workspace",
    not_shared: 'not shared with the principal',
    partition: 'in a partition the principal lacks',
    requirement: 'a requirement of the access rule fails',
    no_chunk: 'located in no chunk',
    content_not_in_source: 'content taken from none of its sources',
  },
  ko: {
    workspace: '주체의 워크스페이스에 속하지 않음',
    not_shared: '주체에게 공유되지 않음',
    partition: '주체에게 없는 파티션에 속함',
    requirement: '접근 규칙의 필수 조건을 통과하지 못함',
    no_chunk: '어느 청크에도 놓여 있지 않음',
    content_not_in_source: '어느 출처에서도 오지 않은 내용',
  },
};
