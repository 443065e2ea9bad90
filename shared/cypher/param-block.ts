import { quoteName } from './quote-name';

/**
 * What the Copy button of a query puts on the clipboard: the Cypher, after a `:param` line per
 * parameter in the form Neo4j Browser accepts (`:param name => value`), values written as Cypher
 * literals. Values are the trace's redacted copy, so a secret is copied as `***`, never its value.
 */

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A name as Cypher reads it: plain when it can be, else backtick-quoted. */
function cypherName(name: string): string {
  return PLAIN_NAME.test(name) ? name : quoteName(name);
}

/** A JSON value as a Cypher literal: strings single-quoted with escapes, lists, maps with Cypher keys. */
export function cypherLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string')
    return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(cypherLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${cypherName(key)}: ${cypherLiteral(item)}`)
      .join(', ')}}`;
  return cypherLiteral(String(value));
}

/** One `:param name => value` line per parameter, in name order. */
export function paramLines(params: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(params)
    .sort()
    .map((name) => `:param ${cypherName(name)} => ${cypherLiteral(params[name])}`);
}

/** The text to paste into Neo4j Browser: the `:param` lines, a blank line, then the Cypher. */
export function browserPasteText(cypher: string, params: Readonly<Record<string, unknown>> | undefined): string {
  const lines = paramLines(params ?? {});
  return lines.length === 0 ? cypher.trim() : `${lines.join('\n')}\n\n${cypher.trim()}`;
}
