import { messageBuilder, wordCoreMessage, type CoreMessage, type CoreParams } from './core-message';
import type { ProgressEvent } from './progress-event';

/**
 * The steps of a long operation in words (namespace `progress`): resolving Neo4j from Maven
 * Central, starting it, reading, writing and embedding a corpus. Each progress event carries its
 * code as `said` beside the English `message` worded from here, so the CLI and the logs print the
 * English and the Connect screen words the code in the UI's language. Counts are shown as figures
 * and the English keeps the sentences it printed before it had codes.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  // Resolving and starting the local Neo4j.
  resolving: 'Resolving Neo4j {{version}} from Maven Central (first run downloads over 100 MB)…',
  downloaded: 'Downloaded {{files}} files, {{megabytes}} MB',
  resolved: 'Neo4j {{version}} resolved: {{jars}} jars',
  starting: 'Starting Neo4j {{version}} on Java {{java}} ({{home}})…',
  waiting: 'Starting Neo4j {{version}}… {{seconds}} s',
  server_ready: 'Neo4j {{version}} is ready on {{uri}}',
  // Warming a server just started, so the first query of a later command is not its first ever.
  warming: 'Warming the server for the first queries (plans and pages; --no-warm skips this)…',
  warmed: 'Warmed the server in {{seconds}} s (retrieval queries planned: {{runs}}; principals read: {{principals}}).',
  warm_incomplete: 'Warming the server stopped after {{seconds}} s; the first query may take seconds more than later ones.',
  // The demo-start job around the load.
  first_run_load: 'First run: loading the demo knowledge graph…',
  demo_ready: 'The demo database is ready.',
  unfinished_demo_load: 'The demo database holds a load of the demo corpus that stopped part way: loading it again…',
  unfinished_folder_load:
    'The demo database holds a load of {{folder}} that stopped part way, so it holds only part of that folder: load the folder again, or load the demo corpus again.',
  // The folder-load job (demo.load) around the load.
  folder_loaded: 'The demo database now holds {{folder}}.',
  demo_reloaded: 'The demo database holds the demo corpus again.',
  // Reading a corpus, or generating a synthetic one.
  read_demo: 'Reading the demo corpus…',
  read_folder: 'Reading {{folder}}…',
  generate: 'Generating {{chunks}} synthetic chunks…',
  // Writing the graph.
  resume: 'The graph holds this corpus from a load that did not finish: resuming it.',
  wipe: 'Clearing the demo database…',
  fulltext_indexes: 'Creating the full-text indexes…',
  chunks_written: 'Wrote {{written}} of {{total}} chunks',
  vector_index: 'Creating the vector index…',
  indexes_online: 'Indexes are online.',
  // Embedding the chunks.
  embed_resuming: 'Resuming: {{kept}} of {{total}} chunks already hold {{embedder}} vectors and are kept.',
  embedded: 'Embedded {{done}} of {{total}} chunks with {{embedder}} (batch {{batch}} of {{batches}})',
} as const;

/** A code of the progress catalogue. */
export type ProgressMessageCode = keyof typeof en;

const ko: Readonly<Record<ProgressMessageCode, string>> = {
  resolving: 'Maven Central에서 Neo4j {{version}}을(를) 받아 오는 중…(처음 실행할 때 100 MB 넘게 내려받습니다)',
  downloaded: '파일 {{files}}개, {{megabytes}} MB를 내려받았습니다',
  resolved: 'Neo4j {{version}}을(를) 받아 왔습니다: jar {{jars}}개',
  starting: 'Java {{java}}({{home}})로 Neo4j {{version}}을(를) 시작하는 중…',
  waiting: 'Neo4j {{version}}을(를) 시작하는 중… {{seconds}}초',
  server_ready: 'Neo4j {{version}}이(가) {{uri}}에서 준비되었습니다',
  warming: '첫 질의를 위해 서버를 데우는 중(실행 계획과 페이지, --no-warm으로 건너뜀)…',
  warmed: '서버를 {{seconds}}초 동안 데웠습니다(실행 계획을 만든 검색 질의: {{runs}}개, 읽은 주체: {{principals}}명).',
  warm_incomplete: '서버 데우기가 {{seconds}}초 뒤에 멈췄습니다. 첫 질의는 이후 질의보다 몇 초 더 걸릴 수 있습니다.',
  first_run_load: '첫 실행: 데모 지식 그래프를 불러오는 중…',
  demo_ready: '데모 데이터베이스가 준비되었습니다.',
  unfinished_demo_load: '데모 데이터베이스에 도중에 멈춘 데모 코퍼스 적재가 남아 있어 다시 불러오는 중…',
  unfinished_folder_load:
    '데모 데이터베이스에 도중에 멈춘 {{folder}} 적재가 남아 있어 그 폴더의 일부만 들어 있습니다. 폴더를 다시 불러오거나 데모 코퍼스를 다시 불러오세요.',
  folder_loaded: '이제 데모 데이터베이스에 {{folder}}이(가) 들어 있습니다.',
  demo_reloaded: '데모 데이터베이스에 데모 코퍼스가 다시 들어 있습니다.',
  read_demo: '데모 코퍼스를 읽는 중…',
  read_folder: '{{folder}}을(를) 읽는 중…',
  generate: '합성 청크 {{chunks}}개를 만드는 중…',
  resume: '그래프에 끝나지 않은 불러오기에서 온 이 코퍼스가 있어, 이어서 불러옵니다.',
  wipe: '데모 데이터베이스를 비우는 중…',
  fulltext_indexes: '전문 검색 인덱스를 만드는 중…',
  chunks_written: '청크 {{total}}개 중 {{written}}개를 썼습니다',
  vector_index: '벡터 인덱스를 만드는 중…',
  indexes_online: '인덱스가 준비되었습니다.',
  embed_resuming: '이어서 합니다: 청크 {{total}}개 중 {{kept}}개는 이미 {{embedder}} 벡터가 있어 그대로 둡니다.',
  embedded: '청크 {{total}}개 중 {{done}}개를 {{embedder}}(으)로 임베딩했습니다(배치 {{batches}}개 중 {{batch}}번째)',
};

/** The catalogue, in every language of the UI. */
export const PROGRESS_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const progressMessage = messageBuilder<'progress', ProgressMessageCode>('progress');

/**
 * A progress event worded from its code: the English `message` the CLI prints, and the code as
 * `said` for a screen to word in its own language.
 */
export function progressEvent(phase: string, code: ProgressMessageCode, params: CoreParams = {}, fraction?: number): ProgressEvent {
  const said: CoreMessage = progressMessage(code, params);
  const message = wordCoreMessage(said, { progress: PROGRESS_MESSAGES }) ?? code;
  return fraction === undefined ? { phase, message, said } : { phase, message, said, fraction };
}
