import type { Deadline } from '../../shared/deadline';
import { defineQuery, type BuiltInQuery } from '../graph/built-in-query';
import type { PlainValue } from '../graph/graph-values';
import type { PlainRow, ReadResult } from '../graph/read-gateway';

/** The one column a rider's query returns (a map), and the column it arrives in when it rides. */
export const RIDER_COLUMN = 'lens_rider';

/**
 * A small read a run needs beside its retrieval, that may ride in the round trip of the retrieval's
 * first read instead of making one of its own: its query returns exactly one row with one column,
 * `RIDER_COLUMN`, and its parameters have names no carrier uses. On a small machine a read costs
 * 1–3 ms of client and server time whatever its size; one read fewer per request is the saving.
 */
export interface Rider {
  readonly query: BuiltInQuery;
  readonly params: Record<string, unknown>;
  /** The stage that shows the read when it goes alone. */
  readonly stage: string;
  readonly deadline: Deadline;
}

/**
 * The carrier's query with the rider's in one round trip: the rider's one row first, then the
 * carrier's rows as they are, each with the rider's map in `RIDER_COLUMN`. The carrier's text is
 * not changed, only wrapped, so its order and columns hold (as `withEntityHits` wraps it too). A
 * carrier that returns no row takes the rider's row with it: the rider then goes alone (`RiderSlot`).
 */
export function ridingWith(carrier: BuiltInQuery, rider: BuiltInQuery): BuiltInQuery {
  // A pre-parser option (`CYPHER 25`) may only open a whole query: it moves out of the subquery to the front.
  const option = PRE_PARSER.exec(carrier.text);
  const body = option ? carrier.text.slice(option[0].length) : carrier.text;
  return defineQuery(
    `${carrier.name}+${rider.name}`,
    `${option ? `${option[1]} ` : ''}CALL () {
     ${rider.text}
     }
     CALL () {
     ${body}
     }
     RETURN *`,
  );
}

/** A query's opening pre-parser option: `CYPHER` with a language version and `name=value` options. */
const PRE_PARSER = /^\s*(CYPHER(?:\s+(?:\d+(?:\.\d+)?|[A-Za-z][\w.]*\s*=\s*[\w.]+))*)\s+/i;

/** A `ridingWith` read apart: the carrier's rows as its own result, and the rider's row (undefined when the carrier returned none). */
export function splitRiding(result: ReadResult): { readonly own: ReadResult; readonly riding: PlainRow | undefined } {
  const first = result.rows[0]?.[RIDER_COLUMN];
  const rows = result.rows.map(({ [RIDER_COLUMN]: _rider, ...own }) => own);
  return { own: { ...result, rows }, riding: first === undefined ? undefined : asRow(first) };
}

/** The rider's row in a read of the rider's query alone. */
export function riderRowOf(result: ReadResult): PlainRow {
  return asRow(result.rows[0]?.[RIDER_COLUMN] ?? null);
}

function asRow(value: PlainValue): PlainRow {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as PlainRow) : {};
}

interface Waiting {
  readonly rider: Rider;
  readonly resolve: (row: PlainRow) => void;
  readonly reject: (error: unknown) => void;
}

/** A rider a carrier read took: it hands over the rider's row, or sends the rider alone when it has none. */
export interface TakenRider {
  readonly rider: Rider;
  /** The rider's row from the carrier's result; undefined (no row came back) sends it alone. */
  deliver(row: PlainRow | undefined): void;
  /** The carrier's read failed: the rider goes alone, so its fate is its own. */
  alone(): void;
}

/**
 * A run's rider waiting for a carrier. A carrier read that starts in the same turn of the event loop
 * takes it (a later one does not wait for it: `DataLoader` batches loads in one turn the same way);
 * otherwise it goes alone at the next turn, so nothing that needs it waits longer than it did when
 * it always went alone. `hurry` sends it alone at once, for a reader that cannot wait for the carrier.
 */
export class RiderSlot {
  private waiting: Waiting | null = null;

  constructor(private readonly readAlone: (rider: Rider) => Promise<ReadResult>) {}

  /** The rider's row, from a carrier's round trip or a read of its own. A second offer while one waits goes alone. */
  offer(rider: Rider): Promise<PlainRow> {
    return new Promise<PlainRow>((resolve, reject) => {
      const entry = { rider, resolve, reject };
      if (this.waiting) {
        this.goAlone(entry);
        return;
      }
      this.waiting = entry;
      setImmediate(() => {
        if (this.waiting === entry) this.hurry();
      });
    });
  }

  /** Sends a waiting rider alone now. */
  hurry(): void {
    const entry = this.waiting;
    if (!entry) return;
    this.waiting = null;
    this.goAlone(entry);
  }

  /** The waiting rider for a carrier read to take, or null; one that does not `fit` the carrier is sent alone now. */
  take(fits: (rider: Rider) => boolean = () => true): TakenRider | null {
    const entry = this.waiting;
    if (!entry) return null;
    if (!fits(entry.rider)) {
      this.hurry();
      return null;
    }
    this.waiting = null;
    return {
      rider: entry.rider,
      deliver: (row) => (row === undefined ? this.goAlone(entry) : entry.resolve(row)),
      alone: () => this.goAlone(entry),
    };
  }

  private goAlone(entry: Waiting): void {
    this.readAlone(entry.rider).then((result) => entry.resolve(riderRowOf(result)), entry.reject);
  }
}
