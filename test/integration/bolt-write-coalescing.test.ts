import net from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { coalesceBoltWrites } from '../../electron/graph/bolt-write-coalescing';
import { defineQuery } from '../../electron/graph/built-in-query';
import { Deadline } from '../../shared/deadline';
import { useDemoGateway } from '../support/demo-graph';

const server = inject('neo4j');

/** A request as large as a retrieval's: a vector of 384 numbers and 4 KB of text, echoed back. */
const ECHO = defineQuery('echo-vector', 'RETURN size($vector) AS dimensions, $text AS text');
const vector = Array.from({ length: 384 }, (_, i) => Math.sin(i) / 3);
const text = 'provenance '.repeat(400);

/** Every buffer a socket hands the system in one write (Node's `_write` for one chunk, `_writev` for several gathered). */
function recordSocketWrites(): { readonly writes: Buffer[]; restore(): void } {
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const { _write: write, _writev: writev } = proto;
  const writes: Buffer[] = [];
  proto._write = function (this: unknown, chunk: unknown, ...rest: unknown[]) {
    writes.push(Buffer.from(chunk as Uint8Array));
    return write.call(this, chunk, ...rest);
  };
  proto._writev = function (this: unknown, chunks: unknown, ...rest: unknown[]) {
    writes.push(Buffer.concat((chunks as { chunk: Uint8Array }[]).map(({ chunk }) => chunk)));
    return writev.call(this, chunks, ...rest);
  };
  return {
    writes,
    restore() {
      proto._write = write;
      proto._writev = writev;
    },
  };
}

describe("the driver's writes gathered into one per request (bolt-write-coalescing.ts)", () => {
  const gateway = useDemoGateway(server);
  let restore = () => {};
  afterEach(() => restore());

  it('sends a retrieval-sized request in one write that ends where a Bolt message ends, and reads the answer unchanged', async () => {
    expect(coalesceBoltWrites()).toBe(true);
    // The connection is open and warm before the writes are recorded: only the request's own remain.
    await gateway().read(ECHO, { vector, text: 'warm' }, { deadline: Deadline.after(10_000) });
    const recording = recordSocketWrites();
    restore = recording.restore;
    const { rows } = await gateway().read(ECHO, { vector, text }, { deadline: Deadline.after(10_000) });
    recording.restore();

    expect(rows).toEqual([{ dimensions: 384, text }]);
    // The driver's chunks are 1,400 bytes: the request is several of them, and without gathering each was a write of its own.
    const sent = recording.writes.reduce((bytes, write) => bytes + write.length, 0);
    expect(sent).toBeGreaterThan(3 * 1_400);
    expect(recording.writes).toHaveLength(1);
    // A Bolt message ends with an empty chunk (00 00): the write holds the RUN and its PULL whole.
    expect([...(recording.writes[0] as Buffer).subarray(-2)]).toEqual([0, 0]);
  });

  it('is applied once however often it is asked for', async () => {
    expect(coalesceBoltWrites()).toBe(true);
    expect(coalesceBoltWrites()).toBe(true);
    const recording = recordSocketWrites();
    restore = recording.restore;
    await gateway().read(ECHO, { vector, text }, { deadline: Deadline.after(10_000) });
    recording.restore();
    expect(recording.writes).toHaveLength(1);
  });
});
