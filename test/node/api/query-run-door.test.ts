import { describe, expect, it } from 'vitest';
import { dispatch, type LensHandlers } from '../../../electron/api/api-dispatch';
import { wordCore } from '../../../shared/core-catalogues';

/** The dispatch with a query.run handler that keeps the requests reaching it. */
function door() {
  const received: unknown[] = [];
  const handlers = {
    'query.run': async ({ request }: { request: unknown }) => {
      received.push(request);
      return {};
    },
  } as unknown as LensHandlers;
  return { received, call: (request: unknown) => dispatch(handlers, 'query.run', { request }) };
}

const valid = { query: 'payments failover', principal: 'u-sora' };

describe('query.run at the door', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['an empty query', { ...valid, query: '   ' }, 'request.query — the query is empty'],
    ['no principal', { query: 'payments failover' }, 'request.principal'],
    ['top_k 0', { ...valid, top_k: 0 }, 'request.top_k — must be 1 to 100'],
    ['a timeout that is not a number', { ...valid, timeout_ms: 'soon' }, 'request.timeout_ms'],
    ['a mode outside the contract', { ...valid, mode: 'magic' }, 'request.mode'],
    ['a ranker outside the contract', { ...valid, options: { ranker: 'magic' } }, 'request.options.ranker'],
    ['an unknown option', { ...valid, options: { fetch_everything: true } }, 'fetch_everything'],
    ['a field the contract does not know', { ...valid, colour: 'red' }, 'colour'],
    ['filters that are not an object', { ...valid, filters: ['adr'] }, 'request.filters'],
    ['a freshness date that is no date', { ...valid, freshness_required_at: 'next tuesday' }, 'request.freshness_required_at'],
    ['a freshness date of a day that does not exist', { ...valid, freshness_required_at: '2024-02-30' }, 'request.freshness_required_at'],
    [
      'a freshness date Date.parse reads as 2001',
      { ...valid, freshness_required_at: '1' },
      'request.freshness_required_at — must be an ISO',
    ],
    ['a freshness date in words', { ...valid, freshness_required_at: 'March 5 2026' }, 'request.freshness_required_at'],
  ])('refuses %s as invalid_input naming the field, and the handler never runs', async (_what, request, field) => {
    const { received, call } = door();
    const answer = await call(request);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: expect.stringContaining(field) } });
    expect(answer.ok === false && answer.error.message).toMatch(/^query\.run: /);
    expect(received).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['query.run', { request: { ...valid, principal: '' } }, 'request.principal'],
    ['compare.run', { source: 'principals', request: { query: 'x' }, principal_a: 'u-sora', principal_b: '' }, 'principal_b'],
    ['principals.remove', { principal_id: '' }, 'principal_id'],
  ])(
    'says of an empty principal id at %s which field it is and to pick a principal, in English and Korean, not zod’s “Too small”',
    async (operation, input, field) => {
      const answer = await dispatch({} as LensHandlers, operation as 'query.run', input as never);
      const error = answer.ok ? undefined : answer.error;
      expect(error?.kind).toBe('invalid_input');
      expect(error?.message).toBe(
        `${operation}: ${field} — the principal id is empty; pick a principal by its id (\`lens principals list\` lists them).`,
      );
      expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toContain(
        '주체 ID가 비어 있습니다. 주체를 ID로 고르세요',
      );
    },
  );

  it.each<[string, Record<string, unknown>, string]>([
    ['query.run', { request: { ...valid, principal: '   ' } }, 'request.principal'],
    ['compare.run', { source: 'principals', request: { query: 'x' }, principal_a: '\u3000 ', principal_b: 'u-sora' }, 'principal_a'],
    ['principals.remove', { principal_id: ' ' }, 'principal_id'],
  ])(
    'refuses a principal id of spaces alone at %s as the empty one is, saying to pick a principal by its id, not that the principal is unknown',
    async (operation, input, field) => {
      const answer = await dispatch({} as LensHandlers, operation as 'query.run', input as never);
      const error = answer.ok ? undefined : answer.error;
      expect(error?.kind).toBe('invalid_input');
      expect(error?.message).toBe(
        `${operation}: ${field} — holds only spaces; pick a principal by its id (\`lens principals list\` lists them).`,
      );
      expect(wordCore({ code: error?.message_code ?? '', params: error?.message_params }, 'ko')).toContain(
        '공백만 있습니다. 주체를 ID로 고르세요',
      );
    },
  );

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a question holding a bell',
      { ...valid, query: 'stale\u0007 because' },
      'request.query — holds the control character U+0007 at character 6',
    ],
    [
      'a question holding half of a character (JSON’s "\\ud83d"), which the trace store would keep as U+FFFD',
      JSON.parse('{"query": "payments \\ud83d failover", "principal": "u-sora"}') as Record<string, unknown>,
      'request.query — holds half of a character, the lone surrogate U+D83D, at character 10',
    ],
    [
      'a principal id holding an escape',
      { ...valid, principal: 'u-sora\u001b[31m' },
      'request.principal — holds the control character U+001B at character 7',
    ],
    [
      'an inline principal whose display name holds an escape',
      { ...valid, principal: { principal_id: 'u-what-if', workspace_id: 'ws-nurion', display_name: 'Min\u001b[2J' } },
      'request.principal.display_name — holds the control character U+001B at character 4',
    ],
    [
      'an inline principal whose workspace holds a line break',
      { ...valid, principal: { principal_id: 'u-what-if', workspace_id: 'ws-\nnurion' } },
      'request.principal.workspace_id — holds a line break or tab (U+000A) at character 4, and is one line of text',
    ],
  ])('refuses %s, naming the field, the character and its place, and the handler never runs', async (_what, request, said) => {
    const { received, call } = door();
    const answer = await call(request);
    expect(answer.ok === false && answer.error.message).toContain(`query.run: ${said}`);
    expect(received).toEqual([]);
  });

  it('takes a question of several lines with tabs', async () => {
    const { received, call } = door();
    await call({ ...valid, query: 'payments\n\tfailover' });
    expect(received).toEqual([expect.objectContaining({ query: 'payments\n\tfailover' })]);
  });

  it('lets unknown filters and unreadable filter values through, for the pipeline to fail closed as unsupported_filter', async () => {
    const { received, call } = door();
    await call({ ...valid, filters: { region: 'eu' } });
    await call({ ...valid, filters: { valid_at: 'next tuesday' } });
    expect(received).toEqual([
      expect.objectContaining({ filters: { region: 'eu' } }),
      expect.objectContaining({ filters: { valid_at: 'next tuesday' } }),
    ]);
  });

  it('keeps a `__proto__` key of filters or allowed_scopes as a key (parsed JSON holds it so), for the pipeline to refuse, never dropping it', async () => {
    const { received, call } = door();
    await call({
      ...valid,
      ...JSON.parse('{"filters":{"__proto__":{"document_types":["adr"]}},"allowed_scopes":{"__proto__":{"documents":["a"]}}}'),
    });
    const [request] = received as { filters?: object; allowed_scopes?: object }[];
    expect(Object.keys(request?.filters ?? {})).toEqual(['__proto__']);
    expect(Object.keys(request?.allowed_scopes ?? {})).toEqual(['__proto__']);
  });

  it("hands the handler the request with the contract's defaults filled in and the query trimmed", async () => {
    const { received, call } = door();
    await call({ ...valid, query: '  payments failover ' });
    expect(received).toEqual([
      { query: 'payments failover', principal: 'u-sora', mode: 'hybrid', top_k: 10, max_tokens: 4000, timeout_ms: 10_000 },
    ]);
  });
});
