import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Parser } from 'yaml';
import { ALIAS_BOMB_KEYS } from '../../support/yaml-alias-bomb';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { readMarkdownFolder } from '../../../electron/corpus/markdown-folder';
import { parseGoldenSet, readGoldenSetFile } from '../../../electron/eval/golden-set-file';
import { MAX_INPUT_BYTES } from '../../../electron/api/input-limits';
import { requestOf } from '../../../electron/eval/eval-runner';
import { GOLDEN_SET_MAX_BYTES, gradedItem, type GoldenQuestion } from '../../../shared/eval/golden-set';
import { MAX_QUESTION_CHARS } from '../../../shared/context-contract';
import { errorOf } from '../../support/lens-error-of';
import { REPO_ROOT } from '../../support/test-env';
import { useTempFolders } from '../../support/temp-folders';

const GOOD_YAML = `name: tiny
defaults: { k: 5, modes: [fulltext, hybrid] }
questions:
  - id: q1
    question: why hourly settlement?
    principal: u-sora
    language: en
    expected:
      documents: [{ id: adr-011-settlement-hourly, grade: 3 }, design-settlement-engine-v2]
  - id: q2
    question: salary
    principal: u-guest
    expected: {}
    must_not_appear: { documents: [policy-hr-salary-adjustment] }
`;

describe('reading a golden set', () => {
  const { folderWith } = useTempFolders('lens-golden-');
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the text once: measured and built from one parse, and eval.run given the same text does not read it again', () => {
    const file = path.join(folderWith({ 'once.yaml': GOOD_YAML }), 'once.yaml');
    const parses = vi.spyOn(Parser.prototype, 'parse');
    // What `lens eval` does: check the file, then send its text to eval.run, which checks it too.
    const checked = readGoldenSetFile(file);
    const again = parseGoldenSet(file, fs.readFileSync(file, 'utf8'));
    expect(again.set).toEqual(checked.set);
    expect(parses).toHaveBeenCalledTimes(1);
  });

  it('refuses a set larger than one request carries before reading it, naming its size, the cap and what to do', () => {
    const over = `${GOOD_YAML}#${'x'.repeat(GOLDEN_SET_MAX_BYTES - GOOD_YAML.length)}\n`;
    const file = path.join(folderWith({ 'huge.yaml': over }), 'huge.yaml');
    const parses = vi.spyOn(Parser.prototype, 'parse');
    const error = errorOf(() => readGoldenSetFile(file));
    const sizeKb = Math.ceil(Buffer.byteLength(over) / 1024);
    const capKb = Math.ceil(GOLDEN_SET_MAX_BYTES / 1024);
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain(`${file} is ${sizeKb} KB, more than the ${capKb} KB a golden set may hold`);
    expect(error.message).toContain('split its questions into smaller sets and evaluate each');
    expect(wordCore(error.said as CoreMessage, 'ko')).toContain(`${sizeKb} KB로, 골든 세트가 담을 수 있는 ${capKb} KB`);
    // The text sent to eval.run is refused the same way.
    expect(errorOf(() => parseGoldenSet('huge.yaml', over)).message).toContain(`huge.yaml is ${sizeKb} KB, more than the ${capKb} KB`);
    expect(parses).not.toHaveBeenCalled();
    // A set within the cap fits in the request that carries it.
    expect(GOLDEN_SET_MAX_BYTES + 1024).toBeLessThan(MAX_INPUT_BYTES);
  });
  it('measures a set of Korean text in bytes of UTF-8 as the file is measured: the text sent to eval.run is refused as the file is', () => {
    // 700,000 Hangul syllables: 2.1 MB of UTF-8, fewer characters than the cap holds bytes.
    const korean = `${GOOD_YAML}# ${'가'.repeat(700_000)}\n`;
    expect(korean.length).toBeLessThan(GOLDEN_SET_MAX_BYTES);
    const file = path.join(folderWith({ 'korean.yaml': korean }), 'korean.yaml');
    const sizeKb = Math.ceil(Buffer.byteLength(korean) / 1024);
    const said = `is ${sizeKb} KB, more than the ${Math.ceil(GOLDEN_SET_MAX_BYTES / 1024)} KB a golden set may hold`;
    expect(errorOf(() => readGoldenSetFile(file)).message).toContain(`${file} ${said}`);
    expect(errorOf(() => parseGoldenSet('korean.yaml', korean)).message).toContain(`korean.yaml ${said}`);
  });

  it.each([
    ['an empty YAML file', 'empty.yaml', ''],
    ['a YAML file of comments only', 'comments.yaml', '# questions to come\n\n# later\n'],
    ['a YAML file of a bare document marker', 'marker.yaml', '---\n'],
    ['an empty JSON file', 'empty.json', ''],
    ['a JSON file of white space', 'blank.json', ' \n\t\n'],
  ])('names %s as holding no golden set and says what to write, in English and Korean', (_, name, text) => {
    const error = errorOf(() => parseGoldenSet(name, text));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain(
      `${name} holds no golden set: it is empty or only comments; write a name and, under questions:, at least one question`,
    );
    expect(error.message).not.toMatch(/of type object|not null|before its JSON value is complete/);
    expect(wordCore(error.said as CoreMessage, 'ko')).toContain(`${name}에 골든 세트가 없습니다: 비어 있거나 주석뿐입니다`);
  });

  it('reads YAML with defaults, bare ids as grade 1 and an empty expected list', () => {
    const { set } = parseGoldenSet('set.yaml', GOOD_YAML);
    expect(set.defaults).toMatchObject({ k: 5, modes: ['fulltext', 'hybrid'] });
    expect(set.questions[0]?.expected.documents.map(gradedItem)).toEqual([
      { id: 'adr-011-settlement-hourly', grade: 3 },
      { id: 'design-settlement-engine-v2', grade: 1 },
    ]);
    expect(set.questions[1]?.expected).toEqual({ documents: [], chunks: [] });
  });

  it('reads JSON by its extension and holds it to JSON syntax', () => {
    const json = JSON.stringify({
      name: 'j',
      questions: [{ id: 'q', question: 'x', principal: 'u-guest', expected: { documents: ['d'] } }],
    });
    expect(parseGoldenSet('set.json', json).set.defaults.k).toBe(10);
    const error = errorOf(() => parseGoldenSet('set.json', '{ name: bare }'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/^set\.json: not valid JSON/);
  });

  it('names what is wrong with a YAML set, and where, from the library’s error code worded in English and Korean, not its English', () => {
    const error = errorOf(() => parseGoldenSet('set.yaml', 'name: s\nname: t\n'));
    expect(error.message).toBe('set.yaml (line 2, column 1): not valid YAML: a key repeats a key of the same map');
    expect(error.said && wordCore(error.said, 'ko')).not.toMatch(/Map keys must be unique/);
    expect(error.said && wordCore(error.said, 'ko')).toContain('키가 같은 맵의 키를 반복합니다');
  });

  it('names where a JSON set stops being JSON as codes worded in English and Korean, not the parser’s English', () => {
    const error = errorOf(() => parseGoldenSet('set.json', '{\n  "name": bare\n}'));
    expect(error.message).toBe("set.json: not valid JSON: 'b' at line 2, column 11 cannot stand there");
    expect(error.said && wordCore(error.said, 'ko')).toBe(
      "set.json: 올바른 JSON이(가) 아닙니다: 2행 11열의 'b' 문자는 그 자리에 올 수 없습니다",
    );
  });

  it('names the line, column and path of every problem at once, with "did you mean" for a misspelt key', () => {
    const bad = GOOD_YAML.replace('    expected:\n      documents: [{ id: adr', '    expectd:\n      documents: [{ id: adr').replace(
      'principal: u-guest',
      'principal: u-guest\n    mode: sideways',
    );
    const error = errorOf(() => parseGoldenSet('bad.yaml', bad));
    const all = [error.message, ...(error.detail?.split('\n') ?? [])].join('\n');
    expect(all).toMatch(/bad\.yaml \(line 4, column 5\) questions\[0\]: unknown key expectd: did you mean expected\?/);
    expect(all).toMatch(/bad\.yaml \(line 1\d, column \d+\) questions\[1\]\.mode: use one of vector, fulltext/);
  });

  it('refuses, when the set is read, every question a run would refuse (over MAX_QUESTION_CHARS, a NUL, an RTL override, half a character), naming file, line and entry, in English and Korean', () => {
    const long = 'settlement '.repeat(Math.ceil(MAX_QUESTION_CHARS / 11) + 1).trim();
    // Four questions a request refuses at the door, between two it takes: the set is refused whole, every bad one named.
    const hostile = `name: hostile
questions:
  - { id: fine, question: why hourly settlement?, principal: u-sora, expected: {} }
  - { id: long, question: "${long}", principal: u-sora, expected: {} }
  - { id: nul, question: "salary\\0 review", principal: u-sora, expected: {} }
  - { id: rtl, question: "salary \\u202Egnp.exe", principal: u-sora, expected: {} }
  - { id: half, question: "salary \\uD800 review", principal: u-sora, expected: {} }
  - { id: fine-too, question: event bus, principal: u-sora, expected: {} }
`;
    const file = path.join(folderWith({ 'hostile.yaml': hostile }), 'hostile.yaml');
    const error = errorOf(() => readGoldenSetFile(file));
    expect(error.kind).toBe('invalid_input');
    const lines = [error.message, ...error.moreProblems.map((line) => line.text)];
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${escapeRegex(file)} \\(line 4, column \\d+\\) questions\\[1\\]\\.question: holds more than ${MAX_QUESTION_CHARS} characters, the most a question may hold`,
        ),
      ),
      expect.stringMatching(/\(line 5, column \d+\) questions\[2\]\.question: .*control character U\+0000 at character 7/),
      expect.stringMatching(/\(line 6, column \d+\) questions\[3\]\.question: .*bidirectional formatting character U\+202E at character 8/),
      expect.stringMatching(/\(line 7, column \d+\) questions\[4\]\.question: .*the lone surrogate U\+D800, at character 8/),
    ]);
    const korean = [wordCore(error.said as CoreMessage, 'ko'), ...error.moreProblems.map((line) => wordCore(line as CoreMessage, 'ko'))];
    expect(korean[0]).toMatch(/\(4행 \d+열\) questions\[1\]\.question: 질문이 담을 수 있는 최대 10000자를 넘습니다/);
    expect(korean.join('\n')).not.toMatch(/more than|control character|bidirectional|surrogate/);
  });

  it('refuses a grade above 3 and a question id used twice', () => {
    const error = errorOf(() => parseGoldenSet('g.yaml', GOOD_YAML.replace('grade: 3', 'grade: 7').replace('id: q2', 'id: q1')));
    const all = [error.message, ...(error.detail?.split('\n') ?? [])].join('\n');
    expect(all).toMatch(/questions\[0\]\.expected\.documents\[0\]/);
    expect(all).toMatch(/questions\[1\]\.id: the id q1 is used twice/);
  });

  it('says why a set cannot be read and what to do, by the system’s error code in English and Korean, not Node’s English', () => {
    const missing = errorOf(() => readGoldenSetFile('/nowhere/set.yaml'));
    expect(missing.message).toBe('cannot read the golden set /nowhere/set.yaml: there is no such file; check the path and its spelling');
    expect(wordCore(missing.said as CoreMessage, 'ko')).toBe(
      '골든 세트 /nowhere/set.yaml을(를) 읽을 수 없습니다: 그런 파일이 없습니다. 경로와 철자를 확인하세요',
    );
    // A path through a file (ENOTDIR), which Node says as "ENOTDIR: not a directory, stat '…'".
    const through = path.join(REPO_ROOT, 'package.json', 'set.yaml');
    const error = errorOf(() => readGoldenSetFile(through));
    expect(error.message).toBe(`cannot read the golden set ${through}: a part of its path is a file, not a folder; check the path`);
    expect(wordCore(error.said as CoreMessage, 'ko')).not.toMatch(/ENOTDIR|not a directory/);
  });

  it.each([
    ['an empty name', GOOD_YAML.replace('name: tiny', 'name: " "'), 'name: name the set', '세트의 이름을 적으세요'],
    [
      'no questions',
      'name: tiny\nquestions: []\n',
      'questions: the list is empty; write at least one question with its id, question, principal and expected',
      '목록이 비어 있습니다. id, question, principal, expected를 갖춘 질문을 하나 이상 적으세요',
    ],
    [
      'an empty question',
      GOOD_YAML.replace('question: salary', 'question: " "'),
      'questions[1].question: the question is empty',
      '질문이 비어 있습니다',
    ],
    ['an id used twice', GOOD_YAML.replace('id: q2', 'id: q1'), 'questions[1].id: the id q1 is used twice', 'ID q1이(가) 두 번 쓰였습니다'],
    [
      'a ranker no request takes',
      GOOD_YAML.replace('defaults: { k: 5,', 'defaults: { options: { ranker: nope }, k: 5,'),
      'defaults.options.ranker: is not a value it takes; give one of "rrf", "naive", "linear"',
      '받는 값이 아닙니다. "rrf", "naive", "linear" 중 하나를 주세요',
    ],
  ])(
    'words %s in the Evaluations screen’s language, never an English sentence of the schema’s or zod’s',
    (_name, text, english, korean) => {
      const error = errorOf(() => parseGoldenSet('g.yaml', text));
      expect(error.message).toContain(english);
      expect(wordCore(error.said as CoreMessage, 'ko')).toContain(korean);
      expect(error.detail ?? '').not.toMatch(/Invalid (?:input|option)|Too (?:small|big)/);
    },
  );

  it('codes each problem and its place, so the Evaluations screen words them in Korean', () => {
    const bad = GOOD_YAML.replace('    expected:\n      documents: [{ id: adr', '    expectd:\n      documents: [{ id: adr');
    const error = errorOf(() => parseGoldenSet('bad.yaml', bad));
    expect(error.said?.code).toBe('evalmsg:set_field');
    expect(error.said?.params).toMatchObject({
      file: 'bad.yaml',
      at: [{ code: 'error_retrieval:at_line_column', params: { line: 4, column: 5 } }],
      path: 'questions[0].expected',
    });
    expect(error.hintSaid?.code).toBe('error_retrieval:golden_set_invalid_hint');
    expect(wordCore(error.said as CoreMessage, 'ko')).toMatch(/^bad\.yaml \(\d+행 \d+열\) questions\[0\]\.expected: /);
  });

  it('names an alias cycle (a → b → a) with the file, the line of the alias and what to do, in English and Korean, and reads aliases that are none', () => {
    const cyclic = `name: cyc
questions:
  - id: q1
    question: payments failover
    principal: u-sora
    expected: &a
      documents:
        - &b
          id: doc-a
          grade: *a
`;
    const error = errorOf(() => parseGoldenSet('cyc.yaml', cyclic));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      'cyc.yaml (line 10, column 18): the alias *a sits inside the very node its anchor &a names, so the value never ends (&a → &b → *a); point the alias at a node outside it, or write the value out',
    );
    expect(error.said?.code).toBe('evalmsg:set_alias_cycle');
    expect(wordCore(error.said as CoreMessage, 'ko')).toMatch(/^cyc\.yaml \(10행 18열\): 별칭 \*a이\(가\) .*\(&a → &b → \*a\)/);
    // An alias of itself, and one under options whose values the schema takes as they come.
    expect(
      errorOf(() => parseGoldenSet('self.yaml', GOOD_YAML.replace('documents: [{ id: adr', 'documents: &s [*s, { id: adr'))).message,
    ).toMatch(/^self\.yaml \(line 9, column \d+\): the alias \*s .*\(&s → \*s\)/);
    const options = `name: o
defaults: &d
  options:
    template_params: { x: *d }
questions:
  - { id: q1, question: x, principal: u-sora, expected: { documents: [d] } }
`;
    expect(errorOf(() => parseGoldenSet('o.yaml', options)).message).toMatch(
      /^o\.yaml \(line 4, column 27\): the alias \*d .*\(&d → \*d\)/,
    );
  });

  it('names an alias bomb and an alias before its anchor (with its place) by kind, in English and Korean, not the library’s English', () => {
    const bomb = errorOf(() => parseGoldenSet('bomb.yaml', `name: bomb\n${ALIAS_BOMB_KEYS}\n`));
    expect(bomb.kind).toBe('invalid_input');
    expect(bomb.message).toBe(
      "bomb.yaml: not valid YAML: its aliases repeat their anchors' values so often that the value would grow too large to read",
    );
    expect(wordCore(bomb.said as CoreMessage, 'ko')).toContain('별칭이 앵커의 값을 너무 많이 되풀이해서 값이 읽을 수 없을 만큼 커집니다');
    const later = GOOD_YAML.replace('principal: u-sora', 'principal: *who').replace('language: en', 'language: &who en');
    const unresolved = errorOf(() => parseGoldenSet('later.yaml', later));
    expect(unresolved.message).toBe(
      'later.yaml (line 6, column 16): not valid YAML: the alias *who names no anchor &who written before it',
    );
    expect(wordCore(unresolved.said as CoreMessage, 'ko')).toBe(
      'later.yaml (6행 16열): 올바른 YAML이(가) 아닙니다: 별칭 *who이(가) 가리키는 앵커 &who이(가) 그 앞에 없습니다',
    );
    for (const error of [bomb, unresolved]) expect(wordCore(error.said as CoreMessage, 'ko')).not.toMatch(/Excessive|Unresolved|anchor/);
  });

  it('refuses maps and lists nested deeper than the limit, naming where, instead of reading valid JSON as "not valid JSON: Maximum call stack size exceeded"', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    for (const [file, text, place] of [
      ['deep.json', `{"questions": ${nested(30_000)}}`, 'line 1, column 78'],
      ['deep.yaml', `questions: ${nested(30_000)}\n`, 'line 1, column 75'],
      // 200 levels (3,000 were 4.4 MB, over the size a set may have): refused at the 65th all the same.
      ['block.yaml', `questions:\n${Array.from({ length: 200 }, (_, i) => `${' '.repeat(i + 2)}-`).join('\n')}\n`, 'line 65, column 66'],
    ] as const) {
      const error = errorOf(() => parseGoldenSet(file, text));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(
        `${file} (${place}): maps and lists nest more than 64 levels deep here; a golden set needs a few, so write the value flatter`,
      );
      expect(error.said?.code).toBe('evalmsg:set_too_deep');
      expect(wordCore(error.said as CoreMessage, 'ko')).toMatch(/64단계보다 깊게/);
    }
    // 64 levels are read, and judged by the schema as usual.
    expect(errorOf(() => parseGoldenSet('ok.json', `{"questions": ${nested(63)}}`)).said?.code).not.toBe('evalmsg:set_too_deep');
  });

  it('reads an alias of a node written before it, and an anchor written again, as YAML does', () => {
    const reused = `name: reuse
questions:
  - id: q1
    question: payments
    principal: u-sora
    expected: &e { documents: [doc-a] }
  - id: q2
    question: payments again
    principal: u-sora
    expected: *e
  - id: q3
    question: other
    principal: u-sora
    expected: &e { documents: [doc-b] }
  - id: q4
    question: other again
    principal: u-sora
    expected: *e
`;
    const { set } = parseGoldenSet('reuse.yaml', reused);
    expect(set.questions.map((question) => question.expected.documents)).toEqual([['doc-a'], ['doc-a'], ['doc-b'], ['doc-b']]);
  });

  it('reads the demo golden set: at least 40 questions in Korean and English, several principals, some that expect nothing but forbid a document', () => {
    const { set } = readGoldenSetFile(path.join(REPO_ROOT, 'resources/eval/demo-golden-set.yaml'));
    expect(set.questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(set.questions.map((question) => question.language))).toEqual(new Set(['en', 'ko']));
    expect(new Set(set.questions.map((question) => question.principal)).size).toBeGreaterThanOrEqual(6);
    const forbidden = set.questions.filter(
      (question) => question.expected.documents.length === 0 && (question.must_not_appear?.documents.length ?? 0) > 0,
    );
    expect(forbidden.length).toBeGreaterThanOrEqual(8);
  });

  // Each test set beside the folder it is asked over: every expected document is one the folder loads.
  it.each([
    ['mixed-shapes', 'test/fixtures/eval/mixed-shapes-golden-set.yaml', 'test/fixtures/eval/mixed-shapes'],
    ['npm-readmes', 'test/fixtures/eval/npm-readmes-golden-set.yaml', 'test/fixtures/eval/npm-readmes'],
    ['ko-docs', 'test/fixtures/eval/ko-docs-golden-set.yaml', 'test/fixtures/eval/ko-docs'],
  ])('reads the %s golden set: each expected document is one its folder loads, in English and Korean', (_name, setFile, docs) => {
    const { set } = readGoldenSetFile(path.join(REPO_ROOT, setFile));
    const folder = readMarkdownFolder(path.join(REPO_ROOT, docs));
    expect(folder.failed).toEqual([]);
    const loaded = new Set(folder.documents.map((document) => document.document_id));
    const expected = set.questions.flatMap((question) => question.expected.documents.map((item) => gradedItem(item).id));
    expect(expected.filter((id) => !loaded.has(id))).toEqual([]);
    expect(new Set(set.questions.map((question) => question.language))).toEqual(new Set(['en', 'ko']));
    // Every question has one document that answers it (grade 3).
    expect(set.questions.filter((question) => !question.expected.documents.some((item) => gradedItem(item).grade === 3))).toEqual([]);
  });

  // The held-out sets (written before any run, no weight chosen on them) also ask questions their folder cannot answer.
  it.each([
    ['runbooks', ['en', 'ko']],
    ['api-reference', ['en', 'ko', 'ja']],
    ['team-handbook', ['en', 'ko', 'ja']],
  ])('reads the held-out %s golden set: each expected document loads, and three to five questions expect nothing', (name, languages) => {
    const { set } = readGoldenSetFile(path.join(REPO_ROOT, `test/fixtures/eval/${name}-golden-set.yaml`));
    const folder = readMarkdownFolder(path.join(REPO_ROOT, 'test/fixtures/eval', name));
    expect(folder.failed).toEqual([]);
    const loaded = new Set(folder.documents.map((document) => document.document_id));
    const expected = set.questions.flatMap((question) => question.expected.documents.map((item) => gradedItem(item).id));
    expect(expected.filter((id) => !loaded.has(id))).toEqual([]);
    expect(new Set(set.questions.map((question) => question.language))).toEqual(new Set(languages));
    const unanswerable = set.questions.filter((question) => question.expected.documents.length === 0);
    expect(unanswerable.length).toBeGreaterThanOrEqual(3);
    expect(unanswerable.length).toBeLessThanOrEqual(5);
    const answerable = set.questions.filter((question) => question.expected.documents.length > 0);
    expect(answerable.filter((question) => !question.expected.documents.some((item) => gradedItem(item).grade === 3))).toEqual([]);
  });

  // Each folder of real pages copied from elsewhere: a NOTICE row (file, source, licence) for every page.
  it.each([
    ['npm-readmes', 25],
    ['ko-docs', 20],
  ])('names the source and licence of every page of the %s folder in its NOTICE', (folder, pages) => {
    const docs = path.join(REPO_ROOT, 'test/fixtures/eval', folder);
    const notice = fs.readFileSync(path.join(docs, 'NOTICE'), 'utf8');
    const listed = new Set([...notice.matchAll(/^\| (\S+\.md) \| \S+ \S+ \| \S+ \|$/gmu)].map((row) => row[1] ?? ''));
    const files = readMarkdownFolder(docs).documents.map((document) =>
      decodeURIComponent(document.source_uri.replace(new RegExp(`^.*${folder}/`, 'u'), '')),
    );
    expect(files.length).toBeGreaterThanOrEqual(pages);
    expect(files.filter((file) => !listed.has(file))).toEqual([]);
    expect([...listed].filter((file) => !files.includes(file))).toEqual([]);
  });
});

describe('the request of a question', () => {
  const OPTIONS_YAML = `name: options
defaults: { k: 7, timeout_ms: 30000, options: { vector_candidates: 50, min_matched_terms: 1 } }
questions:
  - id: q1
    question: event bus
    principal: u-minjun
    expected: { documents: [adr-007-event-bus-redpanda] }
    options: { hops: 1, min_matched_terms: 0 }
    filters: { language: en }
  - id: q2
    question: event bus
    principal: u-minjun
    expected: { documents: [adr-007-event-bus-redpanda] }
`;

  it("asks as the question's principal in the mode, with k as top_k and the question's options over the set's, field by field", () => {
    const file = parseGoldenSet('options.yaml', OPTIONS_YAML);
    const [first, second] = file.set.questions;
    expect(requestOf(file, { question: first as GoldenQuestion, mode: 'hybrid' }, 7)).toEqual({
      query: 'event bus',
      principal: 'u-minjun',
      mode: 'hybrid',
      top_k: 7,
      timeout_ms: 30000,
      filters: { language: 'en' },
      // The set's vector_candidates stays: the question's options carry no filled-in defaults.
      options: { vector_candidates: 50, min_matched_terms: 0, hops: 1 },
    });
    expect(requestOf(file, { question: second as GoldenQuestion, mode: 'vector' }, 7).options).toEqual({
      vector_candidates: 50,
      min_matched_terms: 1,
    });
  });

  it('refuses options the contract does not take, naming the place', () => {
    const error = errorOf(() => parseGoldenSet('o.yaml', OPTIONS_YAML.replace('hops: 1', 'hops: 9')));
    expect(error.message).toMatch(/^o\.yaml \(line \d+, column \d+\) questions\[0\]\.options\.hops: /);
  });
});

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
