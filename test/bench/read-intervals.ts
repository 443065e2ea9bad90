// The bench's view of when each Neo4j read of a request ran, so server time is counted on the
// critical path: reads that run side by side (the principal lookup and the load marker beside the
// retrieval, the vector and full-text sides of hybrid and graph, the access counts beside them)
// overlap in time, and summing their server times counts the same wall time twice.
import type { GraphGateway } from '../../electron/graph/read-gateway';

/** One gateway read as the client saw it: when it was sent and answered (performance.now), and the server's own time. */
export interface ReadInterval {
  readonly name: string;
  readonly startMs: number;
  readonly endMs: number;
  /** resultAvailableAfter + resultConsumedAfter. */
  readonly serverMs: number;
}

/** The length of the union of half-open intervals [start, end): wall time covered by at least one. */
export function unionLength(spans: readonly (readonly [number, number])[]): number {
  const sorted = spans.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let coveredTo = Number.NEGATIVE_INFINITY;
  for (const [start, end] of sorted) {
    if (end <= coveredTo) continue;
    total += end - Math.max(start, coveredTo);
    coveredTo = end;
  }
  return total;
}

/** Server and client time of a request's reads on its critical path: the wall time during which at least one read was busy. */
export interface CriticalPath {
  /**
   * Server time on the critical path: the union of each read's server interval, placed at the end
   * of its client interval ([end − server, end]: the server's time ends when the last row is
   * consumed). Never more than the wall time the reads covered.
   */
  readonly serverMs: number;
  /** Wall time during which at least one read was outstanding at the client. */
  readonly clientMs: number;
}

export function criticalPath(reads: readonly ReadInterval[]): CriticalPath {
  return {
    serverMs: unionLength(reads.map((r) => [Math.max(r.startMs, r.endMs - r.serverMs), r.endMs] as const)),
    clientMs: unionLength(reads.map((r) => [r.startMs, r.endMs] as const)),
  };
}

/**
 * Records every read of `gateway` (built-in and untrusted queries, whether or not the run logs
 * them: the principal lookup reads through the gateway directly) into the array `take()` hands
 * back and empties. The bench's gateway only; the product's is untouched.
 */
export function recordReadIntervals(gateway: GraphGateway): { take(): ReadInterval[] } {
  let reads: ReadInterval[] = [];
  const wrap =
    <A extends unknown[], R extends { queryName: string; serverMs: { available: number; consumed: number } }>(
      read: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      const startMs = performance.now();
      const result = await read(...args);
      reads.push({
        name: result.queryName,
        startMs,
        endMs: performance.now(),
        serverMs: result.serverMs.available + result.serverMs.consumed,
      });
      return result;
    };
  gateway.read = wrap(gateway.read.bind(gateway));
  gateway.readUntrusted = wrap(gateway.readUntrusted.bind(gateway));
  return {
    take() {
      const taken = reads;
      reads = [];
      return taken;
    },
  };
}
