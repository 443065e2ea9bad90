import { quoteName } from '../cypher/quote-name';
import { retrievalCodedError, retrievalError } from '../errors/retrieval-error-messages';
import {
  parseAccessPolicy,
  type AccessPolicy,
  type AclCondition,
  type AclPrincipal,
  type AclSection,
  type PrincipalListField,
  type PrincipalScalarField,
} from './access-policy';

/** The Cypher variables the compiled expressions read: a node, or a map with the same keys. */
export interface AclCypherVars {
  readonly document: string;
  readonly chunk?: string;
  readonly entity?: string;
  /**
   * How a chunk reaches its documents (the profile's relationship type and document label). Given,
   * the chunk rule also requires every document `chunk` is part of to pass the document rule (deny
   * overrides: a chunk of a public and an HR document is as hidden as the HR document), which the
   * caller's one `document` variable alone cannot say.
   */
  readonly documentsOfChunk?: { readonly relationship: string; readonly documentLabel: string };
}

/**
 * The policy as Cypher boolean expressions, each always exactly `true` or `false` (never null), with
 * every principal and policy value in `params`. `chunk` includes the document rule over
 * `vars.document`, so `WHERE <chunk>` alone filters chunks; `chunk` and `entity` are null when their
 * variable was not given.
 */
export interface AclCypher {
  readonly document: string;
  readonly chunk: string | null;
  /**
   * The chunk rule without the clause on a chunk's other documents (`documentsOfChunk`): the same
   * verdict on a graph where no chunk is part of two documents, with no subquery. Equal to `chunk`
   * when `documentsOfChunk` was not given; null with `chunk`.
   */
  readonly chunkOfOneDocument: string | null;
  readonly entity: string | null;
  readonly params: Record<string, unknown>;
}

/** Parameters and the list-iteration variable start with this, so they never collide with a caller's. */
const RESERVED_PREFIX = 'acl_';
const ITEM = `${RESERVED_PREFIX}item`;
/** Every other document of the chunk, judged by the document rule inside the chunk rule. */
const SIBLING_DOCUMENT = `${RESERVED_PREFIX}document`;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const PRINCIPAL_PARAMS: Record<PrincipalScalarField | PrincipalListField, string> = {
  principal_id: 'acl_principal_id',
  workspace_id: 'acl_workspace_id',
  groups: 'acl_groups',
  acl_partitions: 'acl_partitions',
};

/** Collects the parameters the compiled text refers to; the text itself never holds a value. */
class ParamSet {
  readonly values: Record<string, unknown> = {};
  private readonly byValue = new Map<string, string>();

  constructor(private readonly principal: AclPrincipal) {}

  principalField(field: PrincipalScalarField | PrincipalListField): string {
    const name = PRINCIPAL_PARAMS[field];
    // Copies, so a caller mutating the principal later cannot change a query already built.
    const value = this.principal[field];
    this.values[name] = Array.isArray(value) ? [...value] : value;
    return `$${name}`;
  }

  /** One parameter per distinct value, so the document rule reused for entities adds none. */
  policyValue(value: string | readonly string[]): string {
    const key = JSON.stringify(value);
    let name = this.byValue.get(key);
    if (name === undefined) {
      name = `${RESERVED_PREFIX}value_${this.byValue.size}`;
      this.byValue.set(key, name);
      this.values[name] = typeof value === 'string' ? value : [...value];
    }
    return `$${name}`;
  }
}

function variable(name: string, role: string): string {
  if (!IDENTIFIER.test(name)) {
    throw retrievalCodedError('invalid_input', retrievalError('acl_variable_not_identifier', { role, name }), {
      hint: retrievalError('acl_variable_not_identifier_hint'),
    });
  }
  if (name.startsWith(RESERVED_PREFIX)) {
    throw retrievalCodedError('invalid_input', retrievalError('acl_variable_reserved', { role, name, prefix: RESERVED_PREFIX }), {
      hint: retrievalError('acl_variable_reserved_hint'),
    });
  }
  return quoteName(name);
}

/** `x.p IS :: STRING NOT NULL` guards every comparison: a type predicate is never null, and only strings match, as in the TypeScript predicate. */
function compileCondition(condition: AclCondition, node: string, params: ParamSet): string {
  if ('all_of' in condition) return `(${condition.all_of.map((part) => compileCondition(part, node, params)).join(' AND ')})`;
  if ('any_of' in condition) return `(${condition.any_of.map((part) => compileCondition(part, node, params)).join(' OR ')})`;
  if (condition.op === 'principal_has_any') return `size(${params.principalField(condition.principal_field)}) > 0`;
  const value = `${node}.${quoteName(condition.property)}`;
  const isString = `${value} IS :: STRING NOT NULL`;
  switch (condition.op) {
    case 'equals_value':
      return `(${isString} AND ${value} = ${params.policyValue(condition.value)})`;
    case 'in_values':
      return `(${isString} AND ${value} IN ${params.policyValue(condition.values)})`;
    case 'equals_principal':
      return `(${isString} AND ${value} = ${params.principalField(condition.principal_field)})`;
    case 'in_principal':
      return `(${isString} AND ${value} IN ${params.principalField(condition.principal_field)})`;
    case 'intersects_principal': {
      // A single string is a one-element list, any other non-list the empty list; non-string items are skipped.
      const items = `CASE WHEN ${isString} THEN [${value}] WHEN ${value} IS :: LIST<ANY> NOT NULL THEN ${value} ELSE [] END`;
      return `any(${ITEM} IN ${items} WHERE ${ITEM} IS :: STRING NOT NULL AND ${ITEM} IN ${params.principalField(condition.principal_field)})`;
    }
    case 'in_principal_when_both_set': {
      const own = params.principalField(condition.principal_field);
      return `(${value} IS NULL OR size(${own}) = 0 OR (${isString} AND ${value} IN ${own}))`;
    }
  }
}

function compileSection(section: AclSection, node: string, params: ParamSet): string {
  const parts = section.all_of.map((requirement) => compileCondition(requirement, node, params));
  if (section.any_of) parts.push(compileCondition({ any_of: section.any_of }, node, params));
  return parts.length === 0 ? 'true' : parts.length === 1 ? (parts[0] as string) : `(${parts.join(' AND ')})`;
}

/**
 * Compiles the policy to Cypher for one principal. Property names come from the validated policy and
 * are backtick-quoted; variables must be plain identifiers not starting with `acl_`; every value is a
 * parameter named `acl_…`. The text depends on the policy and the variables only, never on the
 * principal, so the server can reuse one plan for every principal.
 */
export function compileAclToCypher(policy: AccessPolicy, principal: AclPrincipal, vars: AclCypherVars): AclCypher {
  const valid = parseAccessPolicy(policy);
  const documentVar = variable(vars.document, 'document');
  const chunkVar = vars.chunk === undefined ? null : variable(vars.chunk, 'chunk');
  const entityVar = vars.entity === undefined ? null : variable(vars.entity, 'entity');
  const params = new ParamSet(principal);

  const document = compileSection(valid.document, documentVar, params);
  const everyDocument = (chunkNode: string): string => {
    if (!vars.documentsOfChunk) return '';
    const { relationship, documentLabel } = vars.documentsOfChunk;
    const sibling = compileSection(valid.document, SIBLING_DOCUMENT, params);
    // The document judged above is skipped: a chunk of one document (nearly every chunk) reads no document property twice.
    return ` AND NOT EXISTS { MATCH (${chunkNode})-[:${quoteName(relationship)}]->(${SIBLING_DOCUMENT}:${quoteName(documentLabel)}) WHERE ${SIBLING_DOCUMENT} <> ${documentVar} AND NOT (${sibling}) }`;
  };
  const chunkRule = chunkVar === null ? null : compileSection(valid.chunk, chunkVar, params);
  const chunk = chunkVar === null ? null : `(${document} AND ${chunkRule}${everyDocument(chunkVar)})`;
  const chunkOfOneDocument = chunkVar === null ? null : `(${document} AND ${chunkRule})`;
  let entity: string | null = null;
  if (entityVar !== null) {
    const markers = valid.entity.acl_properties.map((marker) => `${entityVar}.${quoteName(marker)} IS NOT NULL`);
    entity =
      markers.length === 0
        ? 'true'
        : `CASE WHEN ${markers.join(' OR ')} THEN ${compileSection(valid.entity.rule ?? valid.document, entityVar, params)} ELSE true END`;
  }
  return { document, chunk, chunkOfOneDocument, entity, params: params.values };
}
