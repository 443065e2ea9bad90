import { z } from 'zod';
import { CoreParamsSchema } from './core-message';
import { GuardRule } from './cypher/cypher-guard';

/**
 * Why a generated query was not run, beyond the gateway guard's own rules: the model's reply held
 * no Cypher (`no_cypher`), or the query returned more rows than the mode's cap (`row_cap`: an
 * unbounded match is refused, never cut silently).
 */
export const Text2CypherRule = z.union([GuardRule, z.enum(['no_cypher', 'row_cap'])]);
export type Text2CypherRule = z.infer<typeof Text2CypherRule>;

/** The verdict on a generated query: allowed, or refused with the rule it broke and a sentence. */
export const Text2CypherVerdict = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  z.object({
    allowed: z.literal(false),
    rule: Text2CypherRule,
    reason: z.string(),
    /** The reason as a message code (`guard:…`) and its parameters; absent in runs recorded before codes. */
    reason_code: z.string().optional(),
    reason_params: CoreParamsSchema.optional(),
  }),
]);
export type Text2CypherVerdict = z.infer<typeof Text2CypherVerdict>;
/** A refused verdict. */
export type Text2CypherRefusal = Extract<Text2CypherVerdict, { allowed: false }>;

/**
 * What mode `text2cypher` did, kept with the run and shown in the Workbench: the chat model, the
 * Cypher taken from its reply (null when it held none), the guard's verdict, the rows the query
 * returned and how many lacked provenance, and the time each step took (absent for a step that did
 * not run).
 */
export const Text2CypherRecord = z.object({
  model: z.string(),
  cypher: z.string().nullable(),
  verdict: Text2CypherVerdict,
  row_cap: z.number().int().min(1),
  rows: z.number().int().min(0).optional(),
  lacking_provenance: z.number().int().min(0).optional(),
  timings: z.object({
    generate_ms: z.number().min(0),
    guard_ms: z.number().min(0).optional(),
    run_ms: z.number().min(0).optional(),
  }),
});
export type Text2CypherRecord = z.infer<typeof Text2CypherRecord>;

/**
 * Whether `text2cypher` (and the answer preview) can run here: only with a chat model, and for
 * Text2Cypher only once turned on; `reason` is a message code of the UI's common namespace.
 */
export const ChatAvailability = z.object({
  chat_model: z.string().nullable(),
  text2cypher: z.discriminatedUnion('usable', [
    z.object({ usable: z.literal(true) }),
    z.object({ usable: z.literal(false), reason: z.enum(['text2cypher_no_chat_model', 'text2cypher_not_enabled']) }),
  ]),
  preview: z.discriminatedUnion('usable', [
    z.object({ usable: z.literal(true) }),
    z.object({ usable: z.literal(false), reason: z.literal('preview_no_chat_model') }),
  ]),
});
export type ChatAvailability = z.infer<typeof ChatAvailability>;
