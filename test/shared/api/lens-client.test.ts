import { describe, expect, it } from 'vitest';
import { createLensClient, type Transport } from '../../../shared/api/lens-client';
import { isLensError } from '../../../shared/lens-error';

function recordingTransport(answer: unknown): { transport: Transport; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    transport: async (name) => {
      calls.push(name);
      return answer;
    },
  };
}

describe('the renderer client', () => {
  it('refuses an empty query before the door, naming the field and the problem, and sends nothing', async () => {
    const { transport, calls } = recordingTransport({ ok: true, value: {} });
    const client = createLensClient(transport);
    const error = await client['query.run']({ request: { query: '   ', principal: 'u-sora' } }).catch((e: unknown) => e);
    expect(isLensError(error)).toBe(true);
    expect((error as { kind: string }).kind).toBe('invalid_input');
    expect((error as Error).message).toBe('query.run: request.query — the query is empty; ask a question.');
    expect(calls).toEqual([]);
  });

  it('words a refusal the same way the doors do, with the path of a nested field', async () => {
    const client = createLensClient(recordingTransport({ ok: true, value: {} }).transport);
    const error = await client['query.run']({ request: { query: 'q', principal: 'u-sora', top_k: 0 } }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('query.run: request.top_k — must be 1 to 100.');
  });

  it('passes a door error through with its kind, and calls an unexpected envelope internal', async () => {
    const refused = createLensClient(
      recordingTransport({ ok: false, error: { kind: 'unavailable', message: 'Neo4j is down', hint: 'start it' } }).transport,
    );
    const error = await refused['traces.list']({}).catch((e: unknown) => e);
    expect((error as { kind: string }).kind).toBe('unavailable');
    expect((error as Error).message).toBe('Neo4j is down');
    const garbled = createLensClient(recordingTransport('not an envelope').transport);
    const internal = await garbled['traces.list']({}).catch((e: unknown) => e);
    expect((internal as { kind: string }).kind).toBe('internal');
  });
});
