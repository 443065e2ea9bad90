import { z } from 'zod';

/** One operator of an EXPLAIN plan as the screens show it: its name, the server's details, its estimated rows and its inputs. */
export interface PlanNode {
  readonly operator: string;
  readonly details: string;
  readonly estimated_rows: number | null;
  readonly identifiers: readonly string[];
  readonly children: readonly PlanNode[];
}
export const PlanNode: z.ZodType<PlanNode> = z.lazy(() =>
  z.object({
    operator: z.string(),
    details: z.string(),
    estimated_rows: z.number().nullable(),
    identifiers: z.array(z.string()),
    children: z.array(PlanNode),
  }),
);

/** Which stored query to EXPLAIN: a run and the query's index in its `queries`. */
/**
 * Which stored query to EXPLAIN; `timeout_ms` is the deadline to ask within (the CLI's `--timeout-ms`),
 * else the run's own request deadline applies.
 */
export const CypherExplainRequest = z
  .object({ trace_id: z.string().min(1), index: z.number().int().min(0), timeout_ms: z.number().int().min(1).max(600_000).optional() })
  .strict();
export type CypherExplainRequest = z.infer<typeof CypherExplainRequest>;

/**
 * What EXPLAIN gave for a stored query: the plan (the query itself never runs), or why it was not
 * asked: a parameter whose secret the trace removed (`secret_param`, naming where), or the read-only
 * guard's refusal (`refused`, with its rule).
 */
export const CypherExplainResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('plan'), query_type: z.string(), plan: PlanNode }),
  z.object({ status: z.literal('secret_param'), params: z.array(z.string()).min(1) }),
  z.object({ status: z.literal('refused'), rule: z.string() }),
]);
export type CypherExplainResult = z.infer<typeof CypherExplainResult>;
