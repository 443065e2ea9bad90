/**
 * Queries for the relevance floor on the demo graph (test/integration/relevance-floor.test.ts and
 * `npm run bench:relevance`): nonsense that answers nothing, and, for each question of the demo audit
 * suite (resources/audit/demo-suite.yaml), the documents that answer it, labelled by hand from the
 * corpus (resources/demo/README.md) so the calibration can tell a relevant item from a weak match.
 */

/** Latin gibberish, random Hangul syllables and punctuation-heavy text: each holds a word, so none is refused as empty. */
export const NONSENSE_QUERIES = [
  'xyzzyplugh qwerty',
  'lorem ipsum dolor sit amet consectetur',
  'quibus frobnitz vextral',
  'zorblax quimm fennotide',
  'grawlix snorf plimber wuzzle',
  'vexillum tarquin obfusc blenx',
  'kraznik volumptor esh',
  '뷁궯 퉯쀍 꿻뙇',
  '쀏퉷뷁 궯꿻 뙇퓛',
  '퓛쉛 뭥뺡 쓟',
  '햟뷺 꿳퉿 뜛섉',
  '쮋뒑 뾹똵 줽',
  '괡뷃 쵉퀢',
  '뻙쑒 칔뎳 퀭',
  '?!?! ... ### zxq!!! @@ vlorp ???',
  '--- *** ((( grmbl ))) ;;; %%% ~~',
  '!!! ??? ~~~ qwxz ^^^ |||',
  '<<< >>> === prrft +++ ---',
  '@#$% &*() blorf !@#',
  '... ,,, ;;; 꿻뙇 ??? ...',
] as const;

/** The documents on failing over the payments database, asked in English and in Korean. */
const DB_FAILOVER = [
  'runbook-payments-db-failover',
  'runbook-payments-db-failover-legacy',
  'design-payments-ha',
  'adr-010-postgres-ha-patroni',
  'adr-005-postgres-ha-repmgr',
  'incident-2026-0923-payments-db-failover-delay',
  'notes-minjun-oncall-cheatsheet',
];

/** The documents that answer each audit-suite question (by question id). */
export const RELEVANT_DOCUMENTS: Readonly<Record<string, readonly string[]>> = {
  'db-failover-ko': DB_FAILOVER,
  'db-failover': DB_FAILOVER,
  'consumer-lag': [
    'runbook-kafka-consumer-lag',
    'runbook-redpanda-consumer-lag',
    'incident-2025-0907-event-bus-consumer-lag',
    'notes-minjun-oncall-cheatsheet',
  ],
  'event-bus': [
    'adr-002-event-bus-rabbitmq',
    'adr-003-event-bus-kafka',
    'adr-007-event-bus-redpanda',
    'incident-2025-0907-event-bus-consumer-lag',
  ],
  'settlement-cycle': [
    'adr-004-settlement-daily-batch',
    'adr-011-settlement-hourly',
    'design-settlement-engine-v2',
    'runbook-settlement-batch-rerun',
  ],
  'webhook-secret': [
    'api-webhooks',
    'runbook-secrets-rotation',
    'incident-2026-0611-pentest-webhook-secrets',
    'design-key-management',
    'partner-integration-guide',
  ],
  'card-encryption': ['adr-012-kms-envelope-encryption', 'design-key-management', 'adr-006-secrets-in-vault'],
  'hr-salary': ['policy-hr-salary-adjustment'],
  'hr-relocation': ['policy-hr-relocation-benefits'],
  'hr-review': ['policy-hr-performance-review'],
  'webhook-restart': [
    'runbook-webhook-dispatcher-restart',
    'design-webhook-dispatcher-v2',
    'incident-2026-1104-webhook-retry-storm',
    'draft-postmortem-webhook-retry-storm',
    'notes-minjun-oncall-cheatsheet',
  ],
  backfill: ['runbook-warehouse-backfill', 'design-analytics-event-pipeline'],
  idempotency: ['adr-008-idempotency-keys', 'api-payments-v2', 'api-internal-ledger', 'api-refunds'],
  'tls-renewal': ['runbook-tls-certificate-renewal-manual', 'adr-013-cert-manager-tls'],
  'partner-reconciliation': ['partner-settlement-reconciliation', 'runbook-ledger-reconciliation'],
};
