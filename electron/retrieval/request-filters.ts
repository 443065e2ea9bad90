import type { RequestFilters } from '../../shared/context-contract';
import { quoteName as q } from '../../shared/cypher/quote-name';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { NodeProps } from './candidate';

/** A request's filters as a Cypher condition on `d` (with parameters) and the same test in TypeScript. */
export interface CompiledFilters {
  readonly cypher: string | null;
  readonly params: Record<string, unknown>;
  readonly test: (document: NodeProps) => boolean;
}

function instant(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * Compiles document-type, validity-date and language filters. Both forms are applied: the Cypher one
 * narrows candidate queries, the TypeScript one holds for paths the queries did not filter (graph
 * expansion, templates), so a filter is never silently ignored.
 */
export function compileFilters(
  filters: RequestFilters | undefined,
  profile: SchemaProfile,
  languageProperty = 'language',
): CompiledFilters {
  const P = profile.properties.document;
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  const tests: ((document: NodeProps) => boolean)[] = [];
  if (filters?.document_types) {
    const types = filters.document_types;
    parts.push(`d.${q(P.docType)} IN $filter_document_types`);
    params.filter_document_types = types;
    tests.push((document) => typeof document[P.docType] === 'string' && types.includes(document[P.docType] as string));
  }
  if (filters?.valid_at) {
    const at = Date.parse(filters.valid_at);
    parts.push(
      `(d.${q(P.validFrom)} IS NULL OR d.${q(P.validFrom)} <= datetime($filter_valid_at)) AND (d.${q(P.validTo)} IS NULL OR d.${q(P.validTo)} > datetime($filter_valid_at))`,
    );
    params.filter_valid_at = new Date(at).toISOString();
    tests.push((document) => {
      const from = instant(document[P.validFrom]);
      const to = instant(document[P.validTo]);
      return (from === null || from <= at) && (to === null || to > at);
    });
  }
  if (filters?.language) {
    const language = filters.language;
    parts.push(`d.${q(languageProperty)} = $filter_language`);
    params.filter_language = language;
    tests.push((document) => document[languageProperty] === language);
  }
  return {
    cypher: parts.length > 0 ? parts.map((part) => `(${part})`).join(' AND ') : null,
    params,
    test: (document) => tests.every((test) => test(document)),
  };
}
