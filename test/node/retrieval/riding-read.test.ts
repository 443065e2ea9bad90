import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { defineQuery, type BuiltInQuery } from '../../../electron/graph/built-in-query';
import type { GraphGateway, PlainRow, ReadResult } from '../../../electron/graph/read-gateway';
import { RIDER_COLUMN, ridingWith, splitRiding, type Rider } from '../../../electron/retrieval/riding-read';
import { RunLog } from '../../../electron/retrieval/retrieval-stages';

const CARRIER = defineQuery('carrier', 'MATCH (c:Chunk) RETURN c.chunk_id AS chunk_id, 1.0 AS score ORDER BY chunk_id LIMIT $k');
const STATE = defineQuery('state', `RETURN { principal: $who } AS ${RIDER_COLUMN}`);
const OTHER = defineQuery('other', 'RETURN 1 AS one');

function result(query: BuiltInQuery, rows: PlainRow[]): ReadResult {
  return {
    rows,
    truncated: false,
    rowCap: 1_000,
    queryName: query.name,
    cypher: query.text,
    paramsHash: 'h',
    serverMs: { available: 1, consumed: 1 },
    elapsedMs: 2,
  };
}

/**
 * A gateway that answers by query name as a server would: the carrier's rows (`carrierRows`), the
 * rider's one row, and a carrier with the rider riding: each carrier row with the rider's map. Every
 * read is recorded with its parameters; `failCarrier` makes the carrier's read fail.
 */
function fakeGateway(carrierRows: PlainRow[], options: { failCarrier?: boolean } = {}) {
  const reads: { name: string; params: Record<string, unknown> }[] = [];
  const gateway = {
    read(query: BuiltInQuery, params: Record<string, unknown>): Promise<ReadResult> {
      reads.push({ name: query.name, params });
      const state: PlainRow = { principal: typeof params.who === 'string' ? params.who : null };
      if (query.name === STATE.name) return Promise.resolve(result(query, [{ [RIDER_COLUMN]: state }]));
      if (query.name.startsWith(CARRIER.name) && options.failCarrier) return Promise.reject(new Error('carrier failed'));
      if (query.name === `${CARRIER.name}+${STATE.name}`)
        return Promise.resolve(
          result(
            query,
            carrierRows.map((row) => ({ ...row, [RIDER_COLUMN]: state })),
          ),
        );
      if (query.name === CARRIER.name) return Promise.resolve(result(query, carrierRows));
      return Promise.resolve(result(query, [{ one: 1 }]));
    },
  } as unknown as GraphGateway;
  return { gateway, reads };
}

const rider = (who: string): Rider => ({ query: STATE, params: { who }, stage: 'principal', deadline: Deadline.after(5_000) });
const ROWS: PlainRow[] = [
  { chunk_id: 'c-1', score: 0.9 },
  { chunk_id: 'c-2', score: 0.8 },
];
const carrierRead = (log: RunLog) => log.read(CARRIER, { k: 2 }, { deadline: Deadline.after(5_000), stage: 'vector', carrier: true });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a read that rides in a carrier read (riding-read.ts)', () => {
  it('wraps the carrier without changing it: the rider first, the carrier as it is, every column of both', () => {
    const both = ridingWith(CARRIER, STATE);
    expect(both.name).toBe('carrier+state');
    expect(both.text).toContain(CARRIER.text);
    expect(both.text).toContain(STATE.text);
    expect(both.text.indexOf(STATE.text)).toBeLessThan(both.text.indexOf(CARRIER.text));
    expect(both.text.trim().endsWith('RETURN *')).toBe(true);
  });

  it('moves a carrier’s pre-parser option (CYPHER 25) to the front of the whole query, where alone it may stand', () => {
    const search = defineQuery('search', 'CYPHER 25 runtime=parallel MATCH (c:Chunk) SEARCH c IN (VECTOR INDEX i FOR $v LIMIT 5) RETURN c');
    const both = ridingWith(search, STATE);
    expect(both.text.startsWith('CYPHER 25 runtime=parallel CALL () {')).toBe(true);
    expect(both.text.match(/CYPHER/g)).toHaveLength(1);
    expect(both.text).toContain('MATCH (c:Chunk) SEARCH c IN (VECTOR INDEX i FOR $v LIMIT 5) RETURN c');
    expect(ridingWith(CARRIER, STATE).text.startsWith('CALL () {')).toBe(true);
  });

  it('splits a riding result into the carrier’s rows, in order and without the rider’s column, and the rider’s row', () => {
    const both = result(
      ridingWith(CARRIER, STATE),
      ROWS.map((row) => ({ ...row, [RIDER_COLUMN]: { principal: 'u-1' } })),
    );
    const { own, riding } = splitRiding(both);
    expect(own.rows).toEqual(ROWS);
    expect(riding).toEqual({ principal: 'u-1' });
    expect(splitRiding(result(CARRIER, [])).riding).toBeUndefined();
  });

  it('rides in a carrier read of the same turn: one round trip, the carrier gets its own rows, the rider its row', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    const own = await carrierRead(log);
    expect(own.rows).toEqual(ROWS);
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => read.name)).toEqual(['carrier+state']);
    expect(reads[0]?.params).toEqual({ k: 2, who: 'u-1' });
    // The log shows the one query, under the carrier's stage, counting the carrier's rows.
    expect(log.queries.map((query) => [query.stage, query.name, query.rows])).toEqual([['vector', 'carrier+state', 2]]);
  });

  it('goes alone at the next turn when no carrier read starts in this one, and a later carrier reads only its own', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    await nextTurn();
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    await carrierRead(log);
    expect(reads.map((read) => read.name)).toEqual(['state', 'carrier']);
    expect(log.queries.map((query) => query.stage)).toEqual(['principal', 'vector']);
  });

  it('is not taken by a read that is no carrier: that read goes as it is and the rider alone', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    await log.read(OTHER, {}, { deadline: Deadline.after(5_000), stage: 'filters' });
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => read.name).sort()).toEqual(['other', 'state']);
  });

  it('goes alone when the carrier returned no row to carry it back', async () => {
    const { gateway, reads } = fakeGateway([]);
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    expect((await carrierRead(log)).rows).toEqual([]);
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => read.name)).toEqual(['carrier+state', 'state']);
  });

  it('goes alone when the carrier’s read fails: the carrier’s failure is not the rider’s', async () => {
    const { gateway, reads } = fakeGateway(ROWS, { failCarrier: true });
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    await expect(carrierRead(log)).rejects.toThrow('carrier failed');
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => read.name)).toEqual(['carrier+state', 'state']);
  });

  it('goes alone at once when hurried, so a reader that needs its row does not wait for the carrier', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    log.hurryRider();
    await carrierRead(log);
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => read.name)).toEqual(['state', 'carrier']);
  });

  it('carries one rider at a time: a second offer while one waits goes alone', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway);
    const first = log.offerRider(rider('u-1'));
    const second = log.offerRider(rider('u-2'));
    await carrierRead(log);
    await expect(first).resolves.toEqual({ principal: 'u-1' });
    await expect(second).resolves.toEqual({ principal: 'u-2' });
    expect(reads.map((read) => [read.name, read.params.who])).toEqual([
      ['state', 'u-2'],
      ['carrier+state', 'u-1'],
    ]);
  });

  it('is read at once on its own by a log that carries no riders (PipelineDeps.readsRide false), and the carrier reads only its own', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway, undefined, undefined, false);
    const state = log.offerRider(rider('u-1'));
    await carrierRead(log);
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => read.name)).toEqual(['state', 'carrier']);
  });

  it('goes alone when its parameter names one the carrier already uses, so the carrier’s query is never changed', async () => {
    const { gateway, reads } = fakeGateway(ROWS);
    const log = new RunLog(gateway);
    const state = log.offerRider(rider('u-1'));
    await log.read(CARRIER, { k: 2, who: 'carrier-value' }, { deadline: Deadline.after(5_000), stage: 'vector', carrier: true });
    await expect(state).resolves.toEqual({ principal: 'u-1' });
    expect(reads.map((read) => [read.name, read.params.who]).sort()).toEqual([
      ['carrier', 'carrier-value'],
      ['state', 'u-1'],
    ]);
  });
});
