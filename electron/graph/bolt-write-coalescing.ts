// One socket write per Bolt request instead of one per 1,400 bytes.
//
// neo4j-driver cuts an outgoing message into chunks in a 1,400-byte buffer and writes the buffer to
// the socket each time it fills (its Chunker), with Nagle's algorithm off: a retrieval read, whose
// RUN carries its Cypher and a 384-float query vector (about 7 KB), went out as five writes and five
// TCP segments, each a system call here and a read on the server. Corking the socket at the first
// write of a tick and uncorking it on the next tick sends what the driver wrote in that tick as one
// write, in the same order; nothing waits longer than the rest of the tick that wrote it.
//
// The channel class is the driver's own, not part of its documented API, so its shape is checked
// (a `write` on the prototype, a socket that corks on the instance); when it differs, writes go out
// as the driver makes them. test/integration/bolt-write-coalescing.test.ts counts the writes of a
// read on the test server and fails when the patch does not apply.
import { createRequire } from 'node:module';

interface ChannelLike {
  /** The driver's queue of buffers written before the socket connected (null once connected). */
  readonly _pending?: unknown;
  readonly _conn?: { cork?: () => void; uncork?: () => void; readonly writableCorked?: number; readonly destroyed?: boolean };
}

interface ChannelClass {
  prototype: { write(this: ChannelLike, buffer: unknown): unknown };
}

let installed: 'yes' | 'unavailable' | null = null;
let enabled = true;

/** The driver's Node channel class, loaded as the driver loads it (from the driver's own folder), or null when its shape differs. */
function nodeChannelClass(): ChannelClass | null {
  try {
    const fromDriver = createRequire(createRequire(import.meta.url).resolve('neo4j-driver'));
    const loaded = fromDriver('neo4j-driver-bolt-connection/lib/channel/node/node-channel.js') as { default?: unknown } | null;
    const cls = loaded?.default as Partial<ChannelClass> | undefined;
    return typeof cls?.prototype?.write === 'function' ? (cls as ChannelClass) : null;
  } catch {
    return null;
  }
}

/** Corks `channel`'s socket until the next tick, unless it is not yet connected, already corked or gone. */
function corkForThisTick(channel: ChannelLike): void {
  const socket = channel._conn;
  if (!enabled || channel._pending !== null || !socket || typeof socket.cork !== 'function' || typeof socket.uncork !== 'function') return;
  if (socket.destroyed || (socket.writableCorked ?? 0) > 0) return;
  socket.cork();
  process.nextTick(() => socket.uncork?.());
}

/**
 * Makes every driver in this process send what it writes in one tick as one socket write (once;
 * later calls only report). Returns whether it applies: false when the driver's channel is not the
 * shape this was written for, and writes go out as the driver makes them.
 */
export function coalesceBoltWrites(): boolean {
  if (installed === null) {
    const cls = nodeChannelClass();
    if (!cls) installed = 'unavailable';
    else {
      const write = cls.prototype.write;
      cls.prototype.write = function coalescedWrite(this: ChannelLike, buffer: unknown) {
        corkForThisTick(this);
        return write.call(this, buffer);
      };
      installed = 'yes';
    }
  }
  return installed === 'yes';
}

/**
 * Turns the coalescing off or on again for the whole process, for `bench:retrieval` to measure
 * requests without it beside requests with it in one run. The app never turns it off.
 */
export function setBoltWriteCoalescing(on: boolean): void {
  enabled = on;
}
