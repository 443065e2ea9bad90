import {
  parseAccessPolicy,
  type AccessPolicy,
  type AclCondition,
  type AclLeafCondition,
  type AclPrincipal,
  type AclSection,
} from './access-policy';
import { describeCondition, type AclDenialReason, type AclProperties } from './compile-acl-to-predicate';

/**
 * The access policy explaining itself: for a node and a principal, the clauses that let it through
 * (public; owner; a shared group; the chunk's partition) or the first one it failed. Compiled from
 * the same declarative policy as the Cypher, TypeScript and Lucene forms, with the value semantics
 * of access-policy.ts; its verdict, reason and rule equal `compileAclToPredicate`'s on every input
 * (test/shared/acl/explain-access.test.ts runs both over generated policies and nodes).
 */

/** Where a clause sits in the policy, e.g. `document.any_of[2]` or `chunk.all_of[0].any_of[1]`. */
export type ClausePath = string;

/** One leaf test as applied to one node: what it compares and which values decided it. */
export interface AccessClause {
  readonly path: ClausePath;
  /** The policy's test, or `no_acl_properties` for an entity none of whose ACL markers is set. */
  readonly op: AclLeafCondition['op'] | 'no_acl_properties';
  /** The node property the test reads (null for `principal_has_any` and `no_acl_properties`). */
  readonly property: string | null;
  /** The principal field it compares with, or null for a fixed value. */
  readonly principal_field: string | null;
  /**
   * The values that decided it: when it held, the matching values (`public`, the principal's id, the
   * shared groups, the partition; empty when it held because a side was unset); when it failed,
   * the node's string values of the property (empty when unset or not a string).
   */
  readonly values: readonly string[];
  /** What the test compares with: the policy's value(s), or the principal's (id, workspace, groups, partitions). */
  readonly expected: readonly string[];
  readonly holds: boolean;
}

/** Why a node is visible to a principal, or why not. */
export type AccessExplanation =
  | {
      readonly visible: true;
      /** Every requirement that held, then the `any_of` alternative that let it through (its leaves). */
      readonly because: readonly AccessClause[];
    }
  | {
      readonly visible: false;
      /** The same reason code and rule as `compileAclToPredicate`'s denial. */
      readonly reason: AclDenialReason;
      readonly rule: string;
      /** The leaf tests of the first failing requirement, or every alternative of a failing `any_of`. */
      readonly failed: readonly AccessClause[];
    };

/** The policy compiled to explanations; slower than the predicate, so for display, not enforcement. */
export interface AccessExplainer {
  document(props: AclProperties, principal: AclPrincipal): AccessExplanation;
  /** A chunk: its document's explanation first (a denial there is the chunk's), then the chunk rule's clauses. */
  chunk(chunkProps: AclProperties, documentProps: AclProperties, principal: AclPrincipal): AccessExplanation;
  entity(props: AclProperties, principal: AclPrincipal): AccessExplanation;
}

interface Outcome {
  readonly holds: boolean;
  /** Held: the leaves that made it hold. Failed: the leaves that failed. */
  readonly clauses: readonly AccessClause[];
}

const MAX_SHOWN_VALUES = 8;

/** Own properties only, as the predicate reads them. */
function read(props: AclProperties, name: string): unknown {
  return Object.hasOwn(props, name) ? props[name] : undefined;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;

/** The string values of a property, as shown in a clause (a lone string, or a list's strings). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, MAX_SHOWN_VALUES) : [];
}

/** The values that satisfy a leaf, or null when it fails. */
function matchLeaf(condition: AclLeafCondition, props: AclProperties, principal: AclPrincipal): string[] | null {
  if (condition.op === 'principal_has_any') return principal[condition.principal_field].length > 0 ? [] : null;
  const value = read(props, condition.property);
  switch (condition.op) {
    case 'equals_value':
      return value === condition.value ? [value] : null;
    case 'in_values':
      return typeof value === 'string' && condition.values.includes(value) ? [value] : null;
    case 'equals_principal':
      return typeof value === 'string' && value === principal[condition.principal_field] ? [value] : null;
    case 'in_principal':
      return typeof value === 'string' && principal[condition.principal_field].includes(value) ? [value] : null;
    case 'intersects_principal': {
      const own = principal[condition.principal_field];
      const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
      const shared = [...new Set(list.filter((item): item is string => typeof item === 'string' && own.includes(item)))];
      return shared.length > 0 ? shared.slice(0, MAX_SHOWN_VALUES) : null;
    }
    case 'in_principal_when_both_set': {
      const own = principal[condition.principal_field];
      if (!isSet(value) || own.length === 0) return [];
      return typeof value === 'string' && own.includes(value) ? [value] : null;
    }
  }
}

function expectedOf(condition: AclLeafCondition, principal: AclPrincipal): readonly string[] {
  if (condition.op === 'equals_value') return [condition.value];
  if (condition.op === 'in_values') return condition.values;
  const own = principal[condition.principal_field];
  return typeof own === 'string' ? [own] : own.slice(0, MAX_SHOWN_VALUES);
}

function explainLeaf(condition: AclLeafCondition, props: AclProperties, principal: AclPrincipal, path: ClausePath): Outcome {
  const matched = matchLeaf(condition, props, principal);
  const property = 'property' in condition ? condition.property : null;
  const principalField = 'principal_field' in condition ? condition.principal_field : null;
  const values = matched ?? (property === null ? [] : stringsOf(read(props, property)));
  const clause: AccessClause = {
    path,
    op: condition.op,
    property,
    principal_field: principalField,
    values,
    expected: expectedOf(condition, principal),
    holds: matched !== null,
  };
  return { holds: clause.holds, clauses: [clause] };
}

function explainCondition(condition: AclCondition, props: AclProperties, principal: AclPrincipal, path: ClausePath): Outcome {
  if ('all_of' in condition) {
    const parts = condition.all_of.map((part, index) => explainCondition(part, props, principal, `${path}.all_of[${index}]`));
    const failed = parts.find((part) => !part.holds);
    return failed ? { holds: false, clauses: failed.clauses } : { holds: true, clauses: parts.flatMap((part) => part.clauses) };
  }
  if ('any_of' in condition) {
    const parts = condition.any_of.map((part, index) => explainCondition(part, props, principal, `${path}.any_of[${index}]`));
    const held = parts.find((part) => part.holds);
    return held ?? { holds: false, clauses: parts.flatMap((part) => part.clauses) };
  }
  return explainLeaf(condition, props, principal, path);
}

function explainSection(name: string, section: AclSection) {
  return (props: AclProperties, principal: AclPrincipal): AccessExplanation => {
    const because: AccessClause[] = [];
    for (const [index, requirement] of section.all_of.entries()) {
      const outcome = explainCondition(requirement, props, principal, `${name}.all_of[${index}]`);
      if (!outcome.holds)
        return {
          visible: false,
          reason: requirement.reason,
          rule: `${name}.all_of[${index}] ${describeCondition(requirement)}`,
          failed: outcome.clauses,
        };
      because.push(...outcome.clauses);
    }
    if (section.any_of) {
      const outcome = explainCondition({ any_of: section.any_of }, props, principal, name);
      if (!outcome.holds)
        return {
          visible: false,
          reason: section.any_of_reason,
          rule: `${name}.any_of ${section.any_of.map(describeCondition).join(', ')}`,
          failed: outcome.clauses,
        };
      because.push(...outcome.clauses);
    }
    return { visible: true, because };
  };
}

/** Compiles the policy to explanations, once; the returned functions only evaluate. */
export function compileAclToExplainer(policy: AccessPolicy): AccessExplainer {
  const valid = parseAccessPolicy(policy);
  const document = explainSection('document', valid.document);
  const chunk = explainSection('chunk', valid.chunk);
  const entityRule = explainSection('entity', valid.entity.rule ?? valid.document);
  const markers = valid.entity.acl_properties;
  const unmarked: AccessExplanation = {
    visible: true,
    because: [
      {
        path: 'entity.acl_properties',
        op: 'no_acl_properties',
        property: null,
        principal_field: null,
        values: markers,
        expected: [],
        holds: true,
      },
    ],
  };
  return {
    document,
    chunk(chunkProps, documentProps, principal) {
      const ofDocument = document(documentProps, principal);
      if (!ofDocument.visible) return ofDocument;
      const ofChunk = chunk(chunkProps, principal);
      return ofChunk.visible ? { visible: true, because: [...ofDocument.because, ...ofChunk.because] } : ofChunk;
    },
    entity(props, principal) {
      return markers.some((marker) => isSet(read(props, marker))) ? entityRule(props, principal) : unmarked;
    },
  };
}
