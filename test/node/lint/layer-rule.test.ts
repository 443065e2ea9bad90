import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** What eslint.config.js exports besides the config; it is plain JS, so its shape is stated here. */
interface LayerRuleModule {
  layerOf(file: string): string;
  layerViolation(file: string, specifier: string): string | null;
}

// A computed URL keeps tsc from demanding declarations for the JS config (tsconfig has no allowJs).
const { layerOf, layerViolation } = (await import(pathToFileURL(path.join(REPO_ROOT, 'eslint.config.js')).href)) as LayerRuleModule;

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
    ['renderer/x.ts', '../electron/graph/read-gateway', "import { GraphGateway } from '../electron/graph/read-gateway';\nexport const a = GraphGateway;\n"],
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
    ['test/shared/cypher-guard.test.ts', 'test'],
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
