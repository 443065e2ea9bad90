// Lint configuration, including the layer rule from ../shared/DESIGN.md ("Layers").
// The per-layer tsconfigs make forbidden globals a type error; this rule makes
// forbidden imports a lint error, so the two together are the machine check.
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Which layer a repository file belongs to. */
export function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
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
    const target = layerOf(path.resolve(path.dirname(file), specifier));
    if (LOCAL_ALLOWED[from].includes(target)) return null;
    return `${from} code may not import ${target} code (${specifier}); allowed: ${LOCAL_ALLOWED[from].join(', ')}`;
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
    selector: "MemberExpression[property.name=/^(executeWrite|writeTransaction)$/]",
    message: 'App code reads the graph only: write transactions are reserved for the demo loader in electron/demo-graph/.',
  },
  {
    selector: "Property[key.name='defaultAccessMode'][value.value='WRITE']",
    message: 'App code reads the graph only: write access modes are reserved for the demo loader in electron/demo-graph/.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', '.lens/**', '.lens-test/**', 'test-results/**', 'bench-results/**'] },
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
