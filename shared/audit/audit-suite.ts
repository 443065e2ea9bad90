import { z } from 'zod';
import { ContextRequestAtDoor, MAX_QUESTION_CHARS, RetrievalMode } from '../context-contract';
import { DocumentMatch } from './document-match';
import { schemaIssueText, schemaIssueTextWith } from '../errors/schema-issue-messages';
import { typedText } from '../visible-text';

/**
 * An audit suite, as `lens audit --suite FILE` reads it (YAML or JSON): questions × principals ×
 * modes, each combination one recorded run, and expectations checked on those runs. Every run also
 * gets one check of its own: its outcome must be an answer (`ok` or `no_evidence`); a timeout or an
 * outage is "could not run", never an empty pass.
 */

const Id = z
  .string({ error: 'write an id: letters, digits, dots, dashes or underscores' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/, schemaIssueText('audit_id_format'));

const PrincipalId = ContextRequestAtDoor.shape.principal.options[0];

const Mode = z.enum(RetrievalMode.options, { error: `use one of ${RetrievalMode.options.join(', ')}` });

/** One question of the suite: an id for reports, the text asked, and optionally the scopes it may draw from. */
export const AuditQuestion = z
  .object({
    id: Id,
    /** Held to the request's rules for a question when the suite is read, not only when its runs are made (see GoldenQuestion). */
    text: typedText('lines')
      .trim()
      .min(1, 'the question is empty; write the text to ask')
      .max(MAX_QUESTION_CHARS, schemaIssueTextWith('query_too_long', { max: MAX_QUESTION_CHARS })),
    /** The scopes this question may draw from, in place of the suite's (judged by the pipeline, like the request's). */
    allowed_scopes: ContextRequestAtDoor.shape.allowed_scopes,
  })
  .strict();
export type AuditQuestion = z.infer<typeof AuditQuestion>;

/** The request fields every run of the suite shares (the query, principal and mode come from the matrix). */
export const AuditRequestDefaults = ContextRequestAtDoor.pick({
  top_k: true,
  max_tokens: true,
  timeout_ms: true,
  freshness_required_at: true,
  filters: true,
  allowed_scopes: true,
  options: true,
})
  .partial()
  .strict();
export type AuditRequestDefaults = z.infer<typeof AuditRequestDefaults>;

/** "A and B differ only in …": every item one of them got that the other may not see is among that side's declared documents. */
export const DifferOnlyIn = z
  .object({
    a: PrincipalId,
    b: PrincipalId,
    /** Documents only A may be handed; absent means none. */
    a_only: DocumentMatch.optional(),
    /** Documents only B may be handed; absent means none. */
    b_only: DocumentMatch.optional(),
  })
  .strict();
export type DifferOnlyIn = z.infer<typeof DifferOnlyIn>;

/** The kinds of expectation, one per entry. */
export const EXPECTATION_KINDS = [
  'never_sees',
  'sees_any',
  'sees_only',
  'no_stale_labelled_current',
  'every_item_has_provenance',
  'differ_only_in',
] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

/** The expectation id of the checks every run gets (its outcome is an answer). */
export const RUN_CHECK_ID = 'answers';

const ScopeList = <T extends z.ZodTypeAny>(item: T, example: string) =>
  z.array(item, { error: `write a list, e.g. [${example}]` }).min(1, `list at least one, e.g. [${example}]; leave the key out to mean all`);

/** One expectation: an id, where it applies (default: every question, principal and mode), and exactly one kind. */
export const AuditExpectation = z
  .object({
    id: Id,
    description: z.string().optional(),
    questions: ScopeList(Id, 'hr-salary').optional(),
    principals: ScopeList(PrincipalId, 'u-guest').optional(),
    except_principals: ScopeList(PrincipalId, 'u-hana').optional(),
    modes: ScopeList(Mode, 'vector, hybrid').optional(),
    never_sees: DocumentMatch.optional(),
    sees_any: DocumentMatch.optional(),
    sees_only: DocumentMatch.optional(),
    /** The documents the team knows to be stale: none of them may be labelled current. */
    no_stale_labelled_current: DocumentMatch.optional(),
    every_item_has_provenance: z.literal(true, { error: 'write every_item_has_provenance: true' }).optional(),
    differ_only_in: DifferOnlyIn.optional(),
  })
  .strict()
  .superRefine((expectation, context) => {
    if (expectation.id === RUN_CHECK_ID)
      context.addIssue({
        code: 'custom',
        path: ['id'],
        message: `${RUN_CHECK_ID} names the runs' own checks; give this expectation another id`,
      });
    const given = EXPECTATION_KINDS.filter((kind) => expectation[kind] !== undefined);
    if (given.length !== 1)
      context.addIssue({
        code: 'custom',
        message: `give exactly one of ${EXPECTATION_KINDS.join(', ')}; this expectation gives ${given.length === 0 ? 'none' : given.join(' and ')} (split it into one expectation per kind)`,
      });
    if (expectation.differ_only_in && (expectation.principals || expectation.except_principals))
      context.addIssue({
        code: 'custom',
        path: ['differ_only_in'],
        message: 'names its two principals as a and b; remove principals and except_principals from this expectation',
      });
  });
export type AuditExpectation = z.infer<typeof AuditExpectation>;

/** Ids must be unique within their list; a duplicate is reported at its place with the first one named. */
function uniqueIds(list: readonly { id: string }[] | readonly string[], name: string, context: z.RefinementCtx): void {
  const seen = new Map<string, number>();
  list.forEach((entry, index) => {
    const id = typeof entry === 'string' ? entry : entry.id;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, index);
    else
      context.addIssue({
        code: 'custom',
        path: [name, index],
        message: `repeats ${id} (already ${name}[${first}]); give each a new id or remove it`,
      });
  });
}

/** Every principal, question and mode an expectation names must be in the suite's matrix. */
function scopeInMatrix(
  suite: { principals: string[]; modes: string[]; questions: { id: string }[]; expectations: AuditExpectation[] },
  context: z.RefinementCtx,
): void {
  const questions = new Set(suite.questions.map((question) => question.id));
  const lists: { key: 'questions' | 'principals' | 'except_principals' | 'modes'; known: Set<string>; matrix: string }[] = [
    { key: 'questions', known: questions, matrix: 'questions' },
    { key: 'principals', known: new Set(suite.principals), matrix: 'principals' },
    { key: 'except_principals', known: new Set(suite.principals), matrix: 'principals' },
    { key: 'modes', known: new Set(suite.modes), matrix: 'modes' },
  ];
  suite.expectations.forEach((expectation, index) => {
    for (const { key, known, matrix } of lists)
      (expectation[key] ?? []).forEach((value, at) => {
        if (!known.has(value))
          context.addIssue({
            code: 'custom',
            path: ['expectations', index, key, at],
            message: `names ${value}, which is not in the suite's ${matrix}; add it there or use one of ${[...known].join(', ')}`,
          });
      });
    for (const side of ['a', 'b'] as const) {
      const principal = expectation.differ_only_in?.[side];
      if (principal !== undefined && !suite.principals.includes(principal))
        context.addIssue({
          code: 'custom',
          path: ['expectations', index, 'differ_only_in', side],
          message: `names ${principal}, which is not in the suite's principals; add it there`,
        });
    }
  });
}

/** A whole suite file. */
export const AuditSuite = z
  .object({
    version: z.literal(1, { error: 'write version: 1 (the only suite format so far)' }),
    name: z.string().min(1, 'name the suite, e.g. name: HR documents stay with HR'),
    request: AuditRequestDefaults.default({}),
    principals: ScopeList(PrincipalId, 'u-guest, u-hana'),
    modes: ScopeList(Mode, 'vector, fulltext, hybrid, graph'),
    questions: z
      .array(AuditQuestion, { error: 'write a list of questions, each { id, text }' })
      .min(1, 'list at least one question { id, text }'),
    expectations: z.array(AuditExpectation, { error: 'write a list of expectations' }).default([]),
  })
  .strict()
  .superRefine((suite, context) => {
    uniqueIds(suite.questions, 'questions', context);
    uniqueIds(suite.expectations, 'expectations', context);
    uniqueIds(suite.principals, 'principals', context);
    uniqueIds(suite.modes, 'modes', context);
    scopeInMatrix(suite, context);
  });
export type AuditSuite = z.infer<typeof AuditSuite>;
