// How deep the maps and lists of a YAML (or JSON) text nest, measured without building it: the YAML
// library builds a document recursively, once per level, and some thousands of levels overflowed the
// call stack — reported as a syntax error of valid text or, when the overflow struck inside a regular
// expression, aborting the whole process (FATAL ERROR: RegExpCompiler Allocation failed).
import { Parser } from 'yaml';

/** How deep the maps and lists of a file a person writes may nest: theirs go a few levels. */
export const MAX_YAML_NESTING = 64;

const COLLECTIONS: ReadonlySet<unknown> = new Set(['block-map', 'block-seq', 'flow-collection']);

/**
 * The offset in `text` of the first map or list that nests deeper than MAX_YAML_NESTING, or null.
 * Read from the library's syntax tree, which its parser builds with a stack of its own, and walked
 * with one here too.
 */
export function yamlTooDeepAt(text: string): number | null {
  const pending: { node: unknown; depth: number }[] = [...new Parser().parse(text)].map((node) => ({ node, depth: 0 }));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node } = next;
    if (node === null || typeof node !== 'object') continue;
    const token = node as { type?: unknown; offset?: unknown };
    const depth = next.depth + (COLLECTIONS.has(token.type) ? 1 : 0);
    if (depth > MAX_YAML_NESTING) return typeof token.offset === 'number' ? token.offset : 0;
    for (const child of Object.values(node)) pending.push({ node: child, depth });
  }
  return null;
}

/** Where `yamlTooDeepAt` found the text too deep, as a 1-based line and column, or null. */
export function yamlTooDeepPlace(text: string): { line: number; col: number } | null {
  const offset = yamlTooDeepAt(text);
  if (offset === null) return null;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, col: offset - before.lastIndexOf('\n') };
}
