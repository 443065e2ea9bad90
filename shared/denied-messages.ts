import type { DeniedCount, FilterNote } from './context-contract';

/**
 * What each denied count counts, in words: every entry of `denied[]` becomes a message code with
 * parameters, worded by the UI in its language (through i18next, from the catalogue below) and by
 * the CLI in English with `wordDeniedMessage`. The figure ("98 of 318") is shown beside the words,
 * so no sentence needs a plural form.
 */

export const DENIED_MESSAGE_CODES = [
  'graph_not_visible',
  'graph_filter',
  'graph_filters_together',
  'postfilter_access',
  'postfilter_filter',
  'candidates_access',
  'candidates_policy_mismatch',
  'candidates_filter',
  'expansion_access',
  'expansion_entities',
  'expansion_filter',
  'output_access',
  'output_filter',
  'freshness_stale',
  'relevance_below_floor',
  'unrecorded',
  'other',
] as const;
export type DeniedMessageCode = (typeof DENIED_MESSAGE_CODES)[number];

/** The words a message's parameters are built from: kinds, filters, candidate searches, figures, notes. */
export const DENIED_WORD_CODES = [
  'kind_access',
  'kind_filter',
  'kind_freshness',
  'kind_relevance',
  'kind_unrecorded',
  'filter_document_types',
  'filter_valid_at',
  'filter_language',
  'filter_allowed_scopes',
  'mechanism_vector',
  'mechanism_fulltext',
  'mechanism_cypher_template',
  'figure_of',
  'figure',
  'note_document_types',
  'note_language',
  'note_valid_at',
  'note_allowed_scopes',
  'none_present',
] as const;
export type DeniedWordCode = (typeof DENIED_WORD_CODES)[number];

/** A count as a message: the code and its parameters (codes of the catalogue, or values shown as they are). */
export interface DeniedMessage {
  readonly code: DeniedMessageCode;
  readonly params: Readonly<{ mechanism: string; reason: string; filter: string; stage: string; counts: string }>;
}

/** The filter an entry's reason names (`document_types`, or `document:document_types` after expansion). */
function filterOf(reason: string): string {
  return reason.startsWith('document:') ? reason.slice('document:'.length) : reason;
}

function wholeGraphCode(entry: DeniedCount): DeniedMessageCode {
  if (entry.kind === 'access') return 'graph_not_visible';
  return entry.reason === 'all_filters' ? 'graph_filters_together' : 'graph_filter';
}

function beforeCandidatesCode(entry: DeniedCount): DeniedMessageCode {
  if (entry.counts === 'hits') return entry.kind === 'access' ? 'postfilter_access' : 'postfilter_filter';
  if (entry.kind === 'filter') return 'candidates_filter';
  return entry.reason === 'policy_mismatch' ? 'candidates_policy_mismatch' : 'candidates_access';
}

function codeOf(entry: DeniedCount): DeniedMessageCode {
  if (entry.counts === 'unrecorded') return 'unrecorded';
  switch (entry.stage) {
    case 'whole_graph':
      return wholeGraphCode(entry);
    case 'before_candidates':
      return beforeCandidatesCode(entry);
    case 'after_expansion':
      if (entry.counts === 'entities') return 'expansion_entities';
      return entry.kind === 'filter' ? 'expansion_filter' : 'expansion_access';
    case 'before_output':
      return entry.kind === 'filter' ? 'output_filter' : 'output_access';
    case 'freshness':
      return 'freshness_stale';
    case 'relevance_floor':
      return 'relevance_below_floor';
    default:
      return 'other';
  }
}

/** The message that says what `entry` counts. */
export function deniedMessage(entry: DeniedCount): DeniedMessage {
  return {
    code: codeOf(entry),
    params: {
      mechanism: entry.mechanism ?? '',
      reason: entry.reason,
      filter: filterOf(entry.reason),
      stage: entry.stage,
      counts: entry.counts,
    },
  };
}

type Catalogue = Readonly<Record<DeniedMessageCode | DeniedWordCode, string>>;

/** The catalogue, in every language of the UI. */
export const DENIED_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = {
  en: {
    graph_not_visible: 'chunks in the graph this principal may not see (access policy)',
    graph_filter: 'chunks this principal may see that the {{filter}} filter leaves out',
    graph_filters_together: 'chunks this principal may see that the request filters together leave out',
    postfilter_access: 'hits of the {{mechanism}} search this principal may not see, removed after the search (post-filter)',
    postfilter_filter: 'hits of the {{mechanism}} search this principal may see that the request filters leave out',
    candidates_access: 'candidates of the {{mechanism}} search this principal may not see ({{reason}})',
    candidates_policy_mismatch:
      'candidates of the {{mechanism}} search withheld because the Cypher and TypeScript forms of the access policy disagree',
    candidates_filter: 'candidates of the {{mechanism}} search this principal may see that the {{filter}} filter leaves out',
    expansion_access: 'chunks reached by expansion through a node this principal may not see ({{reason}})',
    expansion_entities: 'entity nodes beside the paths this principal may not see ({{reason}})',
    expansion_filter: 'chunks reached by expansion from a document the {{filter}} filter leaves out',
    output_access: 'chunks of items that failed the final access check ({{reason}}): an earlier check let them through',
    output_filter: 'chunks of items that failed the {{filter}} filter at the final check: an earlier check let them through',
    freshness_stale: 'candidates left out as stale (the request leaves stale items out)',
    relevance_below_floor:
      'candidate chunks this principal may see, cut as below the relevance floor (too weak a match to count as evidence)',
    unrecorded:
      '{{stage}} / {{reason}}, recorded before counts said what they count (it may include filters and count a chunk more than once)',
    other: '{{stage}} / {{reason}} ({{counts}})',
    kind_access: 'access',
    kind_filter: 'filter',
    kind_freshness: 'freshness',
    kind_relevance: 'relevance',
    kind_unrecorded: 'unclassified',
    filter_document_types: 'document-type',
    filter_valid_at: 'validity-date',
    filter_language: 'language',
    filter_allowed_scopes: 'allowed-scopes',
    mechanism_vector: 'vector',
    mechanism_fulltext: 'full-text',
    mechanism_cypher_template: 'cypher template',
    figure_of: '{{count}} of {{of}}',
    figure: '{{count}}',
    note_document_types: 'No document this principal may see has the document type {{values}}; the types it may see are: {{present}}.',
    note_language: 'No document this principal may see has the language {{values}}; the languages it may see are: {{present}}.',
    note_valid_at: 'No document this principal may see is valid at {{values}}.',
    note_allowed_scopes: 'No document this principal may see falls within the scope {{values}}.',
    none_present: 'none',
  },
  ko: {
    graph_not_visible: '그래프에서 이 주체가 볼 수 없는 청크 (접근 정책)',
    graph_filter: '이 주체가 볼 수 있지만 {{filter}} 필터가 제외한 청크',
    graph_filters_together: '이 주체가 볼 수 있지만 요청 필터들이 함께 제외한 청크',
    postfilter_access: '{{mechanism}} 검색 결과 중 이 주체가 볼 수 없어 검색 후에 제거된 것 (사후 필터)',
    postfilter_filter: '{{mechanism}} 검색 결과 중 이 주체가 볼 수 있지만 요청 필터가 제외한 것',
    candidates_access: '{{mechanism}} 검색 후보 중 이 주체가 볼 수 없는 것 ({{reason}})',
    candidates_policy_mismatch: '접근 정책의 Cypher 형태와 TypeScript 형태가 서로 달라 보류된 {{mechanism}} 검색 후보',
    candidates_filter: '{{mechanism}} 검색 후보 중 이 주체가 볼 수 있지만 {{filter}} 필터가 제외한 것',
    expansion_access: '확장으로 도달했으나 경로에 이 주체가 볼 수 없는 노드가 있는 청크 ({{reason}})',
    expansion_entities: '경로 옆의 엔터티 중 이 주체가 볼 수 없는 것 ({{reason}})',
    expansion_filter: '확장으로 도달했으나 문서가 {{filter}} 필터에서 제외된 청크',
    output_access: '최종 접근 검사에 실패한 항목의 청크 ({{reason}}): 앞선 검사가 통과시킨 것',
    output_filter: '최종 검사에서 {{filter}} 필터에 걸린 항목의 청크: 앞선 검사가 통과시킨 것',
    freshness_stale: '오래되어 제외된 후보 (요청이 오래된 항목을 제외함)',
    relevance_below_floor: '이 주체가 볼 수 있지만 관련성 하한에 못 미쳐 잘린 후보 청크 (근거로 삼기엔 약한 일치)',
    unrecorded: '{{stage}} / {{reason}}, 개수가 무엇을 세는지 기록하기 전에 저장됨 (필터가 섞이거나 같은 청크를 여러 번 셌을 수 있음)',
    other: '{{stage}} / {{reason}} ({{counts}})',
    kind_access: '접근',
    kind_filter: '필터',
    kind_freshness: '최신성',
    kind_relevance: '관련성',
    kind_unrecorded: '미분류',
    filter_document_types: '문서 유형',
    filter_valid_at: '유효 날짜',
    filter_language: '언어',
    filter_allowed_scopes: '허용 범위',
    mechanism_vector: '벡터',
    mechanism_fulltext: '전문',
    mechanism_cypher_template: 'Cypher 템플릿',
    figure_of: '{{of}}개 중 {{count}}개',
    figure: '{{count}}개',
    note_document_types: '이 주체가 볼 수 있는 어떤 문서도 문서 유형 {{values}}이(가) 아닙니다. 볼 수 있는 유형: {{present}}.',
    note_language: '이 주체가 볼 수 있는 어떤 문서도 언어 {{values}}이(가) 아닙니다. 볼 수 있는 언어: {{present}}.',
    note_valid_at: '이 주체가 볼 수 있는 어떤 문서도 {{values}}에 유효하지 않습니다.',
    note_allowed_scopes: '이 주체가 볼 수 있는 어떤 문서도 범위 {{values}}에 속하지 않습니다.',
    none_present: '없음',
  },
};

type Language = keyof typeof DENIED_MESSAGES;

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => params[name] ?? '');
}

/** A word of the catalogue by its code's prefix and value (`filter_` + `language`), or the value itself when the catalogue has none. */
function wordOf(language: Language, prefix: 'filter_' | 'mechanism_', value: string): string {
  const words: Readonly<Record<string, string>> = DENIED_MESSAGES[language];
  return words[`${prefix}${value}`] ?? value;
}

/** The parameters of a message with its filter and search named in `language`, as the UI's and the CLI's wording both use them. */
export function wordedParams(message: DeniedMessage, language: Language = 'en'): Record<string, string> {
  return {
    ...message.params,
    filter: wordOf(language, 'filter_', message.params.filter),
    mechanism: wordOf(language, 'mechanism_', message.params.mechanism),
  };
}

/** Words a message, in English unless told otherwise, as the CLI does. */
export function wordDeniedMessage(message: DeniedMessage, language: Language = 'en'): string {
  return fill(DENIED_MESSAGES[language][message.code], wordedParams(message, language));
}

/** The word for a count's kind; a count kept before counts had a kind is `unclassified`, whatever its reason suggests. */
export function deniedKindCode(entry: DeniedCount): DeniedWordCode {
  return entry.counts === 'unrecorded' ? 'kind_unrecorded' : `kind_${entry.kind}`;
}

/** One count for a person: its kind, its figure ("98 of 318") and what it counts. */
export function wordDeniedCount(entry: DeniedCount, language: Language = 'en'): { kind: string; figure: string; counts: string } {
  const figure = entry.of === undefined ? 'figure' : 'figure_of';
  return {
    kind: DENIED_MESSAGES[language][deniedKindCode(entry)],
    figure: fill(DENIED_MESSAGES[language][figure], { count: String(entry.count), of: String(entry.of ?? '') }),
    counts: wordDeniedMessage(deniedMessage(entry), language),
  };
}

/** The note's message code and parameters (the values joined, `none` when the graph holds none). */
export function filterNoteMessage(note: FilterNote, language: Language = 'en'): { code: DeniedWordCode; params: Record<string, string> } {
  const present = note.present.length > 0 ? note.present.join(', ') : DENIED_MESSAGES[language].none_present;
  return { code: `note_${note.filter}`, params: { values: note.values.join(', '), present } };
}

/** Words a filter note, in English unless told otherwise, as the CLI does. */
export function wordFilterNote(note: FilterNote, language: Language = 'en'): string {
  const message = filterNoteMessage(note, language);
  return fill(DENIED_MESSAGES[language][message.code], message.params);
}
