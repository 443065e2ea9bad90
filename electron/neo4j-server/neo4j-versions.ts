import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';

/** The Neo4j release started when none is asked for: the 5.26 LTS line, which runs on Java 17. */
export const DEFAULT_NEO4J_VERSION = '5.26.30';

/** A Neo4j release number split into the parts that decide its Java requirement and features. */
export interface Neo4jVersion {
  readonly text: string;
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** Parses `5.26.30` or `2026.08.1`; anything else is an `invalid_input` error naming the forms accepted. */
export function parseNeo4jVersion(text: string): Neo4jVersion {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) {
    throw codedError('invalid_input', serverError('not_a_version', { text }), {
      hint: serverError('not_a_version_hint', { default: DEFAULT_NEO4J_VERSION }),
    });
  }
  const [, major, minor, patch] = match.map(Number) as [number, number, number, number];
  const isCalendar = major >= 2025;
  if (!(major === 5 && minor >= 11) && !isCalendar) {
    throw codedError('invalid_input', serverError('version_too_old', { version: text }), {
      hint: serverError('version_too_old_hint', { default: DEFAULT_NEO4J_VERSION }),
    });
  }
  return { text: text.trim(), major, minor, patch };
}

/** The Java feature versions a Neo4j release runs on (Neo4j's own support matrix). */
export function supportedJavaVersions(version: Neo4jVersion): readonly number[] {
  if (version.major === 5) return [17, 21];
  if (version.major === 2025 && version.minor < 10) return [21];
  return [21, 25];
}

/** True when the release has the Cypher `SEARCH` clause with in-index filtering (2026.01 and later). */
export function hasVectorSearchClause(version: Neo4jVersion): boolean {
  return version.major >= 2026;
}
