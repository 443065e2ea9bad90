import { parseAccessPolicy, type AccessPolicy, type AclCondition, type AclPrincipal, type AclSection } from './access-policy';

/**
 * The access policy compiled a third time, to a Lucene clause over ACL terms that the loader
 * denormalises onto every chunk (`acl_terms`, indexed beside the chunk text in the full-text index),
 * so full-text search filters inside the index instead of fetching and discarding denied hits.
 *
 * A term stands for one fact about one property of the chunk's document or of the chunk itself,
 * with the value semantics of access-policy.ts:
 * - `scalar`: the property is exactly this string (what `equals_*` and `in_*` test);
 * - `element`: this string is among the property's list elements, a lone string counting as a
 *   one-element list (what `intersects_principal` tests);
 * - `unset`: the property is missing or null (what `in_principal_when_both_set` lets through).
 * A number, boolean or list where a string is expected yields no scalar term, so it never matches.
 *
 * Terms are hashes (letters and digits only, so the `cjk` or `standard` analyzer keeps each one
 * whole, and of fixed length, under Lucene's 255-character token limit). A hash collision could only
 * let an extra hit through the clause, never keep an allowed one out, and the Cypher predicate in
 * the same query and the TypeScript re-checks still judge every hit: the clause narrows what the
 * index returns, it is never the only check.
 */

/** Names the term encoding; recorded on the graph by the loader and compared before the clause is used. */
export const ACL_TERMS_SCHEME = 'lens-acl-terms-1';

export type AclTermKind = 'document' | 'chunk';
type TermForm = 'scalar' | 'element' | 'unset';

/** The properties whose terms a chunk carries, per kind. */
export interface AclTermProperties {
  readonly document: readonly string[];
  readonly chunk: readonly string[];
}

/** A boolean formula over terms: what the clause means, before it is written as Lucene syntax. */
export type AclTermFormula =
  | { readonly kind: 'const'; readonly value: boolean }
  | { readonly kind: 'term'; readonly term: string }
  | { readonly kind: 'and'; readonly parts: readonly AclTermFormula[] }
  | { readonly kind: 'or'; readonly parts: readonly AclTermFormula[] };

const TRUE: AclTermFormula = { kind: 'const', value: true };
const FALSE: AclTermFormula = { kind: 'const', value: false };

/** cyrb53: a fast 53-bit string hash (public domain), as 14 hex digits. Pure, so shared/ needs no crypto module. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The term for one fact: `acl` and 28 hex digits. */
export function aclTerm(kind: AclTermKind, form: TermForm, property: string, value = ''): string {
  const text = [ACL_TERMS_SCHEME, kind, form, property, value].join('\u0000');
  return `acl${hash53(text, 1)}${hash53(text, 2)}`;
}

function conditionProperties(condition: AclCondition, into: Set<string>): void {
  if ('all_of' in condition) condition.all_of.forEach((part) => conditionProperties(part, into));
  else if ('any_of' in condition) condition.any_of.forEach((part) => conditionProperties(part, into));
  else if ('property' in condition) into.add(condition.property);
}

function sectionProperties(section: AclSection): string[] {
  const into = new Set<string>();
  section.all_of.forEach((requirement) => conditionProperties(requirement, into));
  section.any_of?.forEach((condition) => conditionProperties(condition, into));
  return [...into].sort();
}

/** The document and chunk properties a policy reads, i.e. the terms a chunk must carry for the clause to be exact. */
export function aclTermProperties(policy: AccessPolicy): AclTermProperties {
  const valid = parseAccessPolicy(policy);
  return { document: sectionProperties(valid.document), chunk: sectionProperties(valid.chunk) };
}

/**
 * The entity properties a policy reads: its ACL markers and what the entity rule (the document rule
 * when it has none) judges, as `compileAclToPredicate`'s entity decision reads them.
 */
export function entityAclProperties(policy: AccessPolicy): string[] {
  const valid = parseAccessPolicy(policy);
  return [...new Set([...valid.entity.acl_properties, ...sectionProperties(valid.entity.rule ?? valid.document)])].sort();
}

/** The properties the policy reads that the graph's terms do not cover (empty: the clause can be used). */
export function uncoveredAclProperties(policy: AccessPolicy, covered: AclTermProperties): string[] {
  const needed = aclTermProperties(policy);
  return [
    ...needed.document.filter((p) => !covered.document.includes(p)).map((p) => `document.${p}`),
    ...needed.chunk.filter((p) => !covered.chunk.includes(p)).map((p) => `chunk.${p}`),
  ];
}

function termsOfValue(kind: AclTermKind, property: string, props: Readonly<Record<string, unknown>>, into: Set<string>): void {
  const value = Object.hasOwn(props, property) ? props[property] : undefined;
  if (value === undefined || value === null) {
    into.add(aclTerm(kind, 'unset', property));
  } else if (typeof value === 'string') {
    into.add(aclTerm(kind, 'scalar', property, value));
    into.add(aclTerm(kind, 'element', property, value));
  } else if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string') into.add(aclTerm(kind, 'element', property, item));
  }
}

/** The terms one chunk carries, from its document's and its own properties: sorted, distinct. */
export function aclTermsOf(
  properties: AclTermProperties,
  documentProps: Readonly<Record<string, unknown>>,
  chunkProps: Readonly<Record<string, unknown>>,
): string[] {
  const into = new Set<string>();
  properties.document.forEach((property) => termsOfValue('document', property, documentProps, into));
  properties.chunk.forEach((property) => termsOfValue('chunk', property, chunkProps, into));
  return [...into].sort();
}

function and(parts: readonly AclTermFormula[]): AclTermFormula {
  const kept: AclTermFormula[] = [];
  for (const part of parts) {
    if (part.kind === 'const') {
      if (!part.value) return FALSE;
      continue;
    }
    kept.push(...(part.kind === 'and' ? part.parts : [part]));
  }
  return kept.length === 0 ? TRUE : kept.length === 1 ? (kept[0] as AclTermFormula) : { kind: 'and', parts: kept };
}

function or(parts: readonly AclTermFormula[]): AclTermFormula {
  const kept: AclTermFormula[] = [];
  for (const part of parts) {
    if (part.kind === 'const') {
      if (part.value) return TRUE;
      continue;
    }
    kept.push(...(part.kind === 'or' ? part.parts : [part]));
  }
  return kept.length === 0 ? FALSE : kept.length === 1 ? (kept[0] as AclTermFormula) : { kind: 'or', parts: kept };
}

const term = (value: string): AclTermFormula => ({ kind: 'term', term: value });

function compileCondition(condition: AclCondition, kind: AclTermKind, principal: AclPrincipal): AclTermFormula {
  if ('all_of' in condition) return and(condition.all_of.map((part) => compileCondition(part, kind, principal)));
  if ('any_of' in condition) return or(condition.any_of.map((part) => compileCondition(part, kind, principal)));
  if (condition.op === 'principal_has_any') return principal[condition.principal_field].length > 0 ? TRUE : FALSE;
  const { property } = condition;
  const scalar = (value: string) => term(aclTerm(kind, 'scalar', property, value));
  switch (condition.op) {
    case 'equals_value':
      return scalar(condition.value);
    case 'in_values':
      return or(condition.values.map(scalar));
    case 'equals_principal':
      return scalar(principal[condition.principal_field]);
    case 'in_principal':
      return or(principal[condition.principal_field].map(scalar));
    case 'intersects_principal':
      return or(principal[condition.principal_field].map((value) => term(aclTerm(kind, 'element', property, value))));
    case 'in_principal_when_both_set': {
      const own = principal[condition.principal_field];
      return own.length === 0 ? TRUE : or([term(aclTerm(kind, 'unset', property)), ...own.map(scalar)]);
    }
  }
}

function compileSection(section: AclSection, kind: AclTermKind, principal: AclPrincipal): AclTermFormula {
  const parts = section.all_of.map((requirement) => compileCondition(requirement, kind, principal));
  if (section.any_of) parts.push(compileCondition({ any_of: section.any_of }, kind, principal));
  return and(parts);
}

/** The chunk rule (its document's rule and its own) as a formula over terms, for one principal; constants folded. */
export function compileAclToTermFormula(policy: AccessPolicy, principal: AclPrincipal): AclTermFormula {
  const valid = parseAccessPolicy(policy);
  return and([compileSection(valid.document, 'document', principal), compileSection(valid.chunk, 'chunk', principal)]);
}

/** Whether a chunk carrying `terms` satisfies the formula: what Lucene computes, for tests and explanations. */
export function formulaHolds(formula: AclTermFormula, terms: ReadonlySet<string>): boolean {
  switch (formula.kind) {
    case 'const':
      return formula.value;
    case 'term':
      return terms.has(formula.term);
    case 'and':
      return formula.parts.every((part) => formulaHolds(part, terms));
    case 'or':
      return formula.parts.some((part) => formulaHolds(part, terms));
  }
}

/** How many term clauses the formula has: Lucene refuses a query of more than 1024 clauses. */
export function formulaTermCount(formula: AclTermFormula): number {
  if (formula.kind === 'const') return 0;
  if (formula.kind === 'term') return 1;
  return formula.parts.reduce((sum, part) => sum + formulaTermCount(part), 0);
}

const LUCENE_SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|\s]/g;

/** A field name as Lucene's query syntax needs it: special characters escaped. */
export function luceneField(name: string): string {
  return name.replace(LUCENE_SPECIAL, (ch) => `\\${ch}`);
}

/**
 * A non-constant formula in Lucene's classic syntax over `field`. Groups never mix required and
 * optional clauses (in Lucene, optional clauses beside a required one stop being needed): an `and`
 * is all `+`, an `or` all plain, so an `or` group matches when at least one of its clauses does.
 */
export function formulaToLucene(formula: AclTermFormula, field: string): string {
  const name = luceneField(field);
  const render = (node: AclTermFormula): string => {
    switch (node.kind) {
      case 'const':
        throw new Error('constant formulas have no Lucene form; fold them before rendering');
      case 'term':
        return `${name}:${node.term}`;
      case 'and':
        return `(${node.parts.map((part) => `+${render(part)}`).join(' ')})`;
      case 'or':
        return `(${node.parts.map(render).join(' ')})`;
    }
  };
  return render(formula);
}
