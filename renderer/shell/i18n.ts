import i18next from 'i18next';
import { ERROR_MESSAGES } from '../../shared/error-messages';
import { RETRIEVAL_ERROR_MESSAGES } from '../../shared/errors/retrieval-error-messages';
import { SCHEMA_ISSUE_MESSAGES } from '../../shared/errors/schema-issue-messages';
import { SERVER_ERROR_MESSAGES } from '../../shared/errors/server-error-messages';
import { STORE_ERROR_MESSAGES } from '../../shared/errors/store-error-messages';
import { CONNECT_REPORT_MESSAGES } from '../../shared/connect-report-messages';
import { CUT_MESSAGES } from '../../shared/cut-messages';
import { DEMO_LOAD_MESSAGES } from '../../shared/demo-load-messages';
import { GUARD_MESSAGES } from '../../shared/cypher/guard-messages';
import { initReactI18next } from 'react-i18next';
import { DENIED_MESSAGES } from '../../shared/denied-messages';
import { FRESHNESS_MESSAGES } from '../../shared/freshness-messages';
import { ACCESS_MESSAGES, ACCESS_REASON_MESSAGES } from '../../shared/acl/access-messages';
import { revealHidden } from '../../shared/revealed-text';
import { WHY_NOT_MESSAGES } from '../../shared/why-not-messages';
import { PROVIDER_MESSAGES } from '../../shared/provider/provider-messages';
import { RELEVANCE_MESSAGES } from '../../shared/relevance-messages';
import { ROUTE_MESSAGES } from '../../shared/route-messages';
import { SCHEMA_MISMATCH_MESSAGES } from '../../shared/schema-mismatch-messages';
import { STAGE_NOTE_MESSAGES } from '../../shared/stage-note-messages';
import { OUTCOME_MESSAGES } from '../../shared/outcome-messages';
import { PROGRESS_MESSAGES } from '../../shared/progress-messages';
import { EVAL_MESSAGES } from '../../shared/eval/eval-messages';
import { compareMessages } from '../screens/compare/compare-messages';
import { evaluationsMessages } from '../screens/evaluations/evaluations-messages';
import { connectMessages } from '../screens/connect/connect-messages';
import { graphMessages } from '../screens/provenance-graph/graph-messages';
import { settingsMessages } from '../screens/settings/settings-messages';
import { staleAdrsMessages } from '../screens/stale-adrs/stale-adrs-messages';
import { tracesMessages } from '../screens/traces/traces-messages';
import { llmMessages } from '../screens/workbench/llm-messages';
import { spanMessages } from '../screens/workbench/span-messages';
import { workbenchMessages } from '../screens/workbench/workbench-messages';
import { resultsMessages } from '../screens/workbench/results-messages';
import { a11yMessages } from './a11y-messages';
import { commonMessages } from './common-messages';

/** The languages of the UI. */
export type UiLanguage = 'en' | 'ko';

const namespaces = {
  common: commonMessages,
  // The shell's keyboard aids (skip link).
  a11y: a11yMessages,
  connect: connectMessages,
  workbench: workbenchMessages,
  // The request summary line and the compact results table.
  results: resultsMessages,
  // Text2Cypher's generated query and the grounded answer preview.
  llm: llmMessages,
  // The span waterfall and the Cypher each stage ran.
  spans: spanMessages,
  graph: graphMessages,
  traces: tracesMessages,
  compare: compareMessages,
  evaluations: evaluationsMessages,
  // An evaluation's statuses and sentences, from the catalogue the CLI words in English.
  evalmsg: EVAL_MESSAGES,
  adrs: staleAdrsMessages,
  settings: settingsMessages,
  // What each denied count counts: the catalogue the CLI words in English, shared with the core.
  denied: DENIED_MESSAGES,
  // Why allowed and why not, from the catalogues the CLI words in English: one text per code and language.
  access: ACCESS_MESSAGES,
  // A denial's reason code, where this build words it (the built-in policy's, the leak check's).
  access_reason: ACCESS_REASON_MESSAGES,
  whynot: WHY_NOT_MESSAGES,
  // The audit of a team's provider (mode provider): each violation and failed call, as the CLI words them in English.
  provider: PROVIDER_MESSAGES,
  // Freshness reasons and ADR decision states, from the catalogue the contract's English reason is worded from.
  freshness: FRESHNESS_MESSAGES,
  // The relevance floor of a run and the best each search side reached, as the CLI words them in English.
  relevance: RELEVANCE_MESSAGES,
  // The auto mode's routing decision and its cues, as the CLI words them in English.
  route: ROUTE_MESSAGES,
  // Stage notes and outcome sentences, the catalogues the records' English is worded from (renderer/app/core-text.tsx).
  stage: STAGE_NOTE_MESSAGES,
  outcome: OUTCOME_MESSAGES,
  connect_report: CONNECT_REPORT_MESSAGES,
  error: ERROR_MESSAGES,
  error_server: SERVER_ERROR_MESSAGES,
  error_store: STORE_ERROR_MESSAGES,
  error_retrieval: RETRIEVAL_ERROR_MESSAGES,
  error_schema: SCHEMA_ISSUE_MESSAGES,
  // Why each cut chunk was cut (CutsSummary), the catalogue the record's English detail is worded from.
  cut: CUT_MESSAGES,
  // Why the Cypher guard refused a query (Text2Cypher's verdict), the catalogue its English reason is worded from.
  guard: GUARD_MESSAGES,
  // How the graph differs from the schema profile (Connect, Settings), as the connect report words it in English.
  mismatch: SCHEMA_MISMATCH_MESSAGES,
  // A demo load's summary and warnings (`demo.start`'s warning_messages), as `lens demo load` words them in English.
  demo_load: DEMO_LOAD_MESSAGES,
  // The steps of starting the demo database (each progress event's `said`), as the CLI prints them in English.
  progress: PROGRESS_MESSAGES,
};

/** Sets up i18next with every screen's messages as its own namespace. */
export async function initI18n(language: UiLanguage): Promise<typeof i18next> {
  const resources = {
    en: Object.fromEntries(Object.entries(namespaces).map(([ns, messages]) => [ns, messages.en])),
    ko: Object.fromEntries(Object.entries(namespaces).map(([ns, messages]) => [ns, messages.ko])),
  };
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: true, escape: (value: string) => revealHidden(String(value)) },
    returnNull: false,
  });
  return i18next;
}
