import { z } from 'zod';
import { issueWords } from '../api/issue-words';
import { retrievalCodedError, retrievalError } from '../errors/retrieval-error-messages';
import { fieldPath } from '../field-path';
import type { Principal } from '../principal';
import { CypherName, DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../schema-profile';
import { schemaIssueText } from '../errors/schema-issue-messages';

/**
 * The access policy as data: which node properties decide who sees a document, a chunk or an entity.
 * It is compiled twice, by compile-acl-to-cypher.ts and compile-acl-to-predicate.ts, and the two
 * compilations agree on every input (test/integration/acl-equivalence.test.ts).
 *
 * Value semantics, shared by both compilers (fail closed):
 * - a property is *set* when the node has it and it is not null;
 * - comparisons are exact and case-sensitive, and only a string ever equals a string
 *   (a number, a list or a boolean never matches `'public'` or a principal's id);
 * - where a list is expected (`intersects_principal`), a single string counts as a one-element list,
 *   anything else that is not a list counts as the empty list, and non-string elements are skipped;
 * - where a single value is expected (`equals_*`, `in_*`), a list never matches.
 */

/**
 * A node property a policy reads: a plain identifier, but never `__proto__`. A JavaScript object
 * written by assignment (as the read gateway maps rows) cannot hold `__proto__` as data, so the
 * TypeScript checks would see it unset where Cypher sees it set; a policy naming it is refused.
 */
const PolicyProperty = CypherName.refine((name) => name !== '__proto__', schemaIssueText('policy_property_proto'));

/** A principal field holding one value. */
export const PrincipalScalarField = z.enum(['principal_id', 'workspace_id']);
export type PrincipalScalarField = z.infer<typeof PrincipalScalarField>;

/** A principal field holding a list of values. */
export const PrincipalListField = z.enum(['groups', 'acl_partitions']);
export type PrincipalListField = z.infer<typeof PrincipalListField>;

/** The principal fields a policy can read; a full `Principal` fits. */
export type AclPrincipal = Pick<Principal, PrincipalScalarField | PrincipalListField>;

/** A short stable code saying why something was denied, as counted in `denied[]`. */
export const AclReasonCode = z.string().regex(/^[a-z][a-z0-9_]*$/, schemaIssueText('acl_reason_code_format'));

/** The reason reported for a failed `all_of` requirement that names none. */
export const DEFAULT_REQUIREMENT_REASON = 'requirement';
/** The reason reported when no `any_of` condition holds and the section names none. */
export const DEFAULT_ANY_OF_REASON = 'not_shared';

const EqualsValue = z
  .object({ op: z.literal('equals_value'), property: PolicyProperty, value: z.string() })
  .strict()
  .describe('the property is exactly this string');
const InValues = z
  .object({ op: z.literal('in_values'), property: PolicyProperty, values: z.array(z.string()).min(1) })
  .strict()
  .describe('the property is exactly one of these strings');
const EqualsPrincipal = z
  .object({ op: z.literal('equals_principal'), property: PolicyProperty, principal_field: PrincipalScalarField })
  .strict()
  .describe("the property equals the principal's id or workspace");
const InPrincipal = z
  .object({ op: z.literal('in_principal'), property: PolicyProperty, principal_field: PrincipalListField })
  .strict()
  .describe("the property is one of the principal's groups or partitions");
const IntersectsPrincipal = z
  .object({ op: z.literal('intersects_principal'), property: PolicyProperty, principal_field: PrincipalListField })
  .strict()
  .describe("the property (a list) shares at least one value with the principal's groups or partitions");
const InPrincipalWhenBothSet = z
  .object({ op: z.literal('in_principal_when_both_set'), property: PolicyProperty, principal_field: PrincipalListField })
  .strict()
  .describe("when the property is set and the principal's list is not empty, the property is in that list");
const PrincipalHasAny = z
  .object({ op: z.literal('principal_has_any'), principal_field: PrincipalListField })
  .strict()
  .describe("the principal's groups or partitions are not empty");

/** One test of a node's property against a value or the principal. */
export const AclLeafCondition = z.discriminatedUnion('op', [
  EqualsValue,
  InValues,
  EqualsPrincipal,
  InPrincipal,
  IntersectsPrincipal,
  InPrincipalWhenBothSet,
  PrincipalHasAny,
]);
export type AclLeafCondition = z.infer<typeof AclLeafCondition>;

/** Every condition of the group holds. */
export interface AclAllOfCondition {
  all_of: AclCondition[];
}
/** At least one condition of the group holds. */
export interface AclAnyOfCondition {
  any_of: AclCondition[];
}
/** A leaf test, or a group of conditions nested to any depth. */
export type AclCondition = AclLeafCondition | AclAllOfCondition | AclAnyOfCondition;

/** A condition: a leaf test or an `all_of` / `any_of` group (so "internal AND in some group" can be one alternative). */
export const AclCondition: z.ZodType<AclCondition> = z.lazy(() => z.union([AclLeafCondition, AllOfGroup, AnyOfGroup]));
const AllOfGroup = z.object({ all_of: z.array(AclCondition).min(1) }).strict();
const AnyOfGroup = z.object({ any_of: z.array(AclCondition).min(1) }).strict();

const reason = { reason: AclReasonCode.default(DEFAULT_REQUIREMENT_REASON) };

/** A top-level `all_of` condition with the reason code reported when it is the one that fails. */
export const AclRequirement = z.union([
  z.discriminatedUnion('op', [
    EqualsValue.extend(reason),
    InValues.extend(reason),
    EqualsPrincipal.extend(reason),
    InPrincipal.extend(reason),
    IntersectsPrincipal.extend(reason),
    InPrincipalWhenBothSet.extend(reason),
    PrincipalHasAny.extend(reason),
  ]),
  AllOfGroup.extend(reason),
  AnyOfGroup.extend(reason),
]);
export type AclRequirement = z.infer<typeof AclRequirement>;

/**
 * The rule for one kind of node: every `all_of` requirement holds, and (when `any_of` is given) at
 * least one of its conditions holds. Requirements are checked in order, so the first failing one
 * names the denial.
 */
export const AclSection = z
  .object({
    all_of: z.array(AclRequirement).default([]),
    any_of: z.array(AclCondition).min(1).optional(),
    any_of_reason: AclReasonCode.default(DEFAULT_ANY_OF_REASON),
  })
  .strict();
export type AclSection = z.infer<typeof AclSection>;

/**
 * A team's access policy. `document` decides documents; a chunk needs its document visible and the
 * `chunk` rule; an entity that has any of `entity.acl_properties` set is checked by `entity.rule`
 * (the document rule when absent), any other entity is visible. Claims and evidence have no rule of
 * their own: they are visible only through a visible chunk.
 */
export const AccessPolicy = z
  .object({
    document: AclSection.refine(
      (section) => section.all_of.length > 0 || section.any_of !== undefined,
      schemaIssueText('policy_document_rule_empty'),
    ),
    chunk: AclSection.default({ all_of: [], any_of_reason: DEFAULT_ANY_OF_REASON }),
    entity: z
      .object({
        acl_properties: z.array(PolicyProperty),
        rule: AclSection.optional(),
      })
      .strict(),
  })
  .strict();
export type AccessPolicy = z.infer<typeof AccessPolicy>;

/**
 * Policies already validated, by the object given and its content then: every run compiles the
 * connection's policy four or five ways (Cypher, TypeScript, Lucene, the explainer), each validating
 * it first, which cost more client time per request than the compilations. The content is compared
 * (as JSON, a few microseconds) on every call, so an object edited in place is validated again; the
 * policy handed out is frozen, so no caller can change what the next one gets.
 */
const validated = new WeakMap<object, { readonly json: string; readonly policy: AccessPolicy }>();

/**
 * The policies this module handed out: deep-frozen, so one given back (the usual case, a run's
 * compilations all take the policy parsed once) cannot have changed and needs no comparison.
 */
const handedOut = new WeakSet<object>();

/** Validates a policy (from a profile file, the settings screen or code); an invalid one is an `invalid_input` error listing every problem. */
export function parseAccessPolicy(input: unknown): AccessPolicy {
  if (typeof input === 'object' && input !== null && handedOut.has(input)) return input as AccessPolicy;
  const json = typeof input === 'object' && input !== null ? JSON.stringify(input) : null;
  const known = json === null ? undefined : validated.get(input as object);
  if (known && known.json === json) return known.policy;
  const parsed = AccessPolicy.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    // Each problem at its path in our words (codes, so a screen words them in its language), never zod's English.
    throw retrievalCodedError('invalid_input', retrievalError('access_policy_invalid'), {
      hint: retrievalError('access_policy_invalid_hint'),
      moreProblems: parsed.error.issues.map((issue) =>
        retrievalError('access_policy_problem', {
          path: fieldPath(issue.path) || [retrievalError('top_level')],
          problem: issueWords(issue),
        }),
      ),
    });
  }
  const policy = deepFreeze(parsed.data);
  handedOut.add(policy);
  if (json !== null) validated.set(input as object, { json, policy });
  return policy;
}

/** Freezes `value` and everything in it; returns it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * The default rule of DESIGN.md over a profile's property names: a document is visible in the
 * principal's workspace when it is public, owned by the principal or shared with one of the
 * principal's groups; a chunk also needs its partition among the principal's when both are set.
 * `owner_id` is deliberately not an entity ACL marker: the default profile's Owner entity uses it as
 * its own id, and counting it would hide every Owner from everyone.
 */
export function defaultAccessPolicy(profile: SchemaProfile): AccessPolicy {
  const doc = profile.properties.document;
  return parseAccessPolicy({
    document: {
      all_of: [{ op: 'equals_principal', property: doc.workspaceId, principal_field: 'workspace_id', reason: 'workspace' }],
      any_of: [
        { op: 'equals_value', property: doc.visibility, value: 'public' },
        { op: 'equals_principal', property: doc.ownerId, principal_field: 'principal_id' },
        { op: 'intersects_principal', property: doc.allowedGroups, principal_field: 'groups' },
      ],
      any_of_reason: DEFAULT_ANY_OF_REASON,
    },
    chunk: {
      all_of: [
        {
          op: 'in_principal_when_both_set',
          property: profile.properties.chunk.aclPartition,
          principal_field: 'acl_partitions',
          reason: 'partition',
        },
      ],
    },
    entity: { acl_properties: [doc.workspaceId, doc.visibility, doc.allowedGroups] },
  });
}

/** The default policy over the default profile. */
export const DEFAULT_ACCESS_POLICY: AccessPolicy = defaultAccessPolicy(DEFAULT_SCHEMA_PROFILE);
