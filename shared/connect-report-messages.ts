import { messageBuilder } from './core-message';

/**
 * The connect report and the secret vault in words (namespace `connect_report`): the privilege note,
 * the read-only basis, the warnings and where secrets live, each a code with parameters. The report's
 * English fields are worded from here; the UI words the codes in its language.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  privileges_listed: '{{count}} privileges listed by SHOW USER PRIVILEGES.',
  privileges_community: 'Community edition does not list privileges (SHOW USER PRIVILEGES is an Enterprise command).',
  privileges_failed: 'The server did not list privileges: {{error}}',
  basis_community:
    'Community edition has no role-based access control, so every account can write. Read-only rests on the client-side guards (text checks and EXPLAIN before any query that is not built in) and on the server refusing writes in sessions opened with READ access, which is how every session is opened.',
  basis_writing: 'The account holds writing privileges ({{actions}}); read-only rests on READ sessions and the client-side guards.',
  basis_reader:
    'The account holds no writing privileges: the server enforces read-only for it, beside READ sessions and the client-side guards.',
  basis_unknown: 'The server did not list privileges; read-only rests on READ sessions and the client-side guards.',
  warn_community_write:
    'This account can write (Community edition). Provenance Lens never opens a write session, and the server refuses writes in its READ sessions, but a reader account on Enterprise is safer for production graphs.',
  warn_can_write: 'The account {{user}} can write ({{actions}}); connect with a reader role for audits.',
  warn_unknown: 'Could not determine whether this account can write.',
  warn_empty: 'The database is empty. For the demo, run `lens demo load`.',
  warn_empty_screen:
    'The database is empty. For the demo, use the Demo database panel on this screen: start it, or load the demo corpus into it.',
  secrets_environment:
    'Secrets come from environment variables (NEO4J_PASSWORD, OPENAI_API_KEY, LENS_PROVIDER_TOKEN); this mode stores none.',
  secrets_no_keystore:
    'The OS offers no key store here (only plaintext), so passwords and keys are not stored; set them as environment variables instead.',
  secrets_encrypted: 'Secrets are encrypted with the OS key store ({{backend}}).',
  // graph-capabilities.ts: what the graph supports, read before its mismatches.
  cap_modes_all: 'Retrieval modes that work on this graph: {{modes}}.',
  cap_modes_some: 'Retrieval modes that work on this graph: {{modes}}; off: {{off}} (the errors below say why).',
  cap_modes_none: 'No retrieval mode works on this graph yet (off: {{off}}); the errors below say what to change.',
  cap_provenance_claims: 'Provenance: each item is traced {{path}}.',
  cap_provenance_chunks: 'Provenance: each item is traced {{path}}; the graph holds no claims or evidence.',
  cap_provenance_none: 'Provenance: no :{{chunk}} is linked to a :{{document}}, so no item can be traced to its source.',
  cap_freshness: 'Freshness: judged from {{fields}}.',
  cap_freshness_updated_only:
    'Freshness: only from {{field}}, against a freshness date given with the request; without one, every item is unknown.',
  cap_freshness_none: 'Freshness: the graph keeps no lifecycle data (validity dates, supersession, ADR status), so every item is unknown.',
  cap_access_default: 'Access rule: the default rule over the property names of the profile {{profile}}.',
  cap_access_profile: 'Access rule: the access policy of the profile {{profile}}.',
  cap_principals_graph: "Principals: the graph's :{{label}} nodes ({{count}}), and the local list.",
  cap_principals_local: 'Principals: the local list only (the graph has no :{{label}} nodes).',
  optional_absent: 'Optional parts this graph does not have: {{names}}. Off here: {{features}}.',
  properties_absent:
    'Properties the profile names that no node or relationship it reads them on has: {{names}}; what reads them finds nothing.',
  feature_adr: 'Stale ADRs and decision states',
  feature_claims: 'claims and evidence in provenance paths',
  feature_entities: 'graph expansion through services, APIs, repositories, owners and incidents',
  feature_principals: 'principals and groups read from the graph',
  feature_supersession: 'supersession chains',
} as const;

/** A code of the connect-report catalogue. */
export type ConnectReportMessageCode = keyof typeof en;

const ko: Readonly<Record<ConnectReportMessageCode, string>> = {
  privileges_listed: 'SHOW USER PRIVILEGES가 권한 {{count}}개를 나열했습니다.',
  privileges_community: 'Community 에디션은 권한을 나열하지 않습니다(SHOW USER PRIVILEGES는 Enterprise 명령입니다).',
  privileges_failed: '서버가 권한을 나열하지 않았습니다: {{error}}',
  basis_community:
    'Community 에디션에는 역할 기반 접근 제어가 없어 모든 계정이 쓸 수 있습니다. 읽기 전용은 클라이언트 쪽 보호 장치(내장되지 않은 모든 쿼리 앞의 텍스트 검사와 EXPLAIN)와, 모든 세션을 READ 접근으로 열기 때문에 서버가 그 세션에서 쓰기를 거부하는 것에 달려 있습니다.',
  basis_writing: '이 계정은 쓰기 권한({{actions}})을 가집니다. 읽기 전용은 READ 세션과 클라이언트 쪽 보호 장치에 달려 있습니다.',
  basis_reader: '이 계정에는 쓰기 권한이 없습니다: READ 세션과 클라이언트 쪽 보호 장치에 더해 서버가 읽기 전용을 강제합니다.',
  basis_unknown: '서버가 권한을 나열하지 않았습니다. 읽기 전용은 READ 세션과 클라이언트 쪽 보호 장치에 달려 있습니다.',
  warn_community_write:
    '이 계정은 쓸 수 있습니다(Community 에디션). Provenance Lens는 쓰기 세션을 열지 않고 서버도 READ 세션에서 쓰기를 거부하지만, 운영 그래프에는 Enterprise의 읽기 전용 계정이 더 안전합니다.',
  warn_can_write: '계정 {{user}}은(는) 쓸 수 있습니다({{actions}}). 감사에는 읽기 역할로 연결하세요.',
  warn_unknown: '이 계정이 쓸 수 있는지 알아내지 못했습니다.',
  warn_empty: '데이터베이스가 비어 있습니다. 데모라면 `lens demo load`를 실행하세요.',
  warn_empty_screen: '데이터베이스가 비어 있습니다. 데모라면 이 화면의 데모 데이터베이스 패널에서 시작하거나 데모 코퍼스를 불러오세요.',
  secrets_environment:
    '비밀 값은 환경 변수(NEO4J_PASSWORD, OPENAI_API_KEY, LENS_PROVIDER_TOKEN)에서 가져오며, 이 모드에서는 아무것도 저장하지 않습니다.',
  secrets_no_keystore: '이 OS에는 키 저장소가 없어(평문뿐) 비밀번호와 키를 저장하지 않습니다. 대신 환경 변수로 설정하세요.',
  secrets_encrypted: '비밀 값은 OS 키 저장소({{backend}})로 암호화됩니다.',
  cap_modes_all: '이 그래프에서 동작하는 검색 모드: {{modes}}.',
  cap_modes_some: '이 그래프에서 동작하는 검색 모드: {{modes}}. 꺼짐: {{off}} (이유는 아래 오류에 있습니다).',
  cap_modes_none: '아직 이 그래프에서 동작하는 검색 모드가 없습니다(꺼짐: {{off}}). 바꿀 것은 아래 오류에 있습니다.',
  cap_provenance_claims: '출처: 각 항목을 {{path}}(으)로 추적합니다.',
  cap_provenance_chunks: '출처: 각 항목을 {{path}}(으)로 추적합니다. 그래프에 주장과 근거가 없습니다.',
  cap_provenance_none: '출처: :{{document}}에 연결된 :{{chunk}}이(가) 없어 어떤 항목도 원본까지 추적할 수 없습니다.',
  cap_freshness: '최신성: {{fields}}(으)로 판정합니다.',
  cap_freshness_updated_only:
    '최신성: 요청에 최신성 기준 날짜가 있을 때 {{field}}(으)로만 판정합니다. 없으면 모든 항목이 알 수 없음입니다.',
  cap_freshness_none: '최신성: 그래프에 수명 주기 데이터(유효 기간, 대체, ADR 상태)가 없어 모든 항목이 알 수 없음입니다.',
  cap_access_default: '접근 규칙: 프로필 {{profile}}의 속성 이름에 대한 기본 규칙.',
  cap_access_profile: '접근 규칙: 프로필 {{profile}}의 접근 정책.',
  cap_principals_graph: '주체: 그래프의 :{{label}} 노드({{count}}개)와 로컬 목록.',
  cap_principals_local: '주체: 로컬 목록만(그래프에 :{{label}} 노드가 없습니다).',
  optional_absent: '이 그래프에 없는 선택 부분: {{names}}. 여기서 꺼진 기능: {{features}}.',
  properties_absent:
    '프로필이 이름을 주었지만 이를 읽는 노드나 관계 어디에도 없는 속성: {{names}}. 이를 읽는 기능은 아무것도 찾지 못합니다.',
  feature_adr: '오래된 ADR과 결정 상태',
  feature_claims: '출처 경로의 주장과 근거',
  feature_entities: '서비스, API, 저장소, 소유자, 장애를 거치는 그래프 확장',
  feature_principals: '그래프에서 읽는 주체와 그룹',
  feature_supersession: '대체 체인',
};

/** The catalogue, in every language of the UI. */
export const CONNECT_REPORT_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const connectReportMessage = messageBuilder<'connect_report', ConnectReportMessageCode>('connect_report');
