import { describe, expect, inject, it } from 'vitest';
import { ask, useFolderRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** Decision records as teams write them: the subject named in the title, the sections saying "it". */
const RECORDS: Record<string, string> = {
  '0001-use-redpanda-for-the-event-bus.md': `# 1. Use Redpanda for the event bus

Date: 2024-01-10

## Status

Accepted

## Decision

We will run it as three brokers in every region, operated by the platform team, and every producer moves over by the end of the quarter.
`,
  '0002-keep-postgres-for-billing.md': `# 2. Keep Postgres for billing

Date: 2024-02-02

## Status

Accepted

## Decision

We keep it on the managed offering with point-in-time recovery, and the ledger tables stay where they are.
`,
  '0003-adopt-vault-for-secrets.md': `# 3. Adopt Vault for secrets

Date: 2024-03-15

## Status

Accepted

## Decision

Services read them at start-up through the sidecar, and nothing is written to environment files any more.
`,
};

// Seen on the GOV.UK AWS ADRs: "how are DNS zones managed internally" answered first with the chunk
// "# 16. internal DNS zones / Date: 2017-07-19" and never with the sections that say what was decided,
// whose text does not name the subject: a chunk was embedded by its own words alone.
describe('what is embedded for a chunk: its document title and headings before its text', () => {
  const folder = useFolderRetrievalDeps(server, RECORDS);

  it.each([
    ['What did we decide about Redpanda for the event bus?', '0001-use-redpanda-for-the-event-bus'],
    ['What was decided about Vault for secrets?', '0003-adopt-vault-for-secrets'],
    ['What did we decide for Postgres billing?', '0002-keep-postgres-for-billing'],
  ])('vector mode hands over the decision of the record a question names only by its subject: %s', async (query, document) => {
    expect(folder.reader()).not.toBe('');
    const { response } = await ask(folder.deps(), { query, principal: folder.reader(), mode: 'vector' });
    expect(response.outcome).toBe('ok');
    const chunks = response.items.flatMap((item) => item.chunk_ids);
    const decision = `${document}#${RECORDS[`${document}.md`]!.split('\n## ').findIndex((section) => section.startsWith('Decision'))}`;
    expect(chunks).toContain(decision);
  });
});

// The same records over full-text: "Redpanda" is in the first record's title and in none of its
// sections' text, so the index held only the heading-only first chunk for it and never the decision.
// The matched-terms floor judges a chunk by its own text (relevance-floor.ts), so it is off here: what
// is checked is what the index finds.
describe('what full-text indexes for a chunk: its document title and headings beside its text', () => {
  const folder = useFolderRetrievalDeps(server, RECORDS);

  it.each([
    ['Redpanda', '0001-use-redpanda-for-the-event-bus'],
    ['Vault', '0003-adopt-vault-for-secrets'],
  ])('fulltext mode finds the decision of the record whose title alone names %s', async (query, document) => {
    const { response } = await ask(folder.deps(), {
      query,
      principal: folder.reader(),
      mode: 'fulltext',
      options: { min_matched_terms: 0 },
    });
    expect(response.outcome).toBe('ok');
    const chunks = response.items.flatMap((item) => item.chunk_ids);
    const decision = `${document}#${RECORDS[`${document}.md`]!.split('\n## ').findIndex((section) => section.startsWith('Decision'))}`;
    expect(chunks).toContain(decision);
    expect(response.items.every((item) => item.document_id === document)).toBe(true);
  });
});

/** One record that says "ledger" in three sections apart, and two that say it once. */
const CROWDED: Record<string, string> = {
  'ledger-guide.md': [
    '# Operations guide',
    '## Ledger ledger ledger',
    'The ledger ledger ledger is closed nightly.',
    '## Backups',
    'Nightly.',
    '## Ledger exports',
    'The ledger ledger ledger export runs hourly.',
    '## Alerts',
    'Paged.',
    '## Ledger audits',
    'The ledger ledger ledger audit is quarterly.',
    '',
  ].join('\n\n'),
  'billing-notes.md':
    '# Billing notes\n\nInvoices are issued monthly, and each one is written to the ledger after its payment clears, with its currency and the rate of the day.\n',
  'payments-notes.md':
    '# Payments notes\n\nRefunds are approved by two people, and a refund of more than a thousand euros also waits one working day before the ledger sees it.\n',
};

// Seen on the demo golden set once full-text indexed titles: every chunk of a document matched its
// title's words and the first ten were two or three documents (en-patroni-failover lost its runbook).
describe('full-text spreads its candidates over documents', () => {
  const folder = useFolderRetrievalDeps(server, CROWDED);

  it('hands over another document before a third section of one that matched more often', async () => {
    const { response } = await ask(folder.deps(), { query: 'ledger', principal: folder.reader(), mode: 'fulltext', top_k: 3 });
    expect(response.outcome).toBe('ok');
    const documents = response.items.map((item) => item.document_id);
    expect(documents).toHaveLength(3);
    expect(documents.slice(0, 2)).toEqual(['ledger-guide', 'ledger-guide']);
    expect(documents[2]).not.toBe('ledger-guide');
  });
});
