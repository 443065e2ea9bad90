import { describe, expect, inject, it } from 'vitest';
import type { QueryRunResult } from '../../shared/api/lens-api';
import type { RunRecord } from '../../shared/trace-record';
import { useDemoHubDoor } from '../support/demo-hub-door';

const server = inject('neo4j');

describe('query.run checks the contract at the door, and unknown filters still fail closed in a recorded run', () => {
  const { call, value } = useDemoHubDoor(server, 'lens-contract-');
  const runCount = async () => (await value<{ total: number }>('traces.list', {})).total;

  it('refuses a request with top_k 0 as invalid_input naming request.top_k, and keeps no run', async () => {
    const before = await runCount();
    const envelope = await call('query.run', { request: { query: 'payments failover', principal: 'u-sora', top_k: 0 } });
    expect(envelope).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: 'query.run: request.top_k — must be 1 to 100.' },
    });
    expect(await runCount()).toBe(before);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown filter key', { region: 'eu' }, /region is not supported.*fail closed/],
    ['a malformed valid_at', { valid_at: 'next tuesday' }, /valid_at/],
  ])('answers %s with unsupported_filter and records the run with that outcome', async (_what, filters, message) => {
    const result = await value<QueryRunResult>('query.run', { request: { query: 'payments failover', principal: 'u-sora', filters } });
    expect(result.response).toMatchObject({
      outcome: 'unsupported_filter',
      answerable: false,
      items: [],
      message: expect.stringMatching(message),
    });
    const recorded = await value<RunRecord>('traces.get', { trace_id: result.response.trace_id });
    expect(recorded).toMatchObject({ outcome: 'unsupported_filter', request: expect.objectContaining({ filters }) });
  });
});
