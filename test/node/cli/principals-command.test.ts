import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Principal } from '../../../shared/principal';
import {
  formatPrincipalList,
  importedLine,
  principalFileWarnings,
  readPrincipalFile,
} from '../../../electron/cli/commands/principals-command';
import { terminalControlsIn } from '../../support/terminal-controls';
import { mergePrincipals } from '../../../electron/retrieval/principal-resolver';
import { wordCore } from '../../../shared/core-catalogues';
import { errorOf } from '../../support/lens-error-of';
import { ALIAS_BOMB_KEYS } from '../../support/yaml-alias-bomb';
import { useTempFolders } from '../../support/temp-folders';

const { tempDir, folderWith } = useTempFolders('lens-principals-');

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

  it('imports ids that differ only in case or Unicode normal form as two principals, as access compares them, and warns of each pair', () => {
    const nfc = '\uD55C\uB098'; // 한나, composed
    const file = path.join(
      folderWith({
        'p.yaml':
          `- { principal_id: u-hana, workspace_id: ws, groups: [g-hr] }\n- { principal_id: U-Hana, workspace_id: ws, groups: [G-HR] }\n` +
          `- { principal_id: "${nfc}", workspace_id: ws }\n- { principal_id: "${nfc.normalize('NFD')}", workspace_id: ws }\n`,
      }),
      'p.yaml',
    );
    const principals = readPrincipalFile(file);
    expect(principals.map((p) => p.principal_id)).toEqual(['u-hana', 'U-Hana', nfc, nfc.normalize('NFD')]);
    expect(principalFileWarnings(file, principals).map((warning) => warning.replaceAll(file, 'p.yaml'))).toEqual([
      'p.yaml entry 2: principal id "U-Hana" differs from "u-hana" (p.yaml entry 1) only in letter case (or spaces or Unicode normal form as well); ids are compared exactly, so these are two principals and each sees only what is granted to its own id. Write one spelling if they are meant to be one.',
      `p.yaml entry 4: principal id "${nfc.normalize('NFD')}" differs from "${nfc}" (p.yaml entry 3) only in Unicode normal form (one is composed, NFC, the other decomposed, NFD, as macOS writes Hangul); ids are compared exactly, so these are two principals and each sees only what is granted to its own id. Write one spelling if they are meant to be one.`,
      'p.yaml entry 2: group id "G-HR" differs from "g-hr" (p.yaml entry 1) only in letter case (or spaces or Unicode normal form as well); ids are compared exactly, so these are two groups and a member of one sees nothing granted to the other. Write one spelling if they are meant to be one.',
    ]);
    expect(principalFileWarnings(file, principals.slice(0, 1))).toEqual([]);
  });

  it('refuses an entry of the list naming the file, the entry (its number and id), the field and what to do', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-principals-'));
    try {
      const file = path.join(dir, 'p.yaml');
      fs.writeFileSync(file, '- principal_id: u-a\n  workspace_id: ws\n- principal_id: u-guest\n');
      const error = errorOf(() => readPrincipalFile(file));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(`${file}: principal 2 (u-guest), workspace_id: missing: add it (string).`);
      expect(error.said?.code).toBe('error_store:principals_file_item_invalid');
      expect(wordCore(error.said!, 'ko')).toBe(`${file}: 2번째 주체(u-guest), workspace_id: 빠져 있습니다: 추가하세요(string).`);
      expect(error.hintSaid?.code).toBe('error_store:principals_file_invalid_hint');
      fs.writeFileSync(file, JSON.stringify({ principals: [{ principal_id: 'u-a', workspace_id: 'ws', groups: ['g', 7] }, 'u-b'] }));
      expect(errorOf(() => readPrincipalFile(file)).message).toBe(
        `${file}: principal 1 (u-a), groups[1]: must be of type string, not number; give a value of type string.`,
      );
      fs.writeFileSync(file, JSON.stringify([{ principal_id: 'u-a', workspace_id: 'ws' }, 'u-b']));
      expect(errorOf(() => readPrincipalFile(file)).message).toBe(
        `${file}: principal 2: must be of type object, not string; give a value of type object.`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['- { principal_id: "", workspace_id: ws }\n', 'principal 1, principal_id: is empty: give the principal its id, e.g. u-minjun.'],
    [
      '- { principal_id: u-a, workspace_id: "" }\n',
      'principal 1 (u-a), workspace_id: is empty: give the workspace the principal belongs to, e.g. ws-nurion.',
    ],
    [
      '- { principal_id: u-a, workspace_id: ws, groups: [g-a, ""] }\n',
      'principal 1 (u-a), groups[1]: is an empty name: remove it, or name it, e.g. g-payments.',
    ],
  ])('says of an empty id, workspace or group in %j what to give, not zod’s “Too small”, in English and Korean', (entries, english) => {
    const file = path.join(folderWith({ 'p.yaml': entries }), 'p.yaml');
    const error = errorOf(() => readPrincipalFile(file));
    expect(error.message).toBe(`${file}: ${english}`);
    expect(wordCore(error.said!, 'ko')).toMatch(/(비어 있습니다|빈 이름입니다)\. .+ 예: /);
  });

  it.each([
    [
      '- { principal_id: "   ", workspace_id: ws }\n',
      'principal 1, principal_id: holds only spaces: give the principal its id, e.g. u-minjun.',
    ],
    [
      '- { principal_id: u-a, workspace_id: " \\u3000 " }\n',
      'principal 1 (u-a), workspace_id: holds only spaces: give the workspace the principal belongs to, e.g. ws-nurion.',
    ],
    [
      '- { principal_id: u-a, workspace_id: ws, acl_partitions: [p-a, "  "] }\n',
      'principal 1 (u-a), acl_partitions[1]: is a name of only spaces: remove it, or name it, e.g. g-payments.',
    ],
  ])(
    'refuses an id, workspace or group of spaces only in %j, naming the entry, the field and what to write, in English and Korean',
    (entries, english) => {
      const file = path.join(folderWith({ 'p.yaml': entries }), 'p.yaml');
      const error = errorOf(() => readPrincipalFile(file));
      expect([error.kind, error.message]).toEqual(['invalid_input', `${file}: ${english}`]);
      expect(wordCore(error.said!, 'ko')).toMatch(/공백만 있(습니다|는 이름입니다)\. .+ 예: /);
    },
  );

  it.each([
    [
      '- { principal_id: u-a, workspace_id: ws, display_name: "Min\\e[31mjun" }\n',
      'principal 1 (u-a), display_name: holds the control character U+001B at character 4, which does not show and is kept as given; write the text without it (type it rather than paste it).',
      '4번째 글자에 제어 문자 U+001B',
    ],
    [
      '- { principal_id: u-a, workspace_id: "ws-\\u202Enurion" }\n',
      'principal 1 (u-a), workspace_id: holds the bidirectional formatting character U+202E at character 4, which reorders how the text around it reads; write the text without it.',
      '4번째 글자에 양방향 서식 문자 U+202E',
    ],
    [
      '- { principal_id: u-a, workspace_id: ws, groups: ["g-hr\\tg-eng"] }\n',
      'principal 1 (u-a), groups[0]: holds a line break or tab (U+0009) at character 5, and is one line of text; write it on one line, with a space in its place.',
      '5번째 글자에 줄바꿈이나 탭(U+0009)',
    ],
  ])(
    'refuses a control or reordering character in a name of %j, naming the entry, the field, the character and its place',
    (entries, english, korean) => {
      const file = path.join(folderWith({ 'p.yaml': entries }), 'p.yaml');
      const error = errorOf(() => readPrincipalFile(file));
      expect(error.message).toBe(`${file}: ${english}`);
      expect(wordCore(error.said!, 'ko')).toContain(korean);
    },
  );

  it('refuses an id, workspace or group that begins or ends with a space, naming it without, rather than keep an id --as never reaches', () => {
    const file = path.join(folderWith({ 'p.json': '[{"principal_id": "u-guest ", "workspace_id": "ws"}]' }), 'p.json');
    const error = errorOf(() => readPrincipalFile(file));
    expect(error.message).toBe(
      `${file}: principal 1 (u-guest ), principal_id: begins or ends with a space, which no one sees when the id is typed or listed; write it without: "u-guest".`,
    );
    expect(wordCore(error.said!, 'ko')).toContain('공백 없이 쓰세요: "u-guest"');
    fs.writeFileSync(file, '[{"principal_id": "u-a", "workspace_id": "ws", "groups": [" g-hr"]}]');
    expect(errorOf(() => readPrincipalFile(file)).message).toContain('groups[0]: begins or ends with a space');
  });

  it('takes a description of several lines', () => {
    const file = path.join(
      folderWith({ 'p.yaml': '- { principal_id: u-a, workspace_id: ws, description: "reads HR\\n\\tand payments" }\n' }),
      'p.yaml',
    );
    expect(readPrincipalFile(file)).toMatchObject([{ description: 'reads HR\n\tand payments' }]);
  });

  it('refuses a file that gives one principal id twice, naming both entries, instead of keeping the later and counting both', () => {
    const entries =
      '- { principal_id: u-a, workspace_id: ws-1 }\n- { principal_id: u-b, workspace_id: ws-1 }\n- { principal_id: u-a, workspace_id: ws-2 }\n';
    const file = path.join(folderWith({ 'p.yaml': entries }), 'p.yaml');
    const error = errorOf(() => readPrincipalFile(file));
    expect([error.kind, error.said?.code]).toEqual(['invalid_input', 'error_store:principals_file_duplicate_id']);
    expect(error.message).toBe(`${file}: principals 1 and 3 both have the id u-a; one id names one principal.`);
    expect(wordCore(error.said!, 'ko')).toBe(`${file}: 1번째와 3번째 주체의 ID가 모두 u-a입니다. ID 하나는 주체 하나를 가리킵니다.`);
  });

  it('refuses a key a principal does not have (group for groups), which was dropped, leaving a principal that sees less than the file says', () => {
    const folder = folderWith({ 'p.yaml': '- principal_id: u-hr\n  workspace_id: ws-nurion\n  group: [g-hr]\n' });
    const file = path.join(folder, 'p.yaml');
    const error = errorOf(() => readPrincipalFile(file));
    expect([error.kind, error.message]).toEqual([
      'invalid_input',
      `${file}: principal 1: has the field "group", which it does not take; remove it, or check its spelling.`,
    ]);
    expect(wordCore(error.said!, 'ko')).toBe(`${file}: 1번째 주체: 받지 않는 필드 "group"이(가) 있습니다. 빼거나 철자를 확인하세요.`);
    // What `lens principals list --json` writes reads back: source and overrides_graph are a principal's keys.
    const listed = [{ principal_id: 'u-a', workspace_id: 'ws', source: 'import', overrides_graph: true }];
    expect(readPrincipalFile(path.join(folderWith({ 'p.json': JSON.stringify(listed) }), 'p.json'))).toHaveLength(1);
  });

  it('refuses a file nested more than 64 levels deep, naming its line, before the YAML library recurses into it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-principals-'));
    try {
      const file = path.join(dir, 'p.yaml');
      fs.writeFileSync(file, `principals:\n  - principal_id: u-a\n    groups: ${'['.repeat(5_000)}${']'.repeat(5_000)}\n`);
      const error = errorOf(() => readPrincipalFile(file));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(`${file} line 3: maps and lists nest more than 64 levels deep; a principals file needs only a few.`);
      expect(error.said?.code).toBe('error_store:principals_file_too_deep');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names what is wrong with a file that is not YAML, and where, as codes worded in English and Korean, not the parser’s English', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-principals-'));
    try {
      const file = path.join(dir, 'p.yaml');
      fs.writeFileSync(file, '- principal_id: u-a\n  groups: [hr\n- principal_id: u-b\n');
      const error = errorOf(() => readPrincipalFile(file));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(
        `${file} is not readable JSON or YAML (the indentation does not line up with the lines around it, or a [ ] or { } above is not closed at line 3, column 1).`,
      );
      expect(wordCore(error.said!, 'ko')).toBe(
        `${file}은(는) 읽을 수 있는 JSON이나 YAML이 아닙니다(3행 1열: 들여쓰기가 주변 줄과 맞지 않거나, 위의 [ ]나 { }가 닫히지 않았습니다).`,
      );
      fs.writeFileSync(file, '- principal_id: u-a\n  principal_id: u-b\n');
      expect(wordCore(errorOf(() => readPrincipalFile(file)).said!, 'ko')).toBe(
        `${file}은(는) 읽을 수 있는 JSON이나 YAML이 아닙니다(2행 3열: 키가 같은 맵의 키를 반복합니다).`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says why a principals file cannot be read and what to do, by the system’s error code in English and Korean, not Node’s English', () => {
    const dir = tempDir();
    const missing = path.join(dir, 'missing.yaml');
    const error = errorOf(() => readPrincipalFile(missing));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(`The principals file ${missing} cannot be read: there is no such file; check the path and its spelling.`);
    expect(wordCore(error.said!, 'ko')).toBe(
      `주체 파일 ${missing}을(를) 읽을 수 없습니다: 그런 파일이 없습니다. 경로와 철자를 확인하세요.`,
    );
    const loop = path.join(dir, 'loop.yaml');
    fs.symlinkSync(loop, loop);
    expect(errorOf(() => readPrincipalFile(loop)).message).toBe(
      `The principals file ${loop} cannot be read: its symbolic links lead back to themselves; name the file they should point to.`,
    );
  });

  it('names YAML that parses but cannot be built (an alias bomb, an alias before its anchor) by kind, in English and Korean', () => {
    const file = path.join(folderWith({ 'p.yaml': `principals: []\n${ALIAS_BOMB_KEYS}\n` }), 'p.yaml');
    const bomb = errorOf(() => readPrincipalFile(file));
    expect(bomb.message).toBe(
      `${file} is not readable JSON or YAML (its aliases repeat their anchors' values so often that the value would grow too large to read).`,
    );
    expect(wordCore(bomb.said!, 'ko')).toBe(
      `${file}은(는) 읽을 수 있는 JSON이나 YAML이 아닙니다(별칭이 앵커의 값을 너무 많이 되풀이해서 값이 읽을 수 없을 만큼 커집니다).`,
    );
    fs.writeFileSync(file, '- { principal_id: u-a, groups: *hr }\n- { principal_id: u-b, groups: &hr [g-hr] }\n');
    const unresolved = errorOf(() => readPrincipalFile(file));
    expect(unresolved.message).toBe(`${file} is not readable JSON or YAML (the alias *hr names no anchor &hr written before it).`);
    expect(wordCore(unresolved.said!, 'ko')).not.toMatch(/Unresolved/);
  });

  it('refuses a file that holds no list of principals, saying what it holds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-principals-'));
    try {
      const file = path.join(dir, 'p.yaml');
      const said = (text: string) => {
        fs.writeFileSync(file, text);
        const error = errorOf(() => readPrincipalFile(file));
        expect(error.kind).toBe('invalid_input');
        expect(error.hintSaid?.code).toBe('error_store:principals_file_unreadable_hint');
        return error.message;
      };
      expect(said('my-laptop\n')).toBe(`${file} holds a text, not a list of principals.`);
      expect(said('')).toBe(`${file} holds nothing, not a list of principals.`);
      expect(said('42\n')).toBe(`${file} holds a single value, not a list of principals.`);
      expect(said('principals: 5\n')).toBe(`${file} holds an object without a principals list, not a list of principals.`);
      fs.writeFileSync(file, 'my-laptop\n');
      expect(wordCore(errorOf(() => readPrincipalFile(file)).said!, 'ko')).toBe(`${file}에는 주체 목록이 아니라 텍스트이(가) 있습니다.`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what lens principals import says', () => {
  it('puts the noun in agreement with the count', () => {
    expect(importedLine(1, 'p.yaml')).toBe('Imported 1 principal from p.yaml.\n');
    expect(importedLine(3, 'p.yaml')).toBe('Imported 3 principals from p.yaml.\n');
  });
});
