// How deep the maps and lists of a YAML (or JSON) text nest, measured without building it: the YAML
// library builds a document recursively, once per level, and some thousands of levels overflowed the
// call stack — reported as a syntax error of valid text or, when the overflow struck inside a regular
// expression, aborting the whole process (FATAL ERROR: RegExpCompiler Allocation failed).
import { Composer, type CST, type Document, type LineCounter, Parser, YAMLParseError } from 'yaml';

/** How deep the maps and lists of a file a person writes may nest: theirs go a few levels. */
export const MAX_YAML_NESTING = 64;

const COLLECTIONS: ReadonlySet<unknown> = new Set(['block-map', 'block-seq', 'flow-collection']);

/**
 * The offset in `text` of the first map or list that nests deeper than MAX_YAML_NESTING, or null.
 * Read from the library's syntax tree, which its parser builds with a stack of its own, and walked
 * with one here too.
 */
export function yamlTooDeepAt(text: string): number | null {
  return tooDeepIn([...new Parser().parse(text)]);
}

/** The offset of the first map or list of the syntax tree `tokens` that nests deeper than MAX_YAML_NESTING, or null. */
function tooDeepIn(tokens: readonly CST.Token[]): number | null {
  const pending: { node: unknown; depth: number }[] = tokens.map((node) => ({ node, depth: 0 }));
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

/**
 * The text read once into the library's syntax tree, whose nesting is measured (`tooDeepAt`, as
 * yamlTooDeepAt finds it) before the document is built from that same tree, as `parseDocument` builds
 * it (a second document is its error): reading the text twice, once to measure and once to build,
 * was half the time of a large file. Each error's line and column are set from `lines`.
 */
export function parseYamlOnce(text: string, lines: LineCounter): { tooDeepAt: number } | { document: Document.Parsed } {
  const tokens = [...new Parser(lines.addNewLine).parse(text)];
  const tooDeepAt = tooDeepIn(tokens);
  if (tooDeepAt !== null) return { tooDeepAt };
  let document: Document.Parsed | null = null;
  for (const next of new Composer().compose(tokens, true, text.length)) {
    if (!document) document = next;
    else {
      document.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
      break;
    }
  }
  // compose(…, true) always ends with a document, even of an empty text.
  const parsed = document as Document.Parsed;
  for (const error of [...parsed.errors, ...parsed.warnings]) error.linePos = [lines.linePos(error.pos[0]), lines.linePos(error.pos[1])];
  return { document: parsed };
}
