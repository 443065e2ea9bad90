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
