import { z } from 'zod';
import { ContextRequestAtDoor, MAX_QUESTION_CHARS, RETRIEVER_MODES, RetrievalOptions, type RetrieverMode } from '../context-contract';
import { schemaIssueText, schemaIssueTextWith } from '../errors/schema-issue-messages';
import { typedText } from '../visible-text';

/**
 * A golden set, as `lens eval --set FILE` reads it (YAML, or JSON by its `.json` name): questions,
 * each asked as one principal, with the documents (and optionally chunks) a good retrieval hands
 * over, graded or not, and the ones it must never hand over. Every question is run in every mode of
 * the evaluation (or only in its own `mode`), and each run is scored against this list.
 */

const Id = z
  .string({ error: schemaIssueText('golden_id_missing') })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/, schemaIssueText('golden_id_format'));

const PrincipalId = ContextRequestAtDoor.shape.principal.options[0];

/** The modes an evaluation may run: those that retrieve from the graph themselves. */
export const EvalMode = z.enum(RETRIEVER_MODES as unknown as [RetrieverMode, ...RetrieverMode[]], {
  error: `use one of ${RETRIEVER_MODES.join(', ')}`,
});
export type EvalMode = z.infer<typeof EvalMode>;

/**
 * The most a golden set may hold, in bytes: what one request to the app carries (`eval.run` sends the
 * set's text; a door takes 2 MB, MAX_INPUT_BYTES of electron/api/input-limits.ts) less room for the
 * request's other fields. Some 8,000 questions; a larger set was read in full (10 MB took tens of
 * seconds) only for the request to be refused.
 */
export const GOLDEN_SET_MAX_BYTES = 2 * 1024 * 1024 - 16 * 1024;

/** The highest relevance grade: 0 not relevant, 1 relevant, 2 highly, 3 the answer itself. */
export const MAX_GRADE = 3;

/** An expected document or chunk: its id alone (grade 1), or its id with a grade. */
export const ExpectedItem = z.union([
  z.string().min(1, schemaIssueText('golden_item_id_empty')),
  z
    .object({
      id: z.string().min(1, schemaIssueText('golden_item_id_empty')),
      grade: z.number().int().min(0).max(MAX_GRADE, `grades run from 0 (not relevant) to ${MAX_GRADE} (the answer itself)`),
    })
    .strict(),
]);
export type ExpectedItem = z.infer<typeof ExpectedItem>;

/** Expected documents and chunks; both empty means "nothing this principal may see answers it". */
export const Expected = z.object({ documents: z.array(ExpectedItem).default([]), chunks: z.array(ExpectedItem).default([]) }).strict();
export type Expected = z.infer<typeof Expected>;

/** Documents and chunks that must never be handed over for this question (a leak fails the question whatever its scores). */
export const MustNotAppear = z
  .object({ documents: z.array(z.string().min(1)).default([]), chunks: z.array(z.string().min(1)).default([]) })
  .strict();
export type MustNotAppear = z.infer<typeof MustNotAppear>;

/**
 * Retrieval options as written: checked against the contract's RetrievalOptions but kept without its
 * defaults, so a question's options override the set's field by field (a filled-in default would
 * overwrite the set's value).
 */
const RequestOptions = z
  .record(z.string(), z.unknown())
  .superRefine((value, context) => {
    const parsed = RetrievalOptions.safeParse(value);
    if (!parsed.success)
      // Each issue as the contract's schema found it (its kind and figures), so it is worded as the request's would be.
      for (const issue of parsed.error.issues) context.addIssue({ ...issue });
  })
  .optional();
const RequestFilters = ContextRequestAtDoor.shape.filters;

/** One question: asked as `principal`, scored against `expected` and `must_not_appear`. */
export const GoldenQuestion = z
  .object({
    id: Id,
    /**
     * Held to the request's own rules for a question (its characters and MAX_QUESTION_CHARS) when the set
     * is read: a question over the limit, or with a NUL or a bidi override, was refused only when it ran,
     * after the questions before it had run, as a failed question of the report.
     */
    question: typedText('lines')
      .trim()
      .min(1, schemaIssueText('golden_question_empty'))
      .max(MAX_QUESTION_CHARS, schemaIssueTextWith('query_too_long', { max: MAX_QUESTION_CHARS })),
    principal: PrincipalId,
    /** The question's language (e.g. en, ko), for reports by language. */
    language: z.string().min(2).max(16).optional(),
    expected: Expected,
    must_not_appear: MustNotAppear.optional(),
    /** Run this question in this mode only, instead of the evaluation's modes. */
    mode: EvalMode.optional(),
    filters: RequestFilters,
    options: RequestOptions,
  })
  .strict();
export type GoldenQuestion = z.infer<typeof GoldenQuestion>;

/** What every question shares unless it says otherwise. */
export const GoldenDefaults = z
  .object({
    /** The cut-off of every metric, and the request's top_k. */
    k: z.number().int().min(1).max(100).default(10),
    modes: z.array(EvalMode).min(1).optional(),
    options: RequestOptions,
    /** Each run's time limit (the request's default when absent). */
    timeout_ms: z.number().int().min(1).max(600_000).optional(),
  })
  .strict();
export type GoldenDefaults = z.infer<typeof GoldenDefaults>;

/** The whole set; question ids are unique. */
export const GoldenSet = z
  .object({
    name: z.string().trim().min(1, schemaIssueText('golden_set_name_empty')),
    description: z.string().optional(),
    defaults: GoldenDefaults.prefault({}),
    questions: z.array(GoldenQuestion).min(1, schemaIssueText('golden_questions_empty')),
  })
  .strict()
  .superRefine((set, context) => {
    const seen = new Set<string>();
    set.questions.forEach((question, index) => {
      if (seen.has(question.id))
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'id'],
          message: schemaIssueTextWith('golden_id_repeated', { id: question.id }),
        });
      seen.add(question.id);
    });
  });
export type GoldenSet = z.infer<typeof GoldenSet>;

/** The modes an evaluation runs when neither the command nor the set names any: those that need no template nor chat model. */
export const DEFAULT_EVAL_MODES: readonly EvalMode[] = RETRIEVER_MODES.filter(
  (mode): mode is EvalMode => mode !== 'cypher' && mode !== 'text2cypher',
);

/** An expected item as id and grade (a bare id is grade 1). */
export function gradedItem(item: ExpectedItem): { id: string; grade: number } {
  return typeof item === 'string' ? { id: item, grade: 1 } : item;
}
