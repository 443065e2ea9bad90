import {
  parseAccessPolicy,
  type AccessPolicy,
  type AclCondition,
  type AclPrincipal,
  type AclSection,
  type PrincipalListField,
} from './access-policy';

/** Why something was denied: a short stable code from the policy (`workspace`, `not_shared`, `partition`, or a team's own). */
export type AclDenialReason = string;

/** The answer for one node: visible, or denied with the reason code and the condition that failed (e.g. `document.all_of[0] workspace_id`). */
export type AclDecision = { readonly visible: true } | { readonly visible: false; readonly reason: AclDenialReason; readonly rule: string };

/** A node's properties as read from Neo4j (or any map with the same keys). */
export type AclProperties = Readonly<Record<string, unknown>>;

/** The policy compiled to TypeScript: re-checks nodes after expansion and every item before output. */
export interface AclPredicate {
  /** Decides a document from its own properties. */
  document(props: AclProperties, principal: AclPrincipal): AclDecision;
  /** Decides a chunk: its document must be visible (that denial is returned as is), then the chunk rule must hold. */
  chunk(chunkProps: AclProperties, documentProps: AclProperties, principal: AclPrincipal): AclDecision;
  /** Decides an entity: checked by the entity rule when it has any ACL property set, else visible. */
  entity(props: AclProperties, principal: AclPrincipal): AclDecision;
}

type Test = (props: AclProperties, principal: AclPrincipal) => boolean;
type Decide = (props: AclProperties, principal: AclPrincipal) => AclDecision;

const VISIBLE: AclDecision = Object.freeze({ visible: true });

/** Own properties only: a policy property named `constructor` must not read Object.prototype. */
function read(props: AclProperties, name: string): unknown {
  return Object.hasOwn(props, name) ? props[name] : undefined;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** A single string is a one-element list; anything else that is not a list is the empty list. */
function asList(value: unknown): readonly unknown[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value : [];
}

function principalList(principal: AclPrincipal, field: PrincipalListField): readonly string[] {
  return principal[field];
}

function compileCondition(condition: AclCondition): Test {
  if ('all_of' in condition) {
    const parts = condition.all_of.map(compileCondition);
    return (props, principal) => parts.every((part) => part(props, principal));
  }
  if ('any_of' in condition) {
    const parts = condition.any_of.map(compileCondition);
    return (props, principal) => parts.some((part) => part(props, principal));
  }
  switch (condition.op) {
    case 'equals_value': {
      const { property, value } = condition;
      return (props) => read(props, property) === value;
    }
    case 'in_values': {
      const { property, values } = condition;
      return (props) => {
        const value = read(props, property);
        return typeof value === 'string' && values.includes(value);
      };
    }
    case 'equals_principal': {
      const { property, principal_field: field } = condition;
      return (props, principal) => read(props, property) === principal[field];
    }
    case 'in_principal': {
      const { property, principal_field: field } = condition;
      return (props, principal) => {
        const value = read(props, property);
        return typeof value === 'string' && principalList(principal, field).includes(value);
      };
    }
    case 'intersects_principal': {
      const { property, principal_field: field } = condition;
      return (props, principal) => {
        const own = principalList(principal, field);
        return asList(read(props, property)).some((item) => typeof item === 'string' && own.includes(item));
      };
    }
    case 'in_principal_when_both_set': {
      const { property, principal_field: field } = condition;
      return (props, principal) => {
        const value = read(props, property);
        const own = principalList(principal, field);
        return !isSet(value) || own.length === 0 || (typeof value === 'string' && own.includes(value));
      };
    }
    case 'principal_has_any': {
      const { principal_field: field } = condition;
      return (_props, principal) => principalList(principal, field).length > 0;
    }
  }
}

/** The properties a condition reads, for the `rule` of a denial. */
export function describeCondition(condition: AclCondition): string {
  if ('all_of' in condition) return `(${condition.all_of.map(describeCondition).join(', ')})`;
  if ('any_of' in condition) return `(${condition.any_of.map(describeCondition).join(', ')})`;
  return 'property' in condition ? condition.property : `principal.${condition.principal_field}`;
}

function compileSection(name: string, section: AclSection): Decide {
  const requirements = section.all_of.map((requirement, index) => ({
    test: compileCondition(requirement),
    denial: Object.freeze({
      visible: false,
      reason: requirement.reason,
      rule: `${name}.all_of[${index}] ${describeCondition(requirement)}`,
    }) as AclDecision,
  }));
  const anyOf = section.any_of?.map(compileCondition);
  const anyOfDenial = section.any_of
    ? (Object.freeze({
        visible: false,
        reason: section.any_of_reason,
        rule: `${name}.any_of ${section.any_of.map(describeCondition).join(', ')}`,
      }) as AclDecision)
    : VISIBLE;
  return (props, principal) => {
    for (const { test, denial } of requirements) if (!test(props, principal)) return denial;
    if (anyOf && !anyOf.some((test) => test(props, principal))) return anyOfDenial;
    return VISIBLE;
  };
}

/**
 * Compiles the policy to TypeScript, once; the returned functions only evaluate. Agrees with
 * `compileAclToCypher` on every input (see access-policy.ts for the value semantics both follow).
 */
export function compileAclToPredicate(policy: AccessPolicy): AclPredicate {
  const valid = parseAccessPolicy(policy);
  const document = compileSection('document', valid.document);
  const chunk = compileSection('chunk', valid.chunk);
  const entityRule = compileSection('entity', valid.entity.rule ?? valid.document);
  const markers = valid.entity.acl_properties;
  return {
    document,
    chunk(chunkProps, documentProps, principal) {
      const ofDocument = document(documentProps, principal);
      return ofDocument.visible ? chunk(chunkProps, principal) : ofDocument;
    },
    entity(props, principal) {
      return markers.some((marker) => isSet(read(props, marker))) ? entityRule(props, principal) : VISIBLE;
    },
  };
}
