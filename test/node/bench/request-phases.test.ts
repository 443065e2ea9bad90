import { describe, expect, it } from 'vitest';
import type { StageRecord } from '../../../shared/context-contract';
import { summarise, type RequestSample } from '../../bench/bench-report';
import { requestPhases } from '../../bench/request-phases';

const stage = (name: string, started_ms: number, duration_ms: number): StageRecord => ({
  name,
  started_ms,
  duration_ms,
  candidates_in: 0,
  candidates_out: 0,
  acl: 'none',
  strategy: 'test',
});

describe("a request's phases", () => {
  it('splits the wall time into setup, retrieval, output and finish, which add up to it', () => {
    // A vector run: planned by 2 ms, embedding and the count beside the query, the query until 9 ms, output stages, then 1.5 ms to answer.
    const stages = [
      stage('embed_query', 2, 0.5),
      stage('access_scope', 2.2, 1),
      stage('vector', 2.5, 6.5),
      stage('after_expansion', 9, 0.2),
      stage('relevance_floor', 9.2, 0.1),
      stage('freshness', 9.3, 0.2),
      stage('packing', 9.5, 1),
      stage('before_output', 10.5, 0.5),
    ];
    const phases = requestPhases(stages, 12.5);
    expect(phases.setup_ms).toBeCloseTo(2);
    expect(phases.retrieval_ms).toBeCloseTo(7);
    expect(phases.output_ms).toBeCloseTo(2);
    expect(phases.finish_ms).toBeCloseTo(1.5);
    expect(phases.gaps_ms).toBeCloseTo(0);
    expect(phases.setup_ms + phases.retrieval_ms + phases.output_ms + phases.finish_ms + phases.gaps_ms).toBeCloseTo(12.5);
  });

  it('counts a pause between the candidates and the output stages as a gap, and never a negative phase', () => {
    const stages = [stage('fulltext', 1, 4), stage('packing', 7, 1)];
    const phases = requestPhases(stages, 8.5);
    expect(phases.retrieval_ms).toBeCloseTo(4);
    expect(phases.gaps_ms).toBeCloseTo(2);
    expect(phases.finish_ms).toBeCloseTo(0.5);
    // Rounded stage times may end after the measured end-to-end time.
    expect(requestPhases([stage('vector', 0, 5.1)], 5).finish_ms).toBe(0);
  });

  it('makes a run that recorded no stage all setup', () => {
    expect(requestPhases([], 3)).toEqual({ setup_ms: 3, retrieval_ms: 0, output_ms: 0, finish_ms: 0, gaps_ms: 0 });
  });

  it("averages the phases of a cell's requests, and has none for samples without (the reference)", () => {
    const base: RequestSample = {
      query: 'q',
      outcome: 'ok',
      items: 1,
      e2e_ms: 10,
      server_ms: 4,
      server_critical_ms: 4,
      driver_ms: 2,
      driver_critical_ms: 2,
      packing_ms: 1,
      candidates_in: 1,
      rounds: 1,
      queries: 1,
      server_by_query: {},
      strategy: 's',
      recall: null,
    };
    const cell = { variant: 'vector', mode: 'vector', principal_id: 'p', selectivity: 1, allowed_chunks: 1 };
    const phases = (setup: number) => ({ setup_ms: setup, retrieval_ms: 6, output_ms: 1, finish_ms: 1, gaps_ms: 0 });
    const summary = summarise(cell, [
      { ...base, phases: phases(1) },
      { ...base, driver_critical_ms: 4, phases: phases(3) },
    ]);
    expect(summary.mean_phases).toEqual({ setup_ms: 2, retrieval_ms: 6, output_ms: 1, finish_ms: 1, gaps_ms: 0, driver_critical_ms: 3 });
    expect(summarise(cell, [base]).mean_phases).toBeNull();
  });
});
