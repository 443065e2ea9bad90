import { describe, expect, it } from 'vitest';
import { compareEvaluations } from '../../../shared/eval/eval-compare';
import { aggregateByMode, evalExitCode, FAILED_SCORE, scoreAnswer } from '../../../shared/eval/eval-scoring';
import { evalReport as report, evalRun as run } from '../../support/eval-fixtures';
import { GoldenQuestion } from '../../../shared/eval/golden-set';

const question = GoldenQuestion.parse({
  id: 'q1',
  question: 'why hourly settlement?',
  principal: 'u-sora',
  expected: { documents: [{ id: 'adr-011', grade: 3 }, 'design-v2'], chunks: ['adr-011#2'] },
  must_not_appear: { documents: ['hr-salary'], chunks: ['secret#1'] },
});
const item = (document_id: string, ...chunks: string[]) => ({ document_id, chunk_ids: chunks.length > 0 ? chunks : [`${document_id}#0`] });

describe('scoring a run against its question', () => {
  it('ranks documents by first occurrence: two items of adr-011 count once, at rank 1', () => {
    const score = scoreAnswer(question, [item('adr-011', 'adr-011#2'), item('adr-011', 'adr-011#3'), item('other')], 10);
    expect(score.documents).toEqual(['adr-011', 'other']);
    // Documents: relevant adr-011 (3) and design-v2 (1); found adr-011 → recall 1/2, precision 1/2, MRR 1.
    expect(score.document_metrics).toMatchObject({ recall: 0.5, precision: 0.5, mrr: 1 });
    // Chunks: adr-011#2 expected, handed over first of three → recall 1, precision 1/3, MRR 1.
    expect(score.chunk_metrics?.recall).toBe(1);
    expect(score.chunk_metrics?.precision).toBeCloseTo(1 / 3, 6);
    expect(score.status).toBe('passed');
  });

  it('a must_not_appear document or chunk fails the run as a violation whatever its scores, with its rank', () => {
    const score = scoreAnswer(question, [item('adr-011', 'adr-011#2'), item('design-v2'), item('hr-salary'), item('x', 'secret#1')], 2);
    expect(score.document_metrics?.recall).toBe(1);
    expect(score.status).toBe('violation');
    expect(score.violations).toEqual([
      { level: 'document', id: 'hr-salary', rank: 3 },
      { level: 'chunk', id: 'secret#1', rank: 4 },
    ]);
  });

  it('gives no chunk figures to a question that expects no chunks', () => {
    const documentsOnly = GoldenQuestion.parse({ ...question, expected: { documents: ['adr-011'] } });
    expect(scoreAnswer(documentsOnly, [item('adr-011')], 10).chunk_metrics).toBeNull();
  });
});

describe('aggregates per mode', () => {
  const runs = [
    run({ question_id: 'q1', mode: 'vector', latency_ms: 10, document_metrics: { recall: 1, precision: 0.5, mrr: 1, ndcg: 1 } }),
    run({ question_id: 'q2', mode: 'vector', latency_ms: 30, document_metrics: { recall: 0, precision: 0.5, mrr: 0, ndcg: 0 } }),
    run({
      question_id: 'q3',
      mode: 'vector',
      latency_ms: 20,
      ...FAILED_SCORE,
      outcome: 'timeout',
      error: { kind: 'timeout', message: 'slow' },
    }),
    run({ question_id: 'q1', mode: 'hybrid', status: 'violation', violations: [{ level: 'document', id: 'x', rank: 1 }] }),
  ];

  it('averages the answered runs only and counts the failed ones apart (a timeout is not "found nothing")', () => {
    const [vector, hybrid] = aggregateByMode(runs, ['vector', 'hybrid']);
    expect(vector).toMatchObject({ runs: 3, passed: 2, violations: 0, failed: 1 });
    expect(vector?.document_metrics).toEqual({ recall: 0.5, precision: 0.5, mrr: 0.5, ndcg: 0.5 });
    // Latencies of the three runs that reached the door: 10, 20, 30 → p50 20, p95 30.
    expect(vector?.latency_p50_ms).toBe(20);
    expect(vector?.latency_p95_ms).toBe(30);
    expect(hybrid).toMatchObject({ runs: 1, violations: 1 });
  });

  it('exits 1 on a violation before 3 on a failed run, and 0 when clean', () => {
    expect(evalExitCode(runs)).toBe(1);
    expect(evalExitCode(runs.slice(0, 3))).toBe(3);
    expect(evalExitCode(runs.slice(0, 2))).toBe(0);
  });
});

describe('comparing two evaluations', () => {
  const good = { recall: 1, precision: 0.5, mrr: 1, ndcg: 0.9 };
  const a = report(
    'v1',
    [run({ question_id: 'q1', mode: 'hybrid', document_metrics: good }), run({ question_id: 'q2', mode: 'hybrid' })],
    ['hybrid'],
  );

  it('flags a question whose recall fell beyond the tolerance, and the mode mean with it; a fall within the tolerance is not flagged', () => {
    const b = report(
      'v2',
      [
        run({ question_id: 'q1', mode: 'hybrid', document_metrics: { ...good, recall: 0.5, ndcg: 0.88 } }),
        run({ question_id: 'q2', mode: 'hybrid', document_metrics: { recall: 1, precision: 0.96, mrr: 1, ndcg: 1 } }),
      ],
      ['hybrid'],
    );
    const comparison = compareEvaluations(a, b, { tolerance: 0.05 });
    const [q1, q2] = comparison.questions;
    expect(q1?.regressed).toEqual(['recall']);
    expect(q1?.delta?.recall).toBe(-0.5);
    expect(q2?.regression).toBe(false); // precision 1 → 0.96 is within 0.05
    // Mean recall 1 → 0.75 (−0.25) regresses too.
    expect(comparison.aggregates[0]?.regressed).toEqual(['recall']);
    expect(comparison.regressions).toBe(2);
  });

  it('flags a run that leaked or failed where the baseline passed, as a status regression', () => {
    const b = report(
      'v2',
      [run({ question_id: 'q1', mode: 'hybrid', document_metrics: good, status: 'violation' }), run({ question_id: 'q2', mode: 'hybrid' })],
      ['hybrid'],
    );
    expect(compareEvaluations(a, b).questions[0]?.regressed).toEqual(['status']);
  });

  it('compares two modes of one evaluation by question, and lists questions only one side has', () => {
    const both = report(
      'one',
      [
        run({ question_id: 'q1', mode: 'vector', document_metrics: { recall: 0, precision: 0, mrr: 0, ndcg: 0 } }),
        run({ question_id: 'q1', mode: 'hybrid' }),
        run({ question_id: 'q3', mode: 'hybrid' }),
      ],
      ['vector', 'hybrid'],
    );
    const comparison = compareEvaluations(both, both, { modeA: 'hybrid', modeB: 'vector' });
    expect(comparison.questions).toHaveLength(1);
    expect(comparison.questions[0]).toMatchObject({
      mode_a: 'hybrid',
      mode_b: 'vector',
      regressed: ['recall', 'precision', 'mrr', 'ndcg'],
    });
    expect(comparison.unpaired).toEqual(['q3']);
    expect(comparison.aggregates[0]).toMatchObject({ mode_a: 'hybrid', mode_b: 'vector', regression: true });
  });
});
