import { describe, expect, it } from 'vitest';
import { defineQuery } from '../../../electron/graph/built-in-query';
import type { ReadResult } from '../../../electron/graph/read-gateway';
import { overfetchEnds, overfetchUntilAllowed, type OverfetchRound } from '../../../electron/retrieval/adaptive-overfetch';
import type { RetrievalRun } from '../../../electron/retrieval/retrieval-run';
import { Deadline } from '../../../shared/deadline';

const round = (asked: number, fetched: number, allowedTotal = 0): OverfetchRound => ({ asked, fetched, allowedTotal });
const whole = { k: 10, maxFetch: 100_000, shortRoundIsLast: true };
const inIndex = { ...whole, shortRoundIsLast: false };

describe('overfetchEnds: when the adaptive over-fetch stops asking for more', () => {
  it('ends once k hits are allowed, whatever else', () => {
    expect(overfetchEnds(round(400, 400, 10), null, inIndex)).toBe(true);
    expect(overfetchEnds(round(400, 400, 9), null, inIndex)).toBe(false);
  });

  it('ends at a round that asked for the most it may', () => {
    expect(overfetchEnds(round(100_000, 100_000, 2), round(25_000, 25_000, 1), inIndex)).toBe(true);
  });

  it('ends, searching the whole index, at the first round the index answered with fewer hits than asked (its cap)', () => {
    expect(overfetchEnds(round(25_600, 10_000, 3), round(6_400, 6_400, 1), whole)).toBe(true);
    expect(overfetchEnds(round(6_400, 6_400, 1), round(1_600, 1_600, 0), whole)).toBe(false);
  });

  it('goes on, filtering inside the index, while a larger fetch still brings more hits', () => {
    expect(overfetchEnds(round(1_600, 1_500, 3), round(400, 380, 1), inIndex)).toBe(false);
    expect(overfetchEnds(round(25_600, 10_000, 3), round(6_400, 6_000, 1), inIndex)).toBe(false);
  });

  it('ends, filtering inside the index, when asking for more brought no more hits than the round before', () => {
    expect(overfetchEnds(round(102_400, 10_000, 3), round(25_600, 10_000, 3), { ...inIndex, maxFetch: 1_000_000 })).toBe(true);
  });
});

const ANN = defineQuery('test-ann', 'RETURN 1');
const ANN_WITH_PRINCIPAL = defineQuery('test-ann+principal', 'RETURN 2');

/** One round's answer: `fetched` hits of which `allowed` the rule keeps, in `serverMs`. */
function answer(fetched: number, allowed: number, serverMs: number, extra: Partial<ReadResult> = {}): ReadResult {
  return {
    rows: [{ chunk_id: null, fetched, allowed_total: allowed, not_visible: fetched - allowed, filtered: 0 }],
    truncated: false,
    rowCap: 10_000,
    queryName: 'test-ann',
    cypher: 'RETURN 1',
    paramsHash: 'h',
    serverMs: { available: serverMs - 1, consumed: 1 },
    elapsedMs: serverMs + 2,
    ...extra,
  } as ReadResult;
}

/** A run whose reads answer `answers` in turn, recording what each was asked. */
function runAnswering(answers: ReadResult[]) {
  const asked: { name: string; fetch: unknown }[] = [];
  const run = {
    acl: null,
    filters: { parts: [] },
    log: {
      async read(query: { name: string }, params: Record<string, unknown>) {
        asked.push({ name: query.name, fetch: params.fetch });
        const answer = answers.shift();
        if (!answer) throw new Error('no more answers');
        return answer;
      },
      withheld: { measured: () => undefined },
    },
  } as unknown as RetrievalRun;
  return { run, asked };
}

const request = (firstRound?: Parameters<typeof overfetchUntilAllowed>[1]['firstRound']) => ({
  query: ANN,
  params: {},
  k: 10,
  firstFetch: 100,
  maxFetch: 10_000,
  shortRoundIsLast: true,
  source: 'vector' as const,
  options: { deadline: Deadline.after(10_000), stage: 'vector' },
  ...(firstRound ? { firstRound } : {}),
});

describe("adaptive over-fetch: what its last round cost, for the planner's costs", () => {
  it("hands back the round's own server time when the run's principal rode in it under another name", async () => {
    const { run, asked } = runAnswering([answer(100, 40, 37)]);
    const found = await overfetchUntilAllowed(run, request({ query: ANN_WITH_PRINCIPAL, params: { p: 1 }, own: (r) => r }));
    expect(asked).toEqual([{ name: 'test-ann+principal', fetch: 100 }]);
    expect(found).toMatchObject({ rounds: 1, fetched: 100, kept: 40, serverMs: 37 });
  });

  it("hands back the last round's time after several rounds", async () => {
    const { run } = runAnswering([answer(100, 3, 20), answer(400, 12, 55)]);
    const found = await overfetchUntilAllowed(run, request());
    expect(found).toMatchObject({ rounds: 2, fetched: 400, kept: 12, serverMs: 55 });
  });

  it('has no time of its own for a round whose round trip was shared with another read', async () => {
    const { run } = runAnswering([answer(100, 40, 37, { sharedRoundTrip: true })]);
    expect((await overfetchUntilAllowed(run, request())).serverMs).toBeNull();
  });
});
