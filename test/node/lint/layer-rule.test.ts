import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCycles, sourceFiles } from '../../../scripts/import-cycles';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** What eslint.config.js exports besides the config; it is plain JS, so its shape is stated here. */
interface LayerRuleModule {
  layerOf(file: string): string;
  areaOf(file: string): string | null;
  layerViolation(file: string, specifier: string): string | null;
  AREAS: Record<string, Record<string, { holds: string[]; imports: string[] }>>;
}

// A computed URL keeps tsc from demanding declarations for the JS config (tsconfig has no allowJs).
const { layerOf, areaOf, layerViolation, AREAS } = (await import(
  pathToFileURL(path.join(REPO_ROOT, 'eslint.config.js')).href
)) as LayerRuleModule;

const inRepo = (file: string): string => path.join(REPO_ROOT, file);

describe('the lens/layer-imports rule through ESLint', () => {
  let eslint: ESLint;

  beforeAll(() => {
    eslint = new ESLint({ cwd: REPO_ROOT });
  });

  /** The messages of one rule for `code` linted as if it were the repository file `file`. */
  async function messagesOf(file: string, code: string, ruleId: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: inRepo(file) });
    if (!result) throw new Error('ESLint returned no result');
    return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
  }

  const layerMessages = (file: string, code: string) => messagesOf(file, code, 'lens/layer-imports');

  it.each([
    ['shared/x.ts', 'node:fs', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['shared/x.ts', 'neo4j-driver', "import neo4j from 'neo4j-driver';\nexport const a = neo4j;\n"],
    ['shared/x.ts', 'react', "import React from 'react';\nexport const a = React;\n"],
    ['shared/x.ts', '../electron/app-home', "import { lensHome } from '../electron/app-home';\nexport const a = lensHome;\n"],
    ['renderer/x.ts', 'electron', "import { app } from 'electron';\nexport const a = app;\n"],
    ['renderer/x.ts', 'node:path', "import path from 'node:path';\nexport const a = path;\n"],
    ['renderer/x.ts', 'better-sqlite3', "import Database from 'better-sqlite3';\nexport const a = Database;\n"],
    [
      'renderer/x.ts',
      '../electron/graph/read-gateway',
      "import { GraphGateway } from '../electron/graph/read-gateway';\nexport const a = GraphGateway;\n",
    ],
    ['electron/graph/x.ts', 'electron', "import { app } from 'electron';\nexport const a = app;\n"],
  ])('flags %s importing %s', async (file, specifier, code) => {
    const messages = await layerMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(specifier);
  });

  it.each([
    ['shared/x.ts', 'zod', "import { z } from 'zod';\nexport const a = z;\n"],
    ['shared/x.ts', './other', "import { b } from './other';\nexport const a = b;\n"],
    ['renderer/x.ts', '../shared/deadline', "import { Deadline } from '../shared/deadline';\nexport const a = Deadline;\n"],
    ['electron/main.ts', 'electron', "import { app } from 'electron';\nexport const a = app;\n"],
  ])('allows %s importing %s', async (file, _specifier, code) => {
    expect(await layerMessages(file, code)).toEqual([]);
  });

  it('flags a deliberately upward import inside electron/: the graph gateway importing the API', async () => {
    const code = "import { createLensHandlers } from '../api/lens-handlers';\nexport const a = createLensHandlers;\n";
    expect(await layerMessages('electron/graph/x.ts', code)).toEqual([
      'graph code may not import api code (../api/lens-handlers): areas point one way; graph may import no other area',
    ]);
  });

  it('flags a re-export and a dynamic import as well as an import', async () => {
    const code = "export * from 'node:fs';\nexport async function f() {\n  return import('node:path');\n}\n";
    expect(await layerMessages('shared/x.ts', code)).toHaveLength(2);
  });

  const WRITE_SESSION = [
    "import neo4j, { type Driver } from 'neo4j-driver';",
    'export async function write(driver: Driver) {',
    '  const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });',
    "  await session.executeWrite((tx) => tx.run('CREATE (n)'));",
    '}',
    '',
  ].join('\n');

  it('flags neo4j.session.WRITE and session.executeWrite in electron/graph/', async () => {
    const messages = await messagesOf('electron/graph/x.ts', WRITE_SESSION, 'no-restricted-syntax');
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toMatch(/write access modes are reserved/);
    expect(messages.join('\n')).toMatch(/write transactions are reserved/);
  });

  it('flags defaultAccessMode: "WRITE" written as a string in electron/', async () => {
    const code = "export const config = { defaultAccessMode: 'WRITE' };\n";
    expect(await messagesOf('electron/graph/x.ts', code, 'no-restricted-syntax')).toHaveLength(1);
  });

  it('does not flag the same write session in the demo loader under electron/demo-graph/', async () => {
    expect(await messagesOf('electron/demo-graph/x.ts', WRITE_SESSION, 'no-restricted-syntax')).toEqual([]);
  });

  it('flags the same write session in a folder beside electron/demo-graph/ whose name starts the same', async () => {
    expect(await messagesOf('electron/demo-graph-extra/x.ts', WRITE_SESSION, 'no-restricted-syntax')).toHaveLength(2);
  });
});

describe('layerOf', () => {
  it.each([
    ['shared/cypher/cypher-guard.ts', 'shared'],
    ['renderer/app.tsx', 'renderer'],
    ['electron/main.ts', 'shell'],
    ['electron/preload.ts', 'shell'],
    ['electron/graph/read-gateway.ts', 'node'],
    ['resources/demo/x.ts', 'resources'],
    ['test/shared/cypher/cypher-guard.test.ts', 'test'],
    ['vite.config.ts', 'tooling'],
  ])('puts %s in the %s layer', (file, layer) => {
    expect(layerOf(inRepo(file))).toBe(layer);
  });

  it('does not mistake a folder whose name starts like a layer for that layer', () => {
    expect(layerOf(inRepo('shared-extra/x.ts'))).toBe('tooling');
  });
});

describe('layerViolation', () => {
  it('says why shared code may not import node:fs, naming the allowed libraries', () => {
    expect(layerViolation(inRepo('shared/x.ts'), 'node:fs')).toBe("shared code may import only pure libraries (zod), not 'node:fs'");
  });

  it('says which layers renderer code may import when it reaches into electron/', () => {
    expect(layerViolation(inRepo('renderer/x.ts'), '../electron/app-home')).toBe(
      'renderer code may not import node code (../electron/app-home); allowed: shared, renderer',
    );
  });

  it('refuses a bare builtin without the node: prefix in the renderer', () => {
    expect(layerViolation(inRepo('renderer/x.ts'), 'fs')).not.toBeNull();
  });

  it('refuses a subpath of a Node-only package in the renderer', () => {
    expect(layerViolation(inRepo('renderer/x.ts'), 'neo4j-driver/lib/core')).not.toBeNull();
  });

  it('allows a zod subpath in shared code', () => {
    expect(layerViolation(inRepo('shared/x.ts'), 'zod/v4')).toBeNull();
  });

  it('refuses electron in resources/, which runs under plain Node', () => {
    expect(layerViolation(inRepo('resources/demo/x.ts'), 'electron')).toContain('only electron/main.ts and electron/preload.ts');
  });

  it('refuses node code importing resources/, which holds data only', () => {
    expect(layerViolation(inRepo('electron/cli/commands/x.ts'), '../../../resources/demo-loader/demo-loader')).toBe(
      'node code may not import resources code (../../../resources/demo-loader/demo-loader); allowed: shared, node',
    );
  });

  it('refuses code in resources/ importing electron/', () => {
    expect(layerViolation(inRepo('resources/demo/x.ts'), '../../electron/corpus/corpus-model')).not.toBeNull();
  });

  it('allows the CLI to call the demo loader in electron/demo-graph/', () => {
    expect(layerViolation(inRepo('electron/cli/commands/x.ts'), '../../demo-graph/demo-loader')).toBeNull();
  });

  it('refuses shared code reaching into resources/', () => {
    expect(layerViolation(inRepo('shared/x.ts'), '../resources/demo/x')).not.toBeNull();
  });

  it('puts no limit on tests and tooling', () => {
    expect([layerViolation(inRepo('test/x.ts'), 'electron'), layerViolation(inRepo('vite.config.ts'), 'node:fs')]).toEqual([null, null]);
  });
});

describe('areas inside electron/ and renderer/', () => {
  it.each([
    ['electron/graph/x.ts', '../neo4j-server/local-server', 'graph', 'neo4j-server'],
    ['electron/graph/x.ts', '../app-home', 'graph', 'home'],
    ['electron/corpus/x.ts', '../retrieval/context-pipeline', 'corpus', 'retrieval'],
    ['electron/trace-store/x.ts', '../services/app-services', 'trace-store', 'services'],
    ['electron/retrieval/x.ts', '../provenance/view-graph', 'retrieval', 'provenance'],
    ['electron/retrieval/x.ts', '../api/api-dispatch', 'retrieval', 'api'],
    ['electron/provenance/x.ts', '../api/api-dispatch', 'provenance', 'api'],
    ['electron/services/x.ts', '../api/lens-handlers', 'services', 'api'],
    ['electron/services/x.ts', '../demo-graph/demo-loader', 'services', 'demo-graph'],
    ['electron/api/x.ts', '../cli/cli-door', 'api', 'cli'],
    ['electron/api/x.ts', '../web/web-host', 'api', 'web'],
    ['electron/web/x.ts', '../cli/lens-cli', 'web', 'cli'],
    ['electron/demo-graph/x.ts', '../retrieval/context-pipeline', 'demo-graph', 'retrieval'],
    ['electron/app-home.ts', './trace-store/trace-store', 'home', 'trace-store'],
    ['electron/main.ts', './retrieval/context-pipeline', 'shell', 'retrieval'],
    ['renderer/app/x.ts', '../screens/workbench/WorkbenchScreen', 'app', 'screens'],
    ['renderer/app/x.ts', '../shell/App', 'app', 'shell'],
    ['renderer/screens/traces/x.ts', '../../shell/i18n', 'screens', 'shell'],
  ])('refuses %s importing %s: %s may not import %s', (file, specifier, from, to) => {
    expect(layerViolation(inRepo(file), specifier)).toMatch(new RegExp(`^${from} code may not import ${to} code \\(`));
  });

  it.each([
    ['electron/retrieval/x.ts', '../graph/read-gateway'],
    ['electron/retrieval/x.ts', '../corpus/embedder'],
    ['electron/provenance/x.ts', '../retrieval/retrieval-queries'],
    ['electron/provenance/x.ts', '../trace-store/trace-store'],
    ['electron/demo-graph/x.ts', '../neo4j-server/local-server'],
    ['electron/services/x.ts', '../neo4j-server/local-server'],
    ['electron/services/x.ts', '../secrets/secret-vault'],
    ['electron/api/x.ts', '../provenance/provenance-graph-builder'],
    ['electron/api/x.ts', '../services/service-hub'],
    ['electron/api/x.ts', '../demo-graph/demo-loader'],
    ['electron/web/x.ts', '../api/api-dispatch'],
    ['electron/cli/commands/x.ts', '../../api/api-dispatch'],
    ['electron/cli/commands/x.ts', '../../web/web-host'],
    ['electron/main.ts', './api/ipc-door'],
    ['electron/main.ts', './secrets/sealed-secret-vault'],
    ['electron/graph/x.ts', './read-gateway'],
    ['renderer/screens/traces/x.ts', '../../app/app-state'],
    ['renderer/shell/x.tsx', '../screens/connect/ConnectScreen'],
    ['renderer/main.tsx', './shell/App'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(layerViolation(inRepo(file), specifier)).toBeNull();
  });

  it('refuses an import from a folder the table does not name, saying where to add it', () => {
    expect(layerViolation(inRepo('electron/reports/x.ts'), '../graph/read-gateway')).toBe(
      'electron/reports/x.ts is in no area of the layer rule; add its folder to AREAS in eslint.config.js with what it may import',
    );
  });

  it.each([
    ['electron/app-home.ts', 'home'],
    ['electron/app-home', 'home'],
    ['electron/graph/read-gateway.ts', 'graph'],
    ['electron/cli/lens.mjs', 'cli'],
    ['electron/main.ts', 'shell'],
    ['renderer/main.tsx', 'entry'],
    ['renderer/shell/App.tsx', 'shell'],
    ['electron/graph-extra/x.ts', null],
    ['shared/deadline.ts', null],
  ])('puts %s in the %s area', (file, area) => {
    expect(areaOf(inRepo(file))).toBe(area);
  });

  it('puts every source file under electron/ and renderer/ in an area', () => {
    const files = sourceFiles(REPO_ROOT, ['electron', 'renderer']);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => areaOf(inRepo(file)) === null)).toEqual([]);
  });

  it('lists only areas of its own table, and no two areas that may import each other, however indirectly', () => {
    for (const areas of Object.values(AREAS)) {
      const graph = new Map(Object.entries(areas).map(([name, area]) => [name, area.imports]));
      expect([...graph.values()].flat().filter((name) => !graph.has(name))).toEqual([]);
      expect(importCycles(graph)).toEqual([]);
    }
  });
});
