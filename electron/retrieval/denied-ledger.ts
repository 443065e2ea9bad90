import type { DeniedCount } from '../../shared/context-contract';

/** The stage name of counts over the whole graph, made once per run whatever the mode. */
export const WHOLE_GRAPH = 'whole_graph';

/** What one denied count is about: everything but the figures. */
export type DeniedKey = Omit<DeniedCount, 'count' | 'of'>;

interface Entry {
  readonly key: DeniedKey;
  /** The distinct node ids withheld, for counts made from nodes the run saw. */
  readonly ids: Set<string>;
  /** A count measured by a query (the withheld nodes were counted, never fetched). */
  measured: number;
  of: number | undefined;
  /** Reported even at 0, so "0 of 318" says that nothing was withheld rather than saying nothing. */
  readonly keepZero: boolean;
}

function keyOf(key: DeniedKey): string {
  return [key.stage, key.mechanism ?? '', key.kind, key.reason, key.counts].join('\u0000');
}

/**
 * The bookkeeping of `denied[]`. Counts are of distinct nodes: a node withheld twice at the same
 * place for the same reason (by two paths, or in two over-fetch rounds) is counted once, and a
 * measured count of a wider fetch replaces the narrower one instead of adding to it, so no count
 * adds the same chunks up again.
 */
export class DeniedLedger {
  private readonly entries = new Map<string, Entry>();

  /** Withholds the nodes `ids` (distinct ids count once), out of `of` when known. */
  nodes(key: DeniedKey, ids: Iterable<string>, of?: number): void {
    const entry = this.entry(key, false);
    for (const id of ids) entry.ids.add(id);
    if (of !== undefined) entry.of = Math.max(entry.of ?? 0, of);
  }

  /**
   * A count a query measured, out of `of`. Measures of the same count are of nested fetches (each
   * over-fetch round asks again, for more), so the widest stands and none is added to another.
   * `keepZero` reports it even when nothing was withheld.
   */
  measured(key: DeniedKey, count: number, of: number, keepZero = false): void {
    const entry = this.entry(key, keepZero);
    if (of >= (entry.of ?? 0)) {
      entry.measured = count;
      entry.of = of;
    }
  }

  /** The counts in the order first recorded; zero counts are left out unless recorded to be kept. */
  counts(): DeniedCount[] {
    const out: DeniedCount[] = [];
    for (const entry of this.entries.values()) {
      const count = Math.max(entry.ids.size, entry.measured);
      if (count === 0 && !entry.keepZero) continue;
      out.push({ ...entry.key, count, ...(entry.of === undefined ? {} : { of: entry.of }) });
    }
    return out;
  }

  private entry(key: DeniedKey, keepZero: boolean): Entry {
    const id = keyOf(key);
    let entry = this.entries.get(id);
    if (!entry) {
      const { mechanism, ...rest } = key;
      entry = { key: mechanism === undefined ? rest : { ...rest, mechanism }, ids: new Set(), measured: 0, of: undefined, keepZero };
      this.entries.set(id, entry);
    }
    return entry;
  }
}
