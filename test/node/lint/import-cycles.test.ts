import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCycles, importCycles, importGraph, SOURCE_FOLDERS, sourceFiles } from '../../../scripts/import-cycles';
import { useTempFolders } from '../../support/temp-folders';
import { CHILD_PROCESS_TEST_TIMEOUT_MS, REPO_ROOT } from '../../support/test-env';

const { folderWith } = useTempFolders('lens-cycles-');

/** Two files that import each other's types only, as retrieval-run.ts and fulltext-retriever.ts once did. */
const TYPE_ONLY_CYCLE = {
  'electron/retrieval/run.ts': "import type { Plan } from './retriever';\nexport interface Run { plan: Plan }\n",
  'electron/retrieval/retriever.ts': "import type { Run } from './run';\nexport type Plan = { run?: Run };\n",
};

/** The cycles the check finds in a tree of `files` (paths under electron/, shared/ or renderer/). */
function cyclesIn(files: Record<string, string>) {
  const root = folderWith(files);
  return importCycles(importGraph(root, sourceFiles(root, SOURCE_FOLDERS)));
}

describe('the import-cycle check', () => {
  it('finds a two-file cycle made only of type imports and names both files', () => {
    const cycles = cyclesIn(TYPE_ONLY_CYCLE);
    expect(cycles).toEqual([
      {
        files: ['electron/retrieval/retriever.ts', 'electron/retrieval/run.ts'],
        loop: ['electron/retrieval/retriever.ts', 'electron/retrieval/run.ts', 'electron/retrieval/retriever.ts'],
      },
    ]);
  });

  it('follows re-exports, dynamic imports, .js specifiers, .tsx files and folder index files across layers', () => {
    const cycles = cyclesIn({
      'shared/a.ts': "export * from '../renderer/b.js';\n",
      'renderer/b.tsx': "export async function load() {\n  return import('./c');\n}\n",
      'renderer/c/index.ts': "export { a } from '../../shared/a';\n",
    });
    expect(cycles.map((cycle) => cycle.loop)).toEqual([['renderer/b.tsx', 'renderer/c/index.ts', 'shared/a.ts', 'renderer/b.tsx']]);
  });

  it('finds a file that imports itself', () => {
    expect(cyclesIn({ 'electron/self.ts': "import { x } from './self';\nexport const y = x;\n" }).map((cycle) => cycle.files)).toEqual([
      ['electron/self.ts'],
    ]);
  });

  it('lists every file of a tangle, beyond the shortest loop it prints', () => {
    const cycles = cyclesIn({
      'electron/a.ts': "import './b';\n",
      'electron/b.ts': "import './a';\nimport './c';\n",
      'electron/c.ts': "import './a';\n",
    });
    expect(cycles).toEqual([
      { files: ['electron/a.ts', 'electron/b.ts', 'electron/c.ts'], loop: ['electron/a.ts', 'electron/b.ts', 'electron/a.ts'] },
    ]);
    expect(formatCycles(cycles, SOURCE_FOLDERS)).toContain(
      '3 files are tangled in this cycle: electron/a.ts, electron/b.ts, electron/c.ts',
    );
  });

  it('reports no cycle for a diamond, package imports and stylesheets', () => {
    const cycles = cyclesIn({
      'renderer/top.tsx':
        "import './styles.css';\nimport { l } from './left';\nimport { r } from './right';\nimport { z } from 'zod';\nexport const t = [l, r, z];\n",
      'renderer/left.ts': "import { b } from './bottom';\nexport const l = b;\n",
      'renderer/right.ts': "import { b } from './bottom';\nexport const r = b;\n",
      'renderer/bottom.ts': 'export const b = 1;\n',
      'renderer/styles.css': '.top { color: red; }\n',
    });
    expect(cycles).toEqual([]);
  });

  it('finds no import cycle in the source tree itself', () => {
    const files = sourceFiles(REPO_ROOT, SOURCE_FOLDERS);
    const cycles = importCycles(importGraph(REPO_ROOT, files));
    expect(files.length).toBeGreaterThan(100);
    expect(formatCycles(cycles, SOURCE_FOLDERS)).toBe('No import cycles in electron/, shared/, renderer/.');
  });

  it(
    'as a script, exits 1 and prints the files of each cycle, so `npm run check` fails on a deliberately added cycle',
    () => {
      const root = folderWith({
        ...TYPE_ONLY_CYCLE,
        'shared/fine.ts': 'export const fine = 1;\n',
      });
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'import-cycles.ts'), root], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('1 import cycle in electron/, shared/, renderer/');
      expect(run.stderr).toContain('electron/retrieval/retriever.ts\n   → electron/retrieval/run.ts\n   → electron/retrieval/retriever.ts');
    },
    CHILD_PROCESS_TEST_TIMEOUT_MS,
  );
});
