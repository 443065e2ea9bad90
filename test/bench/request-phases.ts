// Where one request's wall time went, by phase, from the stage timeline the run records (offsets
// from the run's start) and the end-to-end time the bench measured: goal 6 accounts for each ms of
// client time with it, before and after a change.
import type { StageRecord } from '../../shared/context-contract';

/** The stages every mode runs after its candidates (output-stages.ts and the relevance floor). */
export const OUTPUT_STAGES: ReadonlySet<string> = new Set(['after_expansion', 'relevance_floor', 'freshness', 'packing', 'before_output']);

/** One request's wall time by phase, in ms; the four phases and `gaps_ms` add up to the end-to-end time. */
export interface RequestPhases {
  /** From the run's start to its first stage: validation, the principal, the plan (capabilities, the compiled rule). */
  readonly setup_ms: number;
  /** From the first stage's start to the end of the last candidate stage: embedding, the reads, the rows made candidates. */
  readonly retrieval_ms: number;
  /** The stages after the candidates: re-check, relevance floor, freshness, packing, the final check and the items shaped. */
  readonly output_ms: number;
  /** From the last stage's end to the answer: the response checked against its schema and the run record made. */
  readonly finish_ms: number;
  /** What none of the phases covers: between the candidate stages and the output stages. */
  readonly gaps_ms: number;
}

const endOf = (stage: StageRecord) => (stage.started_ms ?? 0) + stage.duration_ms;

/** The phases of a request of `e2eMs` whose run recorded `stages` (a run without stages is all setup). */
export function requestPhases(stages: readonly StageRecord[], e2eMs: number): RequestPhases {
  if (stages.length === 0) return { setup_ms: e2eMs, retrieval_ms: 0, output_ms: 0, finish_ms: 0, gaps_ms: 0 };
  const first = Math.min(...stages.map((stage) => stage.started_ms ?? 0));
  const candidates = stages.filter((stage) => !OUTPUT_STAGES.has(stage.name));
  const retrievalEnd = candidates.length > 0 ? Math.max(...candidates.map(endOf)) : first;
  const output = stages.filter((stage) => OUTPUT_STAGES.has(stage.name)).reduce((sum, stage) => sum + stage.duration_ms, 0);
  const last = Math.max(...stages.map(endOf));
  // Stage times are rounded to tenths: never let rounding make a phase negative.
  const finish = Math.max(0, e2eMs - last);
  return {
    setup_ms: first,
    retrieval_ms: retrievalEnd - first,
    output_ms: output,
    finish_ms: finish,
    gaps_ms: Math.max(0, e2eMs - first - (retrievalEnd - first) - output - finish),
  };
}
