/**
 * Freshness in words: every verdict of the freshness rules is a message code with parameters,
 * worded by the UI in its language (through i18next, from the catalogue below) and by the CLI and
 * the contract's `reason` in English with `wordFreshness`. An ADR's own decision state travels
 * beside freshness, with a word of its own for the badge.
 */

export const FRESHNESS_MESSAGE_CODES = [
  // stale
  'marked_stale',
  'marked_stale_successor',
  'marked_stale_successor_hidden',
  'valid_to_passed',
  'valid_to_before_required',
  'not_yet_valid',
  'superseded_by',
  'partly_superseded_by',
  'superseded_by_hidden',
  'partly_superseded_by_hidden',
  'adr_status_superseded',
  'adr_status_partly_superseded',
  'adr_superseded_outside',
  'adr_partly_superseded_outside',
  'updated_before_required',
  // unknown
  'date_unreadable',
  'no_update_date',
  'adr_proposed',
  'adr_pending',
  'adr_status_unknown',
  'no_lifecycle_data',
  // current, each on positive evidence
  'adr_accepted',
  'adr_accepted_updated',
  'adr_rejected',
  'adr_deprecated',
  'updated_after_required',
  'valid_from_until',
  'valid_until',
  'valid_since',
] as const;
export type FreshnessMessageCode = (typeof FRESHNESS_MESSAGE_CODES)[number];

/** An ADR's decision state as its record states it, after mapping the many ways teams write it. */
export const DECISION_STATES = [
  'accepted',
  'proposed',
  'pending',
  'rejected',
  'deprecated',
  'superseded',
  'partly_superseded',
  'unknown',
] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

/** The badge words of the decision states. */
export type DecisionWordCode = `decision_${DecisionState}`;

/** The three freshness states, as a verdict names them. */
export const FRESHNESS_STATES = ['current', 'stale', 'unknown'] as const;
export type FreshnessState = (typeof FRESHNESS_STATES)[number];

/** The words of the freshness states, where a sentence names one (a provider's label against the graph's). */
export type StateWordCode = `state_${FreshnessState}`;

type Catalogue = Readonly<Record<FreshnessMessageCode | DecisionWordCode | StateWordCode, string>>;

/** The catalogue, in every language of the UI (i18next's `{{name}}` placeholders). */
export const FRESHNESS_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = {
  en: {
    marked_stale: 'marked stale by {{by}}: {{reason}}',
    marked_stale_successor: 'marked stale by {{by}}: {{reason}}; use {{successor}} instead',
    marked_stale_successor_hidden: 'marked stale by {{by}}: {{reason}}; its successor is a document this principal may not see',
    valid_to_passed: 'valid until {{date}}, which has passed',
    valid_to_before_required: 'valid until {{date}}, before the required {{required}}',
    not_yet_valid: 'not yet valid: valid from {{date}}',
    superseded_by: 'superseded by {{successor}}',
    partly_superseded_by: 'partly superseded by {{successor}} (check which parts still hold)',
    superseded_by_hidden: 'superseded by a document this principal may not see',
    partly_superseded_by_hidden: 'partly superseded by a document this principal may not see (check which parts still hold)',
    adr_status_superseded: 'ADR status is superseded (no successor is named)',
    adr_superseded_outside: 'superseded by {{successor}}, outside the decision records',
    adr_partly_superseded_outside: 'partly superseded by {{successor}}, outside the decision records (check which parts still hold)',
    adr_status_partly_superseded: 'ADR status is partly superseded (check which parts still hold)',
    updated_before_required: 'last updated {{date}}, before the required {{required}}',
    date_unreadable: '{{field}} "{{value}}" is not a date, so it cannot be checked',
    no_update_date: 'no update date to compare with the required {{required}}',
    adr_proposed: 'ADR status is proposed: a proposal, not a decision',
    adr_pending: 'ADR status is pending: not decided yet',
    adr_status_unknown: 'ADR status is not stated or not recognised, so it may not be in force',
    no_lifecycle_data: 'no lifecycle data',
    adr_accepted: 'accepted, not superseded',
    adr_accepted_updated: 'accepted, not superseded, last updated {{updated}}',
    adr_rejected: 'a rejected decision: the record of what was decided against, not a stale one',
    adr_deprecated: 'a deprecated decision: retired, and the record says so',
    updated_after_required: 'last updated {{date}}, not before the required {{required}}',
    valid_from_until: 'in force: valid from {{from}} until {{to}}',
    valid_until: 'in force: valid until {{to}}',
    valid_since: 'in force: valid since {{from}}',
    decision_accepted: 'accepted',
    decision_proposed: 'proposed',
    decision_pending: 'pending',
    decision_rejected: 'rejected',
    decision_deprecated: 'deprecated',
    decision_superseded: 'superseded',
    decision_partly_superseded: 'partly superseded',
    decision_unknown: 'status unknown',
    state_current: 'current',
    state_stale: 'stale',
    state_unknown: 'unknown',
  },
  ko: {
    marked_stale: '{{by}}이(가) 오래됨으로 표시함: {{reason}}',
    marked_stale_successor: '{{by}}이(가) 오래됨으로 표시함: {{reason}}; 대신 {{successor}} 참고',
    marked_stale_successor_hidden: '{{by}}이(가) 오래됨으로 표시함: {{reason}}; 대체 문서는 이 주체가 볼 수 없는 문서임',
    valid_to_passed: '{{date}}까지 유효했고 그 날짜가 지남',
    valid_to_before_required: '{{date}}까지만 유효하여 요구 기준일 {{required}}보다 이름',
    not_yet_valid: '아직 유효하지 않음: {{date}}부터 유효',
    superseded_by: '{{successor}}(으)로 대체됨',
    partly_superseded_by: '{{successor}}(으)로 일부 대체됨 (어느 부분이 아직 유효한지 확인 필요)',
    superseded_by_hidden: '이 주체가 볼 수 없는 문서로 대체됨',
    partly_superseded_by_hidden: '이 주체가 볼 수 없는 문서로 일부 대체됨 (어느 부분이 아직 유효한지 확인 필요)',
    adr_status_superseded: 'ADR 상태가 대체됨 (후속 기록이 명시되지 않음)',
    adr_superseded_outside: '결정 기록 밖의 {{successor}}(으)로 대체됨',
    adr_partly_superseded_outside: '결정 기록 밖의 {{successor}}(으)로 일부 대체됨 (어느 부분이 아직 유효한지 확인 필요)',
    adr_status_partly_superseded: 'ADR 상태가 일부 대체됨 (어느 부분이 아직 유효한지 확인 필요)',
    updated_before_required: '마지막 수정 {{date}}, 요구 기준일 {{required}}보다 이전',
    date_unreadable: '{{field}} 값 "{{value}}"은(는) 날짜가 아니어서 확인할 수 없음',
    no_update_date: '요구 기준일 {{required}}와 비교할 수정 날짜가 없음',
    adr_proposed: 'ADR 상태가 제안됨: 결정이 아니라 제안임',
    adr_pending: 'ADR 상태가 보류됨: 아직 결정되지 않음',
    adr_status_unknown: 'ADR 상태가 없거나 알 수 없어 유효한지 알 수 없음',
    no_lifecycle_data: '수명 주기 정보 없음',
    adr_accepted: '승인됨, 대체되지 않음',
    adr_accepted_updated: '승인됨, 대체되지 않음, 마지막 수정 {{updated}}',
    adr_rejected: '거부된 결정: 하지 않기로 한 결정의 기록이며 오래된 것이 아님',
    adr_deprecated: '폐기된 결정: 더 이상 쓰지 않으며 기록이 그렇게 밝힘',
    updated_after_required: '마지막 수정 {{date}}, 요구 기준일 {{required}} 이후',
    valid_from_until: '유효: {{from}}부터 {{to}}까지',
    valid_until: '유효: {{to}}까지',
    valid_since: '유효: {{from}}부터',
    decision_accepted: '승인됨',
    decision_proposed: '제안됨',
    decision_pending: '보류됨',
    decision_rejected: '거부됨',
    decision_deprecated: '폐기됨',
    decision_superseded: '대체됨',
    decision_partly_superseded: '일부 대체됨',
    decision_unknown: '상태 불명',
    state_current: '최신',
    state_stale: '오래됨',
    state_unknown: '알 수 없음',
  },
};

/** Words a freshness message, in English unless told otherwise, as the CLI and the contract's `reason` do. */
export function wordFreshness(code: FreshnessMessageCode, params: Readonly<Record<string, string>>, language: 'en' | 'ko' = 'en'): string {
  return FRESHNESS_MESSAGES[language][code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** The badge word of a decision state. */
export function wordDecision(decision: DecisionState, language: 'en' | 'ko' = 'en'): string {
  return FRESHNESS_MESSAGES[language][`decision_${decision}`];
}

/** The state `value` names, or null for anything else (a value shown as it is). */
export function knownFreshnessState(value: string | null | undefined): FreshnessState | null {
  return (FRESHNESS_STATES as readonly (string | null | undefined)[]).includes(value) ? (value as FreshnessState) : null;
}

/** The word of a freshness state. */
export function wordFreshnessState(state: FreshnessState, language: 'en' | 'ko' = 'en'): string {
  return FRESHNESS_MESSAGES[language][`state_${state}`];
}
