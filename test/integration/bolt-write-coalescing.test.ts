import net from 'node:net';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { Deadline } from '../../shared/deadline';
import { setBoltWriteCoalescing } from '../../electron/graph/bolt-write-coalescing';
import { defineQuery } from '../../electron/graph/built-in-query';
import { testGateway } from '../support/demo-graph';

const server = inject('neo4j');

// A read shaped like a retrieval's: a query vector of 384 floats (9 bytes each on the wire) and a
// short Cypher text, about 3.7 KB, which the driver cuts at 1,400 bytes.
const VECTOR_SIZE = defineQuery(
  'test-vector-size',
  `WITH $query_vector AS v
   RETURN size(v) AS n, reduce(total = 0.0, x IN v | total + x) AS total`,
  ['n', 'total'],
);
const vector = Array.from({ length: 384 }, (_, i) => Math.sin(i + 0.5));

/**
 * The writes the sockets hand to the system while `work` runs (their byte lengths): Node's
 * `_writeGeneric`, which a socket calls once per chunk written, or once for all the chunks a cork held.
 */
async function writesDuring(work: () => Promise<unknown>): Promise<number[]> {
  const sizes: number[] = [];
  const proto = net.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const writeGeneric = proto._writeGeneric;
  if (typeof writeGeneric !== 'function') throw new Error('this Node has no Socket.prototype._writeGeneric to count writes by');
  proto._writeGeneric = function (this: net.Socket, ...args: unknown[]) {
    const [writev, data] = args as [boolean, unknown];
    const length = (chunk: unknown) => (chunk as { length?: number } | undefined)?.length ?? 0;
    sizes.push(writev ? (data as { chunk: unknown }[]).reduce((total, entry) => total + length(entry.chunk), 0) : length(data));
    return writeGeneric.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto._writeGeneric = writeGeneric;
  }
  return sizes;
}

describe('one socket write per Bolt request (bolt-write-coalescing.ts)', () => {
  const gateway = testGateway(server);
  const read = () => gateway.read(VECTOR_SIZE, { query_vector: vector }, { deadline: Deadline.after(10_000), stage: 'test' });
  afterEach(() => setBoltWriteCoalescing(true));
  afterAll(() => gateway.close());

  it('sends a 3.7 KB read as one write, where the driver alone writes it 1,400 bytes at a time; the answer is the same', async () => {
    await read(); // connects, so the writes counted below are the read's own
    setBoltWriteCoalescing(false);
    let uncorkedRows: unknown;
    const uncorked = await writesDuring(async () => (uncorkedRows = (await read()).rows));
    setBoltWriteCoalescing(true);
    let corkedRows: unknown;
    const corked = await writesDuring(async () => (corkedRows = (await read()).rows));

    const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
    expect(sum(uncorked)).toBeGreaterThan(2 * 1400);
    expect(uncorked.length).toBeGreaterThanOrEqual(3);
    expect(corked).toHaveLength(1);
    expect(sum(corked)).toBe(sum(uncorked));
    expect(corkedRows).toEqual(uncorkedRows);
    expect(corkedRows).toEqual([
      {
        n: 384,
        total: expect.closeTo(
          vector.reduce((a, b) => a + b, 0),
          6,
        ),
      },
    ]);
  });
});
