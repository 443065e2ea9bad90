// What schema 11's ten sort indexes cost a write: the same runs recorded into two stores, one at
// schema 10 (before the indexes) and one at the latest, alternating run by run so neither meets a
// warmer machine; then the same imported as bundles. Runs per second each, and the ratio.
import type { RunRecord } from '../../shared/trace-record';

/** A store as the measurement writes to it. */
export interface InsertSide {
  readonly name: 'without' | 'with';
  record(run: RunRecord): void;
  import(runs: RunRecord[]): void;
}

export interface InsertCost {
  readonly runs: number;
  readonly record_runs_per_s: Record<InsertSide['name'], number>;
  /** with ÷ without, of the time spent: above 1 the indexes slow recording by that factor. */
  readonly record_ratio: number;
  readonly import_runs_per_s: Record<InsertSide['name'], number>;
  readonly import_ratio: number;
}

const BATCH = 1_000;

/** Records `runs(0, count)` one run per transaction, then imports `runs(count, count)` in bundles of 1,000, into both sides. */
export function measureInsertCost(
  sides: readonly [InsertSide, InsertSide],
  runs: (from: number, count: number) => RunRecord[],
  count: number,
): InsertCost {
  const recorded = { without: 0, with: 0 };
  for (const run of runs(0, count)) {
    for (const side of sides) {
      const started = performance.now();
      side.record(run);
      recorded[side.name] += performance.now() - started;
    }
  }
  const imported = { without: 0, with: 0 };
  for (let done = 0; done < count; done += BATCH) {
    const batch = runs(count + done, Math.min(BATCH, count - done));
    // Alternate which side goes first, batch by batch.
    for (const side of (done / BATCH) % 2 === 0 ? sides : [...sides].reverse()) {
      const started = performance.now();
      side.import(batch);
      imported[side.name] += performance.now() - started;
    }
  }
  const perSecond = (spent: Record<InsertSide['name'], number>) => ({
    without: Math.round((count / spent.without) * 1000),
    with: Math.round((count / spent.with) * 1000),
  });
  return {
    runs: count,
    record_runs_per_s: perSecond(recorded),
    record_ratio: Math.round((recorded.with / recorded.without) * 100) / 100,
    import_runs_per_s: perSecond(imported),
    import_ratio: Math.round((imported.with / imported.without) * 100) / 100,
  };
}

export function formatInsertCost(cost: InsertCost): string {
  return (
    `Inserting ${cost.runs} runs without and with schema 11's sort indexes (schema 10 → latest)\n\n` +
    `recorded one by one: without ${cost.record_runs_per_s.without} runs/s, with ${cost.record_runs_per_s.with} runs/s; time with ÷ without ${cost.record_ratio}\n` +
    `imported in bundles of ${BATCH}: without ${cost.import_runs_per_s.without} runs/s, with ${cost.import_runs_per_s.with} runs/s; time with ÷ without ${cost.import_ratio}\n`
  );
}
