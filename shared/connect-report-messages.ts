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
};

/** The catalogue, in every language of the UI. */
export const CONNECT_REPORT_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const connectReportMessage = messageBuilder<'connect_report', ConnectReportMessageCode>('connect_report');
