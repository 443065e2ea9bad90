import { PARAM_MESSAGES, wordCoreMessage, type CoreCatalogue, type CoreLanguage, type CoreMessage, type CoreReader } from './core-message';
import { ERROR_MESSAGES } from './error-messages';
import { EVAL_MESSAGES } from './eval/eval-messages';
import { RETRIEVAL_ERROR_MESSAGES } from './errors/retrieval-error-messages';
import { SCHEMA_ISSUE_MESSAGES } from './errors/schema-issue-messages';
import { SERVER_ERROR_MESSAGES } from './errors/server-error-messages';
import { STORE_ERROR_MESSAGES } from './errors/store-error-messages';
import { ACCESS_REASON_MESSAGES } from './acl/access-messages';
import { CLI_MESSAGES } from './cli-messages';
import { CONNECT_REPORT_MESSAGES } from './connect-report-messages';
import { CUT_MESSAGES } from './cut-messages';
import { DEMO_LOAD_MESSAGES } from './demo-load-messages';
import { GUARD_MESSAGES } from './cypher/guard-messages';
import { FRESHNESS_MESSAGES } from './freshness-messages';
import { OUTCOME_MESSAGES } from './outcome-messages';
import { PROGRESS_MESSAGES } from './progress-messages';
import { PROVIDER_MESSAGES } from './provider/provider-messages';
import { RELEVANCE_MESSAGES } from './relevance-messages';
import { ROUTE_MESSAGES } from './route-messages';
import { SCHEMA_MISMATCH_MESSAGES } from './schema-mismatch-messages';
import { STAGE_NOTE_MESSAGES } from './stage-note-messages';

/**
 * The catalogues a core sentence's code may name, by namespace (the same names the renderer
 * registers with i18next). A code is `namespace:key` of one of these.
 */
export const CORE_CATALOGUES: Readonly<Record<string, CoreCatalogue>> = {
  stage: STAGE_NOTE_MESSAGES,
  outcome: OUTCOME_MESSAGES,
  relevance: RELEVANCE_MESSAGES,
  route: ROUTE_MESSAGES,
  provider: PROVIDER_MESSAGES,
  connect_report: CONNECT_REPORT_MESSAGES,
  error: ERROR_MESSAGES,
  // Errors by area (shared/errors/): the server and connection, the trace store and CLI, retrieval and the rest.
  error_server: SERVER_ERROR_MESSAGES,
  error_store: STORE_ERROR_MESSAGES,
  error_retrieval: RETRIEVAL_ERROR_MESSAGES,
  // The shared schemas' own sentences about a field (read back from zod's issue).
  error_schema: SCHEMA_ISSUE_MESSAGES,
  // A golden set's problems (an evaluation's catalogue, the namespace the Evaluations screen words it from).
  evalmsg: EVAL_MESSAGES,
  cut: CUT_MESSAGES,
  // A stale cut's detail is the freshness reason's code.
  freshness: FRESHNESS_MESSAGES,
  guard: GUARD_MESSAGES,
  mismatch: SCHEMA_MISMATCH_MESSAGES,
  // A load of the demo or a folder of markdown: its summary and warnings.
  demo_load: DEMO_LOAD_MESSAGES,
  // The steps of a long operation (resolving and starting Neo4j, a load): each progress event's `said`.
  progress: PROGRESS_MESSAGES,
  // A denial's reason as the built-in policy and Compare's leak check name it (`not_shared`, `partition` …).
  access_reason: ACCESS_REASON_MESSAGES,
  // The lines `lens` prints about its own work (empty lists, summaries, why a window cannot open), worded in English by the CLI.
  cli: CLI_MESSAGES,
  // How a quoted value too long to show whole ends (core-message.ts).
  param: PARAM_MESSAGES,
};

/** Words a core message in `language`, or null when its code is in no catalogue of this build. */
export function wordCore(message: CoreMessage, language: CoreLanguage = 'en', reader: CoreReader = 'command'): string | null {
  return wordCoreMessage(message, CORE_CATALOGUES, language, reader);
}

/** The English sentence of a message the core builds (its codes are typed from the catalogues, so it always has one). */
export function coreEnglish(message: CoreMessage): string {
  const text = wordCore(message, 'en');
  if (text === null) throw new Error(`No English wording for the message code ${message.code}`);
  return text;
}

/**
 * A sentence in the UI's language: the code worded when this build knows it, else the English
 * sentence the record keeps (a run recorded before codes existed, or by a newer build).
 */
export function coreSentence(
  code: string | undefined,
  params: CoreMessage['params'],
  english: string | undefined,
  language: CoreLanguage,
  reader: CoreReader = 'command',
): string | undefined {
  if (code === undefined) return english;
  return wordCore({ code, params }, language, reader) ?? english;
}
