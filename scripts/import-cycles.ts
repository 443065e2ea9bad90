// The import-cycle check of `npm run check` (`npm run lint:cycles`): fails on any file-level import
// cycle in the source tree, type-only imports included, and names each cycle's files. No ESLint
// plugin for this is installed, so imports are read with the TypeScript compiler's own scanner.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The folders the check covers by default: all the app's source. */
export const SOURCE_FOLDERS = ['electron', 'shared', 'renderer'] as const;

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** What an extensionless or `.js` specifier may name on disk, in the order TypeScript tries them. */
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

/** Files by their path relative to the root (with `/`), each with the local files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** One import cycle: the files tangled in it, and one loop through them to start reading from. */
export interface ImportCycle {
  /** Every file of the strongly connected component, sorted. */
  readonly files: readonly string[];
  /** A shortest loop from the first file back to itself, first file repeated at the end. */
  readonly loop: readonly string[];
}

/** Every source file under `folders` of `root`, relative to `root`, sorted; `node_modules` and dot folders are left out. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && SOURCE_FILE.test(entry.name)) found.push(toKey(root, full));
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  return found.sort();
}

/**
 * The local import graph of `files`: static imports, `import type`, re-exports, dynamic `import()`
 * and `require()` with a relative specifier that names one of `files`. Package imports and
 * specifiers that name no source file (CSS, JSON) are not edges.
 */
export function importGraph(root: string, files: readonly string[]): ImportGraph {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName);
    const targets = specifiers
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveLocal(root, file, specifier, known));
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== null))].sort());
  }
  return graph;
}

/** The file a relative specifier names, when it is one of `known`. */
function resolveLocal(root: string, from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const base = toKey(root, path.resolve(root, path.dirname(from), specifier));
  // TypeScript lets `./x.js` name `./x.ts`; try the bare name as well.
  const bases = /\.(m|c)?js$/.test(base) ? [base, base.replace(/\.(m|c)?js$/, '')] : [base];
  for (const candidate of bases) {
    for (const suffix of RESOLVE_SUFFIXES) if (known.has(candidate + suffix)) return candidate + suffix;
  }
  return null;
}

/** Every import cycle of `graph` (one per strongly connected component), in file order. */
export function importCycles(graph: ImportGraph): ImportCycle[] {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!))
    .map((component) => {
      const files = [...component].sort();
      return { files, loop: shortestLoop(graph, files[0]!, new Set(files)) };
    })
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** Tarjan's algorithm, iterative so a long import chain cannot overflow the stack. */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) components.push(popComponent(stack, onStack, frame.node));
    }
  }
  return components;
}

/** Pops the component whose root is `root` off Tarjan's stack. */
function popComponent(stack: string[], onStack: Set<string>, root: string): string[] {
  const component: string[] = [];
  for (;;) {
    const node = stack.pop()!;
    onStack.delete(node);
    component.push(node);
    if (node === root) return component;
  }
}

/** A shortest path from `start` back to `start` inside `within` (breadth first). */
function shortestLoop(graph: ImportGraph, start: string, within: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const target of graph.get(node) ?? []) {
      if (!within.has(target)) continue;
      if (target === start) return [...pathTo(cameFrom, node, start), start];
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return [start];
}

function pathTo(cameFrom: ReadonlyMap<string, string>, node: string, start: string): string[] {
  const path: string[] = [node];
  while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
  return path;
}

/** The report printed for `cycles`: one block per cycle, naming its files. */
export function formatCycles(cycles: readonly ImportCycle[], folders: readonly string[]): string {
  const where = folders.map((folder) => `${folder}/`).join(', ');
  if (cycles.length === 0) return `No import cycles in ${where}.`;
  const blocks = cycles.map((cycle, i) => {
    const lines = [`${i + 1}. ${cycle.loop.join('\n   → ')}`];
    if (cycle.files.length > cycle.loop.length - 1)
      lines.push(`   (${cycle.files.length} files are tangled in this cycle: ${cycle.files.join(', ')})`);
    return lines.join('\n');
  });
  const heading = `${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} in ${where} (file level, type-only imports included):`;
  return [heading, ...blocks, 'Break each one: move what both sides need into a module of its own that neither imports back.'].join('\n');
}

function toKey(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** `tsx scripts/import-cycles.ts [ROOT]`: exit 1 and the report when ROOT (default: this repository) has a cycle. */
function main(argv: readonly string[]): number {
  const root = path.resolve(argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const cycles = importCycles(importGraph(root, sourceFiles(root, SOURCE_FOLDERS)));
  const report = formatCycles(cycles, SOURCE_FOLDERS);
  (cycles.length > 0 ? console.error : console.log)(report);
  return cycles.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) process.exitCode = main(process.argv);
