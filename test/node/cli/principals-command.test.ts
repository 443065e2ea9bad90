import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Principal } from '../../../shared/principal';
import { formatPrincipalList, readPrincipalFile } from '../../../electron/cli/commands/principals-command';
import { terminalControlsIn } from '../../support/terminal-controls';
import { mergePrincipals } from '../../../electron/retrieval/principal-resolver';
import { wordCore } from '../../../shared/core-catalogues';
import { errorOf } from '../../support/lens-error-of';

const principal = (id: string, source: Principal['source'], groups: string[] = []) =>
  Principal.parse({ principal_id: id, workspace_id: 'ws-nurion', groups, source });

describe('the principal list', () => {
  const graph = [principal('u-guest', 'graph'), principal('u-hana', 'graph', ['g-hr'])];

  it('flags a local copy that overrides the graph principal of the same id, and lists the graph one no more', () => {
    const merged = mergePrincipals([principal('u-guest', 'import', ['g-hr'])], graph);
    expect(merged.map((p) => [p.principal_id, p.source, p.overrides_graph])).toEqual([
      ['u-guest', 'import', true],
      ['u-hana', 'graph', undefined],
    ]);
    expect(merged[0]?.groups).toEqual(['g-hr']);
  });

  it('says false on a local principal the graph does not have, whatever it was stored with', () => {
    const merged = mergePrincipals([{ ...principal('u-local', 'local'), overrides_graph: true }], graph);
    expect(merged[0]).toMatchObject({ principal_id: 'u-local', overrides_graph: false });
    expect(merged).toHaveLength(3);
  });

  it('marks the overriding local copy in the table and says how to remove it', () => {
    const text = formatPrincipalList(mergePrincipals([principal('u-guest', 'import', ['g-hr'])], graph));
    const [guest, hana] = text.split('\n');
    expect(guest).toMatch(/^u-guest\s+import .*! local copy overrides the graph's principal$/);
    expect(hana).not.toContain('overrides');
    expect(text).toContain(
      "u-guest: the local copy is used instead of the graph's principal of the same id. `lens principals remove ID` removes a local copy.",
    );
  });

  it('escapes terminal controls that an imported principal carries', () => {
    const hostile = Principal.parse({
      principal_id: 'u-\u001b]0;pwned\u0007',
      workspace_id: 'ws-\u001b[2J',
      groups: ['g-\u202e'],
      source: 'import',
      description: 'a\rb',
    });
    expect(terminalControlsIn(formatPrincipalList([hostile]))).toEqual([]);
  });

  it('adds no override note when no local copy overrides the graph', () => {
    expect(formatPrincipalList(graph)).not.toMatch(/overrides|remove/);
  });

  it('never takes the override flag from an imported file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-principals-'));
    try {
      const file = path.join(dir, 'p.json');
      fs.writeFileSync(file, JSON.stringify([{ principal_id: 'u-guest', workspace_id: 'ws-nurion', overrides_graph: false }]));
      expect(readPrincipalFile(file)).toEqual([
        { principal_id: 'u-guest', workspace_id: 'ws-nurion', groups: [], acl_partitions: [], source: 'local' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is no list of principals with a code naming the file and zod’s problem', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-principals-'));
    try {
      const file = path.join(dir, 'p.json');
      fs.writeFileSync(file, JSON.stringify([{ principal_id: 'u-guest' }]));
      const error = errorOf(() => readPrincipalFile(file));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(`${file}: the file Invalid input.`);
      expect(error.said).toEqual({
        code: 'error_store:principals_file_whole_invalid',
        params: { file, problem: [{ code: 'error_store:issue_invalid_input', params: {} }] },
      });
      expect(wordCore(error.said!, 'ko')).toBe(`${file}: 파일 전체: 입력이 올바르지 않습니다.`);
      expect(error.hintSaid?.code).toBe('error_store:principals_file_invalid_hint');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
