import { z } from 'zod';
import { schemaIssueText } from '../errors/schema-issue-messages';
import { typedText } from '../visible-text';
import { EvalMode } from './golden-set';

/** The inputs of the evaluation operations (shared/api/lens-api.ts). */

/** `eval.run`: a golden set's text and file name (its extension says JSON or YAML), and what to override. */
export const EvalRunInput = z
  .object({
    content: z.string().min(1, schemaIssueText('golden_set_empty')),
    file_name: z.string().min(1).max(300),
    modes: z.array(EvalMode).min(1).optional(),
    k: z.number().int().min(1).max(100).optional(),
    graph_label: typedText('one_line').trim().min(1).max(120).optional(),
    concurrency: z.number().int().min(1).max(16).optional(),
  })
  .strict();
export type EvalRunInput = z.input<typeof EvalRunInput>;

/** What a finished `eval.run` job hands back: the stored evaluation's id. */
export const EvalJobResult = z.object({ evaluation_id: z.string() });
export type EvalJobResult = z.infer<typeof EvalJobResult>;

/** `eval.list`: at most this many, newest first. */
export const EvalListInput = z.object({ limit: z.number().int().min(1).max(500).default(50) }).strict();

/** `eval.compare`: A the baseline, B the candidate; with modes, one mode of each (e.g. two modes of one evaluation). */
export const EvalCompareInput = z
  .object({
    a: z.string().min(1),
    b: z.string().min(1),
    mode_a: EvalMode.optional(),
    mode_b: EvalMode.optional(),
    tolerance: z.number().min(0).max(1).optional(),
  })
  .strict();
export type EvalCompareInput = z.input<typeof EvalCompareInput>;
