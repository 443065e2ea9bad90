import { describe, expect, it } from 'vitest';
import { stageNote } from '../../../shared/stage-note-messages';
import { costsNote } from '../../../electron/retrieval/vector-calibration';
import { plannerEstimate, summarise, type RequestSample } from '../../bench/bench-report';

/** A vector stage's note as the retriever writes it, the planner's choice nested two clauses deep. */
function exactNote(exactMs: string, annMs: string) {
  const costs = costsNote({
    exactPerChunkMs: 0.016,
    exactFixedMs: 5,
    annPerHitMs: 0.0075,
    annFixedMs: 20,
    annScorePerHitMs: 0.0118,
    source: 'calibrated',
    observed: 3,
  });
  const choice = stageNote('choice_estimated', { exact_ms: exactMs, ann_ms: annMs, costs: [costs] });
  return stageNote('vector_exact', {
    allowed: [stageNote('allowed_chunks', { allowed: 10, total: 100 })],
    scored: 10,
    how: [stageNote('how_judged')],
    choice: [choice],
    planning_ms: '0.1',
  });
}

const sample = (estimate: RequestSample['estimate']): RequestSample => ({
  query: 'q',
  outcome: 'ok',
  items: 1,
  e2e_ms: 10,
  server_ms: 5,
  server_critical_ms: 5,
  driver_ms: 1,
  driver_critical_ms: 1,
  packing_ms: 0,
  candidates_in: 10,
  rounds: 0,
  queries: 1,
  server_by_query: {},
  strategy: 'exact_scan',
  recall: 1,
  ...(estimate ? { estimate } : {}),
});

describe("the bench reads the vector planner's estimates from the stage note", () => {
  it('finds the choice clause wherever it is nested and keeps the costs in words', () => {
    const note = exactNote('160.8', '105.5');
    const found = plannerEstimate({ note_params: note.params });
    expect(found.estimate?.exact_ms).toBe(160.8);
    expect(found.estimate?.ann_ms).toBe(105.5);
    expect(found.estimate?.costs).toMatch(/refined by 3 of its queries: exact 5\.0 ms \+ 0\.0160 ms per chunk/);
  });

  it('has none when the planner chose by a fixed limit', () => {
    const note = stageNote('vector_exact', { choice: [stageNote('choice_fixed', { limit: '20000' })] });
    expect(plannerEstimate({ note_params: note.params })).toEqual({});
    expect(plannerEstimate(undefined)).toEqual({});
  });

  it("averages a cell's estimates and keeps its first and last costs", () => {
    const cell = summarise({ variant: 'vector', mode: 'vector', principal_id: 'p', selectivity: 0.1, allowed_chunks: 10 }, [
      sample({ exact_ms: 100, ann_ms: 50, costs: 'first' }),
      sample(undefined),
      sample({ exact_ms: 200, ann_ms: 70, costs: 'last' }),
    ]);
    expect(cell.estimates).toEqual({ requests: 2, mean_exact_ms: 150, mean_ann_ms: 60, first_costs: 'first', last_costs: 'last' });
    expect(
      summarise({ variant: 'v', mode: 'vector', principal_id: 'p', selectivity: 1, allowed_chunks: 1 }, [sample(undefined)]).estimates,
    ).toBeNull();
  });
});
