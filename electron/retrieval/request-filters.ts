import { SCOPE_KINDS, type FilterName, type FilterNote, type RequestFilters } from '../../shared/context-contract';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import { SCOPE_PARAM, scopeNote, scopeValueText, type ResolvedScopes } from './allowed-scopes';
import type { NodeProps } from './candidate';

/** One filter of a request, as a Cypher condition on `d` and the same test in TypeScript. */
export interface FilterPart {
  readonly name: FilterName;
  readonly cypher: string;
  readonly test: (document: NodeProps) => boolean;
  /** The values the request asked for, as text. */
  readonly requested: readonly string[];
  /** The Cypher expression of the document value the filter compares, to list the values present; null for validity. */
  readonly valueOf: string | null;
  /** The note this part's values carry, when worked out before (scopes, resolved against the graph); absent: counted with the filters. */
  readonly note?: FilterNote | null;
}

/** A request's filters as a Cypher condition on `d` (with parameters) and the same test in TypeScript. */
export interface CompiledFilters {
  readonly cypher: string | null;
  readonly params: Record<string, unknown>;
  readonly test: (document: NodeProps) => boolean;
  /** Each filter on its own, so what it leaves out is counted as that filter's. */
  readonly parts: readonly FilterPart[];
  /** The first filter `document` fails, or null when it passes them all. */
  readonly failing: (document: NodeProps) => FilterName | null;
}

function instant(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** The validity filter: valid_from ≤ t < valid_to, open ends allowed. */
function validAtPart(validAt: string, profile: SchemaProfile, params: Record<string, unknown>): FilterPart {
  const P = profile.properties.document;
  const at = Date.parse(validAt);
  params.filter_valid_at = new Date(at).toISOString();
  return {
    name: 'valid_at',
    requested: [validAt],
    valueOf: null,
    cypher: `(d.${q(P.validFrom)} IS NULL OR d.${q(P.validFrom)} <= datetime($filter_valid_at)) AND (d.${q(P.validTo)} IS NULL OR d.${q(P.validTo)} > datetime($filter_valid_at))`,
    test: (document) => {
      const from = instant(document[P.validFrom]);
      const to = instant(document[P.validTo]);
      return (from === null || from <= at) && (to === null || to > at);
    },
  };
}

/** The scopes as a filter part: the document's id among those in scope, in Cypher and in TypeScript alike. */
function scopeFilterPart(resolved: ResolvedScopes, profile: SchemaProfile, params: Record<string, unknown>): FilterPart {
  const idProperty = profile.properties.document.id;
  const ids = [...resolved.documentIds].sort();
  params[SCOPE_PARAM] = ids;
  return {
    name: 'allowed_scopes',
    requested: SCOPE_KINDS.flatMap((kind) => (resolved.scopes[kind] ?? []).map((value) => scopeValueText(kind, value))),
    valueOf: null,
    note: scopeNote(resolved),
    cypher: `d.${q(idProperty)} IN $${SCOPE_PARAM}`,
    test: (document) => typeof document[idProperty] === 'string' && resolved.documentIds.has(document[idProperty]),
  };
}

/**
 * Compiles document-type, validity-date and language filters, and the request's allowed scopes once
 * resolved to document ids (a document is in scope when its id is among them). Both forms are applied: the Cypher one
 * narrows candidate queries, the TypeScript one holds for paths the queries did not filter (graph
 * expansion, templates), so a filter is never silently ignored.
 */
export function compileFilters(
  filters: RequestFilters | undefined,
  profile: SchemaProfile,
  languageProperty = profile.properties.document.language,
  scopes: ResolvedScopes | null = null,
): CompiledFilters {
  const P = profile.properties.document;
  const params: Record<string, unknown> = {};
  const parts: FilterPart[] = [];
  if (filters?.document_types) {
    const types = filters.document_types;
    params.filter_document_types = types;
    parts.push({
      name: 'document_types',
      requested: types,
      valueOf: `d.${q(P.docType)}`,
      cypher: `d.${q(P.docType)} IN $filter_document_types`,
      test: (document) => typeof document[P.docType] === 'string' && types.includes(document[P.docType] as string),
    });
  }
  if (filters?.valid_at) parts.push(validAtPart(filters.valid_at, profile, params));
  if (filters?.language) {
    const language = filters.language;
    params.filter_language = language;
    parts.push({
      name: 'language',
      requested: [language],
      valueOf: `d.${q(languageProperty)}`,
      cypher: `d.${q(languageProperty)} = $filter_language`,
      test: (document) => document[languageProperty] === language,
    });
  }
  if (scopes) parts.push(scopeFilterPart(scopes, profile, params));
  const failing = (document: NodeProps) => parts.find((part) => !part.test(document))?.name ?? null;
  return {
    cypher: parts.length > 0 ? parts.map((part) => `(${part.cypher})`).join(' AND ') : null,
    params,
    test: (document) => failing(document) === null,
    parts,
    failing,
  };
}
