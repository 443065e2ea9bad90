// Lint configuration, including the layer rule from ../shared/DESIGN.md ("Layers").
// The per-layer tsconfigs make forbidden globals a type error; this rule makes
// forbidden imports a lint error, so the two together are the machine check.
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** A repository file's path relative to the root, with `/`. */
function repoPath(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Which layer a repository file belongs to. */
export function layerOf(file) {
  const rel = repoPath(file);
  if (rel.startsWith('shared/')) return 'shared';
  if (rel.startsWith('renderer/')) return 'renderer';
  if (rel === 'electron/main.ts' || rel === 'electron/preload.ts') return 'shell';
  if (rel.startsWith('electron/')) return 'node';
  if (rel.startsWith('resources/')) return 'resources';
  if (rel.startsWith('test/')) return 'test';
  return 'tooling';
}

/** Local layers each layer may import (DESIGN.md: each layer only the ones below it). */
const LOCAL_ALLOWED = {
  shared: ['shared'],
  renderer: ['shared', 'renderer'],
  node: ['shared', 'node'],
  shell: ['shared', 'node', 'shell'],
  // resources/ holds data (the demo corpus) and what is packaged as-is; code there imports nothing local.
  resources: [],
};

/**
 * Areas inside electron/ (with the shell) and renderer/: the folders (ending in `/`) or files each
 * area holds, and the other areas of its layer it may import. Read bottom up, the domain code comes
 * first, then retrieval and the provenance view, the services, the API, and the doors last; nothing
 * imports a door. A file in no area is an error, so a new folder gets its place in this table.
 */
export const AREAS = {
  node: {
    // The app's home folder, and the reading of files a user names (regular files of a sane size, YAML of a sane depth).
    home: { holds: ['electron/app-home.ts', 'electron/input-file.ts', 'electron/yaml-nesting.ts'], imports: [] },
    corpus: { holds: ['electron/corpus/'], imports: ['home'] },
    graph: { holds: ['electron/graph/'], imports: [] },
    'trace-store': { holds: ['electron/trace-store/'], imports: ['home'] },
    'neo4j-server': { holds: ['electron/neo4j-server/'], imports: ['home'] },
    secrets: { holds: ['electron/secrets/'], imports: [] },
    // Language models through the openai SDK: the model embedder (an Embedder of corpus/), where its settings and key come from,
    // and Text2Cypher, whose prompt states the schema the graph area reads.
    llm: { holds: ['electron/llm/'], imports: ['corpus', 'secrets', 'graph'] },
    // The only code with write sessions (see NO_WRITE_ACCESS), for the local demo server.
    'demo-graph': { holds: ['electron/demo-graph/'], imports: ['home', 'corpus', 'graph', 'neo4j-server'] },
    retrieval: { holds: ['electron/retrieval/'], imports: ['home', 'corpus', 'graph', 'trace-store', 'llm'] },
    // The view projects chunks as the retrieval's queries do (chunkMachineProperties).
    provenance: { holds: ['electron/provenance/'], imports: ['home', 'corpus', 'graph', 'trace-store', 'retrieval'] },
    // "Why not this chunk?" reads a stored run and re-runs its retrieval with the pipeline's own stages.
    explain: { holds: ['electron/explain/'], imports: ['home', 'corpus', 'graph', 'trace-store', 'retrieval'] },
    // Compare two runs: diff, a leak check that reads the graph as the provenance view does, and the
    // comparison's provenance graph, read by the provenance view's own reads and classed per principal.
    compare: { holds: ['electron/compare/'], imports: ['home', 'graph', 'trace-store', 'retrieval', 'provenance'] },
    // The headless audit: plans a suite and judges its runs; it calls operations through a door it is handed.
    audit: { holds: ['electron/audit/'], imports: ['home'] },
    // Quality evaluation on golden sets: reads a set as the audit reads a suite, runs it through a door it is handed.
    eval: { holds: ['electron/eval/'], imports: ['home', 'audit'] },
    // Mode `provider`: a team's endpoint called and its answer audited with the pipeline's own rules and the leak check's graph reads.
    provider: { holds: ['electron/provider/'], imports: ['home', 'corpus', 'graph', 'trace-store', 'secrets', 'retrieval', 'compare'] },
    // Stale ADRs: list with freshness (the retrieval's own rules), mark with history, export the marks;
    // the suggestions read record names and sentences with the loader's own scanners (corpus).
    adr: { holds: ['electron/adr/'], imports: ['corpus', 'graph', 'trace-store', 'retrieval'] },
    services: {
      holds: ['electron/services/'],
      imports: ['home', 'corpus', 'graph', 'trace-store', 'neo4j-server', 'secrets', 'llm', 'retrieval', 'provenance'],
    },
    api: {
      holds: ['electron/api/'],
      imports: [
        'home',
        'corpus',
        'graph',
        'trace-store',
        'neo4j-server',
        'secrets',
        'llm',
        'demo-graph',
        'retrieval',
        'provenance',
        'explain',
        'compare',
        'provider',
        'adr',
        'services',
        'audit',
        'eval',
      ],
    },
    web: { holds: ['electron/web/'], imports: ['home', 'api'] },
    // Commands call operations through the API's dispatch (cli-door.ts); the areas below it are
    // reached only by commands the API has no operation for (neo4j, demo load and synth, guard check,
    // embed, principals import, traces import/prune/check), and `lens web` starts the browser-mode door.
    cli: {
      holds: ['electron/cli/'],
      imports: ['home', 'corpus', 'graph', 'trace-store', 'neo4j-server', 'demo-graph', 'services', 'api', 'web', 'audit', 'eval'],
    },
    shell: { holds: ['electron/main.ts', 'electron/preload.ts'], imports: ['home', 'secrets', 'services', 'api', 'web'] },
  },
  renderer: {
    // The app's state, API client and hooks that every screen shares.
    app: { holds: ['renderer/app/'], imports: [] },
    styles: { holds: ['renderer/styles/'], imports: [] },
    screens: { holds: ['renderer/screens/'], imports: ['app', 'styles'] },
    // App.tsx and the i18n set-up compose the screens.
    shell: { holds: ['renderer/shell/'], imports: ['screens', 'app', 'styles'] },
    entry: { holds: ['renderer/main.tsx'], imports: ['shell', 'app', 'styles'] },
  },
};

/** The table of a layer's areas: electron/ and its shell share one. */
function areasOfLayer(layer) {
  return layer === 'shell' ? AREAS.node : AREAS[layer];
}

/** Which area of its layer a file (or an extensionless import target) is in; null outside electron/ and renderer/ or in no area. */
export function areaOf(file) {
  const areas = areasOfLayer(layerOf(file));
  if (!areas) return null;
  const rel = repoPath(file);
  const bare = rel.replace(/\.(ts|tsx|mts|js|mjs)$/, '');
  const holds = (entry) =>
    entry.endsWith('/') ? rel.startsWith(entry) : rel === entry || bare === entry.replace(/\.(ts|tsx|mts|js|mjs)$/, '');
  return Object.keys(areas).find((name) => areas[name].holds.some(holds)) ?? null;
}

/** Why a local import from `file` to `target` crosses areas the wrong way, or null when it may. */
function areaViolation(file, target, specifier) {
  const areas = areasOfLayer(layerOf(file));
  if (!areas || areasOfLayer(layerOf(target)) !== areas) return null;
  const from = areaOf(file);
  const to = areaOf(target);
  for (const [name, which] of [
    [from, file],
    [to, target],
  ]) {
    if (name === null)
      return `${repoPath(which)} is in no area of the layer rule; add its folder to AREAS in eslint.config.js with what it may import`;
  }
  if (from === to || areas[from].imports.includes(to)) return null;
  return `${from} code may not import ${to} code (${specifier}): areas point one way; ${from} may import ${areas[from].imports.join(', ') || 'no other area'}`;
}

/** shared/ may use pure libraries only; this is the allowlist. */
const SHARED_PACKAGES = new Set(['zod']);
/** Packages that need Node or Electron and so must never reach the renderer. */
const NODE_ONLY_PACKAGES = new Set(['electron', 'neo4j-driver', 'better-sqlite3', 'openai', 'commander', 'tsx']);
const BUILTINS = new Set(builtinModules);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Returns why `specifier` may not be imported from `file`, or null when it may. */
export function layerViolation(file, specifier) {
  const from = layerOf(file);
  if (!(from in LOCAL_ALLOWED)) return null;
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const targetFile = path.resolve(path.dirname(file), specifier);
    const target = layerOf(targetFile);
    if (!LOCAL_ALLOWED[from].includes(target))
      return `${from} code may not import ${target} code (${specifier}); allowed: ${LOCAL_ALLOWED[from].join(', ')}`;
    return areaViolation(file, targetFile, specifier);
  }
  const isBuiltin = specifier.startsWith('node:') || BUILTINS.has(packageName(specifier));
  const name = packageName(specifier);
  if (from === 'shared' && !SHARED_PACKAGES.has(name)) {
    return `shared code may import only pure libraries (${[...SHARED_PACKAGES].join(', ')}), not '${specifier}'`;
  }
  if (from === 'renderer' && (isBuiltin || NODE_ONLY_PACKAGES.has(name))) {
    return `renderer code runs in a browser and may not import '${specifier}'; go through the typed API in shared/`;
  }
  if ((from === 'node' || from === 'resources') && name === 'electron') {
    return `only electron/main.ts and electron/preload.ts may import 'electron', so this code still runs under plain Node`;
  }
  return null;
}

const layerRule = {
  meta: { type: 'problem', schema: [], messages: { layer: '{{why}}' } },
  create(context) {
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const why = layerViolation(context.filename, source.value);
      if (why) context.report({ node, messageId: 'layer', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]);
      },
    };
  },
};

/** Write-capable sessions exist only in electron/demo-graph/ (the demo loader, writing to the local demo server) and test fixtures. */
const NO_WRITE_ACCESS = [
  {
    selector: "MemberExpression[property.name='WRITE']",
    message: 'App code reads the graph only: write access modes are reserved for the demo loader in electron/demo-graph/.',
  },
  {
    selector: 'MemberExpression[property.name=/^(executeWrite|writeTransaction)$/]',
    message: 'App code reads the graph only: write transactions are reserved for the demo loader in electron/demo-graph/.',
  },
  {
    selector: "Property[key.name='defaultAccessMode'][value.value='WRITE']",
    message: 'App code reads the graph only: write access modes are reserved for the demo loader in electron/demo-graph/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-cli/**',
      'out/**',
      '.lens/**',
      '.lens-test/**',
      'test-results/**',
      'bench-results/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { lens: { rules: { 'layer-imports': layerRule } } },
    rules: {
      'lens/layer-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}', 'resources/**/*.ts'],
    ignores: ['electron/demo-graph/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_WRITE_ACCESS] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
