/**
 * The driver sends a Bolt message in chunks of 1,400 bytes and writes each chunk to its socket as
 * soon as it fills: a retrieval request (4 KB of query text, 384 numbers of query vector) went out in
 * six `write` calls, each a system call, and on this loopback each one also woke the server's thread
 * to read a part of a message it could not yet run. `coalesceBoltWrites` makes everything the driver
 * writes in one synchronous step (a RUN and its PULL) reach the socket as one write: the socket is
 * corked at the first chunk and uncorked once that step is over, the Node way to gather writes
 * (`socket.cork()`), so the bytes, their order and the protocol stay exactly what the driver made.
 *
 * The chunker is the driver's own export (`channel.Chunker` of neo4j-driver-bolt-connection, the
 * version neo4j-driver pins); the socket it writes to is not part of that package's API, so nothing
 * is changed when a chunk's channel holds no Node socket, and `coalesceBoltWrites` answers false when
 * the chunker has no `flush` to wrap. test/integration/bolt-write-coalescing.test.ts fails on a
 * driver where the writes are not gathered, and `npm run bench:retrieval` measures what it saves.
 */
import net from 'node:net';
import { channel } from 'neo4j-driver-bolt-connection';

/** What a chunker holds that this reads: its channel, and that channel's socket once connected. */
interface ChunkerInternals {
  readonly _ch?: { readonly _conn?: unknown };
}

type Flush = (this: ChunkerInternals) => unknown;

/** Whether the driver's writes are gathered: undefined until {@link coalesceBoltWrites} first runs. */
let coalescing: boolean | undefined;

/**
 * Gathers the driver's socket writes of one synchronous step into one, for every driver in this
 * process (the driver's chunker is one class); safe to call again. False when the driver's chunker
 * does not have the shape this wraps, and nothing was changed.
 */
export function coalesceBoltWrites(): boolean {
  if (coalescing !== undefined) return coalescing;
  const chunker = (channel as { readonly Chunker?: { readonly prototype?: { flush?: unknown } } }).Chunker?.prototype;
  if (chunker === undefined || typeof chunker.flush !== 'function') return (coalescing = false);
  const flush = chunker.flush as Flush;
  const corked = new WeakSet<net.Socket>();
  chunker.flush = function coalescedFlush(this: ChunkerInternals) {
    const socket = this._ch?._conn;
    if (socket instanceof net.Socket && !socket.destroyed && !corked.has(socket)) {
      corked.add(socket);
      socket.cork();
      // After the step that is writing now (the driver writes a message's chunks and its PULL in
      // one call), before any reply can be read: the server gets the whole request in one write.
      queueMicrotask(() => {
        corked.delete(socket);
        socket.uncork();
      });
    }
    return flush.call(this);
  };
  return (coalescing = true);
}
