import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIAS_BOMB_KEYS } from '../../support/yaml-alias-bomb';
import { readSuiteFile } from '../../../electron/audit/suite-file';
import { coreEnglish, wordCore } from '../../../shared/core-catalogues';
import { REPO_ROOT } from '../../support/test-env';
import { errorOf as lensErrorOf } from '../../support/lens-error-of';
import { useTempFolders } from '../../support/temp-folders';
import { MAX_QUESTION_CHARS } from '../../../shared/context-contract';

const { folderWith } = useTempFolders('lens-audit-suite-');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GOOD_YAML = `version: 1
name: HR stays with HR
request: { top_k: 5, timeout_ms: 20000 }
principals: [u-guest, u-hana]
modes: [fulltext, hybrid]
questions:
  - { id: salary, text: salary adjustment }
expectations:
  - id: hr-only
    except_principals: [u-hana]
    never_sees: { document_id_glob: policy-hr-* }
  - id: hana-vs-guest
    differ_only_in: { a: u-hana, b: u-guest, a_only: { document_id_glob: [policy-hr-*] } }
`;

const GOOD_JSON = JSON.stringify({
  version: 1,
  name: 'provenance',
  principals: ['u-guest'],
  modes: ['vector'],
  questions: [{ id: 'q1', text: 'what is our event bus?' }],
  expectations: [{ id: 'sourced', every_item_has_provenance: true }],
});

/** The whole text of the error reading `text` as `name` throws: message, hint and detail. */
function problemsOf(name: string, text: string): { kind: string; text: string; file: string } {
  const file = path.join(folderWith({ [name]: text }), name);
  const error = lensErrorOf(() => readSuiteFile(file));
  return { kind: error.kind, text: [error.message, error.detail ?? ''].join('\n'), file };
}

describe('readSuiteFile', () => {
  it('reads a YAML suite with its defaults filled in', () => {
    const file = path.join(folderWith({ 'suite.yaml': GOOD_YAML }), 'suite.yaml');
    const { suite } = readSuiteFile(file);
    expect(suite.principals).toEqual(['u-guest', 'u-hana']);
    expect(suite.request).toEqual({ top_k: 5, max_tokens: 4000, timeout_ms: 20000 });
    expect(suite.expectations.map((expectation) => expectation.id)).toEqual(['hr-only', 'hana-vs-guest']);
    expect(suite.expectations[1]?.differ_only_in?.a_only?.document_id_glob).toEqual(['policy-hr-*']);
  });

  it('reads a JSON suite, and points at a path by line and column', () => {
    const file = path.join(folderWith({ 'suite.json': GOOD_JSON }), 'suite.json');
    const { suite, locate } = readSuiteFile(file);
    expect(suite.expectations).toEqual([{ id: 'sourced', every_item_has_provenance: true }]);
    expect(locate(['questions', 0, 'text']).map(coreEnglish).join('')).toMatch(/^ \(line 1, column \d+\)$/);
  });

  it('reads the demo suite: 8 principals, 15 questions, 4 modes', () => {
    const { suite } = readSuiteFile(path.join(REPO_ROOT, 'resources', 'audit', 'demo-suite.yaml'));
    expect([suite.principals.length, suite.questions.length, suite.modes.length]).toEqual([8, 15, 4]);
  });

  it('says a suite of a version above the one this build reads was written by a newer Provenance Lens, naming the file', () => {
    const newer = problemsOf('suite.yaml', GOOD_YAML.replace('version: 1', 'version: 99\nnew_key: x'));
    expect(newer.kind).toBe('invalid_input');
    expect(newer.text.trim()).toBe(
      `${newer.file} was written by a newer Provenance Lens: it is version 99, and this build reads version 1.`,
    );
    // A version that is no positive whole number keeps the schema's words.
    expect(problemsOf('suite.yaml', GOOD_YAML.replace('version: 1', 'version: -2')).text).toContain(
      'write version: 1 (the only suite format so far)',
    );
  });

  it('names the file, line, path and the key meant for a misspelt key in YAML', () => {
    const bad = GOOD_YAML.replace('never_sees:', 'nevr_sees:');
    const { kind, text, file } = problemsOf('suite.yaml', bad);
    expect(kind).toBe('invalid_input');
    expect(text).toContain(`${file} (line 9, column 5) expectations[0]: unknown key nevr_sees: did you mean never_sees?`);
  });

  it('codes each problem and its place, so it is worded in Korean as well as in the English the CLI prints', () => {
    const file = path.join(folderWith({ 'suite.yaml': GOOD_YAML.replace('never_sees:', 'nevr_sees:') }), 'suite.yaml');
    const error = lensErrorOf(() => readSuiteFile(file));
    expect(error.said?.code).toBe('error_retrieval:suite_field');
    expect(error.message).toMatch(
      new RegExp(
        `^${escaped(file)} \\(line 9, column 5\\) expectations\\[0\\]: unknown key nevr_sees: did you mean never_sees\\? \\(this place takes id, `,
      ),
    );
    expect(wordCore(error.said!, 'ko')).toMatch(new RegExp(`^${escaped(file)} \\(9행 5열\\) expectations\\[0\\]: `));
    expect(wordCore(error.said!, 'ko')).not.toContain('line 9');
    const broken = path.join(folderWith({ 'broken.yaml': 'version: 1\nprincipals: [u-guest\nmodes: [vector]\n' }), 'broken.yaml');
    const syntax = lensErrorOf(() => readSuiteFile(broken));
    expect(syntax.said?.code).toBe('error_retrieval:suite_syntax');
    expect(wordCore(syntax.said!, 'ko')).toContain('올바른 YAML이(가) 아닙니다');
    const missing = path.join(folderWith({ 'x.txt': '' }), 'missing.yaml');
    const unreadable = lensErrorOf(() => readSuiteFile(missing));
    expect(unreadable.said?.code).toBe('error_retrieval:suite_unreadable');
    expect(wordCore(unreadable.said!, 'ko')).toMatch(new RegExp(`^스위트 ${escaped(missing)}을\\(를\\) 읽을 수 없습니다: `));
  });

  it('names an alias cycle with the file, the line of the alias and what to do', () => {
    const cyclic = GOOD_YAML.replace(
      'questions:\n  - { id: salary, text: salary adjustment }',
      'questions: &q\n  - { id: salary, text: *q }',
    );
    const { kind, text, file } = problemsOf('suite.yaml', cyclic);
    expect(kind).toBe('invalid_input');
    expect(text).toContain(
      `${file} (line 7, column 25): the alias *q sits inside the very node its anchor &q names, so the value never ends (&q → *q); point the alias at a node outside it, or write the value out`,
    );
  });

  it('names an alias bomb and an alias before its anchor (with its place) by kind, not the library’s English', () => {
    const bomb = problemsOf('bomb.yaml', `${GOOD_YAML}${ALIAS_BOMB_KEYS}\n`);
    expect(bomb.kind).toBe('invalid_input');
    expect(bomb.text).toContain(
      `${bomb.file}: not valid YAML: its aliases repeat their anchors' values so often that the value would grow too large to read`,
    );
    const unresolved = problemsOf('later.yaml', GOOD_YAML.replace('principals: [u-guest, u-hana]', 'principals: [*guest, &guest u-hana]'));
    expect(unresolved.text).toContain(
      `${unresolved.file} (line 4, column 14): not valid YAML: the alias *guest names no anchor &guest written before it`,
    );
    for (const { text } of [bomb, unresolved]) expect(text).not.toMatch(/Excessive|Unresolved/);
  });

  it('refuses maps and lists nested deeper than the limit, naming where, instead of reading valid JSON as "not valid JSON"', () => {
    const nested = '['.repeat(30_000) + ']'.repeat(30_000);
    const { kind, text, file } = problemsOf('deep.json', `{"questions": ${nested}}`);
    expect(kind).toBe('invalid_input');
    expect(text).toContain(
      `${file} (line 1, column 78): maps and lists nest more than 64 levels deep here; a suite needs a few, so write the value flatter`,
    );
  });

  it('refuses, when the suite is read, every question its runs would refuse (over MAX_QUESTION_CHARS, a NUL, an RTL override), naming file, line and entry, in English and Korean', () => {
    const long = 'salary '.repeat(Math.ceil(MAX_QUESTION_CHARS / 7) + 1).trim();
    const hostile = GOOD_YAML.replace(
      '  - { id: salary, text: salary adjustment }',
      `  - { id: salary, text: salary adjustment }\n  - { id: long, text: "${long}" }\n  - { id: nul, text: "salary\\0" }\n  - { id: rtl, text: "pay \\u202Egnp" }`,
    );
    const file = path.join(folderWith({ 'hostile.yaml': hostile }), 'hostile.yaml');
    const error = lensErrorOf(() => readSuiteFile(file));
    expect(error.kind).toBe('invalid_input');
    expect([error.message, ...error.moreProblems.map((line) => line.text)]).toEqual([
      expect.stringMatching(
        new RegExp(`^${escaped(file)} \\(line 8, column \\d+\\) questions\\[1\\]\\.text: holds more than ${MAX_QUESTION_CHARS} characters`),
      ),
      expect.stringMatching(/\(line 9, column \d+\) questions\[2\]\.text: holds the control character U\+0000 at character 7/),
      expect.stringMatching(
        /\(line 10, column \d+\) questions\[3\]\.text: holds the bidirectional formatting character U\+202E at character 5/,
      ),
    ]);
    expect(wordCore(error.said!, 'ko')).toMatch(/\(8행 \d+열\) questions\[1\]\.text: 질문이 담을 수 있는 최대 10000자를 넘습니다/);
  });

  it('says what to write for a mode that does not exist, with its path in a JSON suite', () => {
    const bad = JSON.stringify({ ...JSON.parse(GOOD_JSON), modes: ['vector', 'semantic'] }, null, 2);
    const { text, file } = problemsOf('suite.json', bad);
    expect(text).toMatch(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(line \\d+, column \\d+\\) modes\\[1\\]: use one of vector, fulltext`),
    );
  });

  it('refuses an expectation with two kinds, or none, saying to split it', () => {
    const two = GOOD_YAML.replace(
      'never_sees: { document_id_glob: policy-hr-* }',
      'never_sees: { doc_types: [policy] }\n    every_item_has_provenance: true',
    );
    expect(problemsOf('two.yaml', two).text).toMatch(
      /expectations\[0\]: give exactly one of .*; this expectation gives never_sees and every_item_has_provenance \(split it/,
    );
    const none = GOOD_YAML.replace('    never_sees: { document_id_glob: policy-hr-* }\n', '');
    expect(problemsOf('none.yaml', none).text).toMatch(/expectations\[0\]: give exactly one of .*; this expectation gives none/);
  });

  it('refuses a principal or question an expectation names that is not in the matrix', () => {
    const bad = GOOD_YAML.replace('except_principals: [u-hana]', 'except_principals: [u-hanna]').replace(
      'a: u-hana, b: u-guest',
      'a: u-hana, b: u-alex',
    );
    const { text } = problemsOf('scope.yaml', bad);
    expect(text).toContain(
      "expectations[0].except_principals[0]: names u-hanna, which is not in the suite's principals; add it there or use one of u-guest, u-hana",
    );
    expect(text).toContain("expectations[1].differ_only_in.b: names u-alex, which is not in the suite's principals");
  });

  it('refuses a regular expression that does not compile, and an empty document match', () => {
    const bad = GOOD_YAML.replace(
      'never_sees: { document_id_glob: policy-hr-* }',
      'never_sees: { document_id_regex: "policy-(hr" }',
    ).replace('a_only: { document_id_glob: [policy-hr-*] }', 'a_only: {}');
    const { text } = problemsOf('regex.yaml', bad);
    expect(text).toContain('expectations[0].never_sees.document_id_regex: is not a valid regular expression');
    expect(text).toContain('expectations[1].differ_only_in.a_only: give at least one of document_ids');
  });

  it('refuses what cannot be matched in time linear in the id, naming its field and the construct, and keeps every other shape', () => {
    const refused: [string, string][] = [
      ['(a)\\\\1', 'refers back to a group'],
      ['(?<x>a)\\\\k<x>', 'refers back to a group'],
      ['^(?=policy-)', 'looks ahead or behind'],
      ['(?<!hr-)pay', 'looks ahead or behind'],
      ['^adr-\\\\d{1,99999}$', 'repeats by counts ({m,n}) that would need more than 5000 states'],
    ];
    for (const [pattern, words] of refused) {
      const bad = GOOD_YAML.replace('never_sees: { document_id_glob: policy-hr-* }', `never_sees: { document_id_regex: "${pattern}" }`);
      expect(problemsOf('slow.yaml', bad).text, pattern).toContain(`expectations[0].never_sees.document_id_regex: ${words}`);
    }
    // Shapes JavaScript's engine backtracks on (exponentially, or polynomially) are matched by an automaton now, so they are kept.
    for (const pattern of ['^policy-hr-', '^(policy|hr)-.*$', '^adr-\\\\d+-', '(?:ab)+c', '^(a+)+$', '(policy|hr|x)*-', '^.*.*.*.*.*x$']) {
      const good = GOOD_YAML.replace('never_sees: { document_id_glob: policy-hr-* }', `never_sees: { document_id_regex: "${pattern}" }`);
      const file = path.join(folderWith({ 'fine.yaml': good }), 'fine.yaml');
      expect(JSON.stringify(readSuiteFile(file).suite.expectations[0]), pattern).toContain('document_id_regex');
    }
  });

  it('refuses repeated ids and the reserved id answers', () => {
    const bad = GOOD_YAML.replace('id: hana-vs-guest', 'id: hr-only').replace(
      '  - { id: salary, text: salary adjustment }',
      '  - { id: salary, text: a }\n  - { id: salary, text: b }',
    );
    const { text } = problemsOf('dupes.yaml', bad);
    expect(text).toContain('questions[1]: repeats salary (already questions[0])');
    expect(text).toContain('expectations[1]: repeats hr-only (already expectations[0])');
    expect(problemsOf('answers.yaml', GOOD_YAML.replace('id: hr-only', 'id: answers')).text).toContain(
      "expectations[0].id: answers names the runs' own checks",
    );
  });

  it('reports a YAML syntax error with its line, and JSON syntax by JSON rules', () => {
    const yaml = problemsOf('broken.yaml', 'version: 1\nprincipals: [u-guest\nmodes: [vector]\n');
    expect(yaml.text).toMatch(
      new RegExp(
        `${path.basename(yaml.file)} \\(line \\d+, column \\d+\\): not valid YAML: the indentation does not line up with the lines around it, or a \\[ \\] or \\{ \\} above is not closed$`,
        'm',
      ),
    );
    const json = problemsOf('broken.json', '{ "version": 1, // a comment\n }');
    expect(json.text).toMatch(/broken\.json: not valid JSON: /);
    // Where it stops being JSON, by line and column, not the parser's English (which quotes the file back).
    expect(json.text).toContain("broken.json: not valid JSON: '/' at line 1, column 17 cannot stand there");
  });

  it('says when the file cannot be read, why and what to do, by the system’s error code, not Node’s English', () => {
    const error = lensErrorOf(() => readSuiteFile('/no/such/suite.yaml'));
    expect(error.message).toBe('cannot read the suite /no/such/suite.yaml: there is no such file; check the path and its spelling');
    const through = path.join(REPO_ROOT, 'package.json', 'suite.yaml');
    expect(lensErrorOf(() => readSuiteFile(through)).message).toBe(
      `cannot read the suite ${through}: a part of its path is a file, not a folder; check the path`,
    );
  });
});
