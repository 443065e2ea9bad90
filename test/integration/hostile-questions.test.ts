import { describe, expect, inject, it } from 'vitest';
import type { ApiEnvelope, QueryRunResult } from '../../shared/api/lens-api';
import { useDemoHubDoor } from '../support/demo-hub-door';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');

const MODES = ['vector', 'fulltext', 'hybrid', 'graph', 'auto'] as const;

/** Words of a Neo4j or Lucene exception that must never reach a user as the answer. */
const LEAKED = /Neo\.(ClientError|TransientError|DatabaseError)|org\.apache|ParseException|TooManyClauses|Exception/;

const NO_WORDS = 'The query has no words to search for: it holds only punctuation or symbols. Type at least one word (letters or digits).';

describe('hostile questions through query.run, in each of the five retrieval modes', () => {
  const { call, value } = useDemoHubDoor(server, 'lens-hostile-q-');
  const runCount = async () => (await value<{ total: number }>('traces.list', {})).total;
  const ask = (query: string, mode: string): Promise<ApiEnvelope> =>
    call('query.run', { request: { query, principal: 'u-sora', mode, timeout_ms: 30_000 } });

  it.each(MODES)('%s: refuses a 1 MB question naming the limit and what to do, keeping no run', async (mode) => {
    const before = await runCount();
    const envelope = await ask('payments failover '.repeat(Math.ceil(1_000_000 / 18)), mode);
    expect(envelope).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message:
          "query.run: request.query — holds more than 10000 characters, the most a question may hold; ask with its main words (full-text search reads only a long text's first words, and each run keeps its question).",
      },
    });
    expect(await runCount()).toBe(before);
  });

  it('answers a question of exactly 10,000 characters', async () => {
    const query = 'payments failover runbook '.repeat(400).slice(0, 10_000);
    expect(query).toHaveLength(10_000);
    const result = await value<QueryRunResult>('query.run', {
      request: { query, principal: 'u-sora', mode: 'fulltext', timeout_ms: 30_000 },
    });
    expect(result.response.outcome).toBe('ok');
  });

  it.each(MODES.flatMap((mode) => ['?!... ,;:', '"', '\\'].map((query) => [mode, query] as const)))(
    '%s: answers %j, only punctuation or Lucene syntax, with invalid_request saying it holds no word',
    async (mode, query) => {
      const result = await value<QueryRunResult>('query.run', { request: { query, principal: 'u-sora', mode } });
      expect(result.response).toMatchObject({ outcome: 'invalid_request', answerable: false, items: [], message: NO_WORDS });
    },
  );

  it.each(MODES)('%s: searches "*:* OR (" as text, an honest empty answer that says why, no Neo4j exception', async (mode) => {
    const result = await value<QueryRunResult>('query.run', {
      request: { query: '*:* OR (', principal: 'u-sora', mode, timeout_ms: 30_000 },
    });
    expect(result.response.items).toEqual([]);
    expect(result.response.outcome).toBe('no_evidence');
    expect(result.response.message).toMatch(/^No evidence: /);
    expect(result.response.message).not.toMatch(LEAKED);
  });

  it.each(
    MODES.flatMap((mode) =>
      (
        [
          ['a NUL byte', 'payments\u0000failover', 'the control character U+0000 at character 9'],
          ['a lone surrogate', 'payments \uD800 failover', 'half of a character, the lone surrogate U+D800, at character 10'],
          ['an RTL override', 'payments \u202E failover', 'the bidirectional formatting character U+202E at character 10'],
        ] as const
      ).map(([what, query, named]) => [mode, what, query, named] as const),
    ),
  )('%s: refuses a question holding %s, naming the character and where', async (mode, _what, query, named) => {
    const envelope = await ask(query, mode);
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    expect(envelope.error.kind).toBe('invalid_input');
    expect(envelope.error.message).toContain(`request.query — holds ${named}`);
  });

  it('refuses a principal id holding a NUL byte or an RTL override, naming the character', async () => {
    for (const [principal, named] of [
      ['u-sora\u0000', 'the control character U+0000 at character 7'],
      ['u-\u202Esora', 'the bidirectional formatting character U+202E at character 3'],
    ] as const) {
      const envelope = await call('query.run', { request: { query: 'payments failover', principal } });
      expect(envelope.ok).toBe(false);
      if (envelope.ok) continue;
      expect(envelope.error.kind).toBe('invalid_input');
      expect(envelope.error.message).toContain(`holds ${named}`);
    }
  });
});

describe('hostile questions through lens query', () => {
  const { hub } = useDemoHubDoor(server, 'lens-hostile-q-cli-');
  const env = () => ({
    LENS_HOME: hub().environment().LENS_HOME ?? '',
    NEO4J_URI: server.uri,
    NEO4J_USER: server.user,
    NEO4J_PASSWORD: server.password,
  });

  it('refuses a question over 10,000 characters with the limit, exit code 2, no stack or Neo4j text', async () => {
    const run = await runLens(['query', 'payments failover '.repeat(1_200), '--as', 'u-sora', '--mode', 'hybrid'], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('holds more than 10000 characters, the most a question may hold');
    expect(run.stderr).not.toMatch(LEAKED);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('answers "*:* OR (" honestly as no evidence, and "\\\\" as holding no word', async () => {
    const lucene = await runLens(['query', '*:* OR (', '--as', 'u-sora', '--mode', 'fulltext', '--timeout-ms', '30000', '--json'], env());
    expect(JSON.parse(lucene.stdout)).toMatchObject({ outcome: 'no_evidence', items: [] });
    const slash = await runLens(['query', '\\', '--as', 'u-sora', '--mode', 'vector', '--json'], env());
    expect(JSON.parse(slash.stdout)).toMatchObject({ outcome: 'invalid_request', message: NO_WORDS });
    expect(`${lucene.stderr}${slash.stderr}`).not.toMatch(LEAKED);
  }, 120_000);
});
