import { messageBuilder, wordCoreMessage, type CoreMessage } from './core-message';

/**
 * How the graph differs from the schema profile, in words: a mismatch's sentence
 * (`SchemaMismatch.message_code`) is a code of this catalogue (namespace `mismatch`) with
 * parameters. Its English `message` is worded from here; the UI words the code in its language.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  label_missing_required:
    'The graph has no :{{label}} nodes, which the profile "{{profile}}" reads as {{role}} nodes; retrieval needs them. Set labels.{{role}} in the profile to the label your graph uses.',
  label_missing: "The graph has no :{{label}} nodes (the profile's {{role}} label); features that use them will show nothing.",
  part_of_missing:
    'The graph has no :{{type}} relationships, so chunks cannot be traced to their documents. Set relationships.partOf in the profile to the type your graph uses.',
  relationship_missing: "The graph has no :{{type}} relationships (the profile's {{role}}); paths through them will be missing.",
  chunks_without_document:
    ':{{label}} nodes that are part of no :{{document}} (no :{{type}} link to one): {{count}} of {{chunks}}. No principal is ever handed them, and every run counts them among the chunks its principal may not see. Link each to its document with :{{type}}, or leave such nodes out of the graph.',
  vector_index_missing:
    'There is no index named {{index}}; vector, hybrid and graph retrieval need a vector index on :{{label}}({{property}}).',
  not_vector_index: 'The index {{index}} is a {{type}} index, not a vector index.',
  vector_index_elsewhere: 'The vector index {{index}} covers :{{labels}}({{properties}}), but the profile embeds :{{label}}({{property}}).',
  vector_dimensions:
    'The vector index {{index}} has {{dimensions}} dimensions, but the embedder in use ({{embedder}}) makes {{embedder_dimensions}}; vector queries would fail. Configure the embedder that built the index, or re-load the graph with this one.',
  vector_dimensions_built_with:
    'The vector index {{index}} has {{dimensions}} dimensions, but the embedder in use ({{embedder}}) makes {{embedder_dimensions}}; vector queries would fail. Configure the embedder that built the index ({{built_with}}), or re-load the graph with this one.',
  vector_not_online: 'The vector index {{index}} is {{state}}, not ONLINE; results may be incomplete until it is.',
  embedder_differs:
    'The graph was embedded with {{built_with}} ({{dimensions}} dimensions) but the app embeds queries with {{embedder}}; similarities will be meaningless until they match.',
  embedder_features_differ:
    'The graph was embedded with {{embedder}} with its features of version {{recorded_features}}, but this version of Provenance Lens embeds queries with version {{features}}; vector, hybrid and graph runs are refused until it is loaded again. Load it again: `lens demo load` (or "Load the demo corpus again" on the Connect screen) for the demo corpus, `lens demo load --docs <folder>` for a folder of your own.',
  fulltext_index_missing:
    'There is no index named {{index}}; full-text, hybrid and graph retrieval need a full-text index on :{{label}}({{property}}).',
  not_fulltext_index: 'The index {{index}} is not a full-text index on :{{label}}({{property}}) (it is {{type}} on {{properties}}).',
  fulltext_no_acl_terms:
    'The full-text index {{index}} holds no ACL terms ({{field}}), so full-text hits are fetched and then filtered by access: as safe, but slower for principals who may see little.',
  entity_index_missing: 'There is no full-text index named {{index}}; entity lookup by name will be unavailable.',
  property_missing:
    'No node or relationship the profile reads it on has a property named {{property}}, which the profile gives as {{field}}; what reads it finds nothing. Name the property the graph uses there, or leave it when the graph keeps no such value.',
  // What a mismatch is about (its `subject`): the kind is a word of the sentence's language, the name as it is.
  subject_label: 'label {{name}}',
  subject_relationship: 'relationship {{name}}',
  subject_index: 'index {{name}}',
  subject_property: 'property {{name}}',
  subject_embedder: 'embedder',
} as const;

/** A code of the mismatch catalogue. */
export type SchemaMismatchMessageCode = keyof typeof en;

const ko: Readonly<Record<SchemaMismatchMessageCode, string>> = {
  label_missing_required:
    '그래프에 :{{label}} 노드가 없습니다. 프로필 "{{profile}}"은(는) 이를 {{role}} 노드로 읽으며, 검색에 필요합니다. 프로필의 labels.{{role}}를 그래프가 쓰는 레이블로 설정하세요.',
  label_missing: '그래프에 :{{label}} 노드(프로필의 {{role}} 레이블)가 없습니다. 이를 쓰는 기능에는 아무것도 나오지 않습니다.',
  part_of_missing:
    '그래프에 :{{type}} 관계가 없어 청크를 문서까지 추적할 수 없습니다. 프로필의 relationships.partOf를 그래프가 쓰는 유형으로 설정하세요.',
  relationship_missing: '그래프에 :{{type}} 관계(프로필의 {{role}})가 없습니다. 이를 거치는 경로가 빠집니다.',
  chunks_without_document:
    ':{{label}} 노드 {{chunks}}개 중 {{count}}개는 어떤 :{{document}}에도 속하지 않습니다(:{{type}} 관계가 없음). 어떤 주체에게도 전달되지 않으며, 모든 실행에서 주체가 볼 수 없는 청크로 셉니다. 각각을 :{{type}}로 문서에 연결하거나 그래프에서 빼세요.',
  vector_index_missing:
    '{{index}}라는 인덱스가 없습니다. vector, hybrid, graph 검색에는 :{{label}}({{property}})에 대한 벡터 인덱스가 필요합니다.',
  not_vector_index: '인덱스 {{index}}는 {{type}} 인덱스이며 벡터 인덱스가 아닙니다.',
  vector_index_elsewhere:
    '벡터 인덱스 {{index}}는 :{{labels}}({{properties}})를 다루지만, 프로필은 :{{label}}({{property}})를 임베딩합니다.',
  vector_dimensions:
    '벡터 인덱스 {{index}}는 {{dimensions}}차원이지만 사용 중인 임베더({{embedder}})는 {{embedder_dimensions}}차원을 만듭니다. 벡터 질의가 실패합니다. 인덱스를 만든 임베더를 설정하거나 이 임베더로 그래프를 다시 적재하세요.',
  vector_dimensions_built_with:
    '벡터 인덱스 {{index}}는 {{dimensions}}차원이지만 사용 중인 임베더({{embedder}})는 {{embedder_dimensions}}차원을 만듭니다. 벡터 질의가 실패합니다. 인덱스를 만든 임베더({{built_with}})를 설정하거나 이 임베더로 그래프를 다시 적재하세요.',
  vector_not_online: '벡터 인덱스 {{index}}는 ONLINE이 아니라 {{state}} 상태입니다. 그때까지 결과가 불완전할 수 있습니다.',
  embedder_differs:
    '그래프는 {{built_with}}({{dimensions}}차원)로 임베딩되었지만 앱은 {{embedder}}로 질의를 임베딩합니다. 둘이 같아질 때까지 유사도는 의미가 없습니다.',
  embedder_features_differ:
    '그래프는 {{embedder}}의 특징 버전 {{recorded_features}}(으)로 임베딩되었지만, 이 버전의 Provenance Lens는 버전 {{features}}(으)로 질의를 임베딩합니다. 다시 적재할 때까지 vector, hybrid, graph 실행은 거부됩니다. 다시 적재하세요: 데모 코퍼스는 `lens demo load`(또는 연결 화면의 "데모 코퍼스 다시 불러오기"), 직접 준비한 폴더는 `lens demo load --docs <folder>`.',
  fulltext_index_missing:
    '{{index}}라는 인덱스가 없습니다. fulltext, hybrid, graph 검색에는 :{{label}}({{property}})에 대한 전문 검색 인덱스가 필요합니다.',
  not_fulltext_index:
    '인덱스 {{index}}는 :{{label}}({{property}})에 대한 전문 검색 인덱스가 아닙니다({{properties}}에 대한 {{type}} 인덱스).',
  fulltext_no_acl_terms:
    '전문 검색 인덱스 {{index}}에 ACL 용어({{field}})가 없어, 전문 검색 결과를 가져온 뒤 접근 규칙으로 거릅니다. 안전하지만, 볼 수 있는 것이 적은 주체에게는 더 느립니다.',
  entity_index_missing: '{{index}}라는 전문 검색 인덱스가 없습니다. 이름으로 엔터티를 찾을 수 없습니다.',
  property_missing:
    '프로필이 이 속성을 읽는 노드나 관계 어디에도 {{property}} 속성이 없습니다. 프로필이 {{field}}(으)로 지정한 이름이므로, 이 속성을 읽는 곳은 아무것도 찾지 못합니다. 그래프가 쓰는 속성 이름을 지정하거나, 그래프에 그런 값이 없다면 그대로 두세요.',
  subject_label: '레이블 {{name}}',
  subject_relationship: '관계 {{name}}',
  subject_index: '인덱스 {{name}}',
  subject_property: '속성 {{name}}',
  subject_embedder: '임베더',
};

/** The catalogue, in every language of the UI. */
export const SCHEMA_MISMATCH_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const mismatchMessage = messageBuilder<'mismatch', SchemaMismatchMessageCode>('mismatch');

/** A mismatch's subject as the report keeps it: the English worded here, beside the code and its parameters. */
export function mismatchSubject(subject: CoreMessage): {
  subject: string;
  subject_code: string;
  subject_params: NonNullable<CoreMessage['params']>;
} {
  const english = wordCoreMessage(subject, { mismatch: SCHEMA_MISMATCH_MESSAGES }) ?? subject.code;
  return { subject: english, subject_code: subject.code, subject_params: subject.params ?? {} };
}

/** A mismatch's sentence as the report keeps it: the English worded here, beside the code and its parameters. */
export function mismatchSaid(message: CoreMessage): {
  message: string;
  message_code: string;
  message_params: NonNullable<CoreMessage['params']>;
} {
  const english = wordCoreMessage(message, { mismatch: SCHEMA_MISMATCH_MESSAGES }) ?? message.code;
  return { message: english, message_code: message.code, message_params: message.params ?? {} };
}
