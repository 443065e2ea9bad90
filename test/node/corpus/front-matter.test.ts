import { wordCore } from '../../../shared/core-catalogues';
import { describe, expect, it } from 'vitest';
import { ALIAS_BOMB_KEYS } from '../../support/yaml-alias-bomb';
import { CorpusInputError } from '../../../electron/corpus/corpus-input-error';
import { parseFrontMatter } from '../../../electron/corpus/front-matter';

function errorOf(run: () => unknown): CorpusInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof CorpusInputError) return error;
    throw error;
  }
  throw new Error('expected a CorpusInputError, but nothing was thrown');
}

describe('parseFrontMatter', () => {
  it('refuses front matter nested more than 64 levels deep, naming its line, before the YAML library recurses into it', () => {
    const nested = '['.repeat(5_000) + ']'.repeat(5_000);
    const error = errorOf(() => parseFrontMatter(`---\ntitle: deep\nowner: team-a\ntags: ${nested}\n---\n# x\n`, 'deep.md'));
    expect(error.line).toBe(4);
    expect(error.message).toBe(
      'deep.md line 4: front matter nests maps and lists more than 64 levels deep; write it flatter between the two --- lines',
    );
    // 64 levels (the mapping and 63 lists) are read as written.
    const ok = parseFrontMatter(`---\ntags: ${'['.repeat(63)}${']'.repeat(63)}\n---\n# x\n`, 'ok.md');
    expect(ok.body).toBe('# x\n');
  });

  it('returns the YAML mapping, the body after the closing line and the body offset', () => {
    const text = '---\ntitle: DNS\nallowed_groups: [sre, platform]\n---\n# DNS\n\nBody.\n';
    const result = parseFrontMatter(text, 'docs/dns.md');
    expect(result.data).toEqual({ title: 'DNS', allowed_groups: ['sre', 'platform'] });
    expect(result.body).toBe('# DNS\n\nBody.\n');
    expect(text.slice(result.bodyOffset)).toBe(result.body);
  });

  it('keeps dates as the strings the author wrote', () => {
    expect(parseFrontMatter('---\ndate: 2025-04-02\n---\n', 'a.md').data).toEqual({ date: '2025-04-02' });
  });

  it("reads Hugo's TOML front matter between +++ lines, dates as the text written", () => {
    const text =
      '+++\r\ntitle = "The DevSecOps Workshop"\r\nweight = 1\r\ndate = 2019-11-24T07:19:34+01:00\r\ntags = ["a", "b"]\r\n[params]\r\nowner = "kim"\r\n+++\r\n# Intro\r\n';
    const result = parseFrontMatter(text, 'content/_index.md');
    expect(result.data).toEqual({
      title: 'The DevSecOps Workshop',
      weight: 1,
      date: '2019-11-24T07:19:34.000+01:00',
      tags: ['a', 'b'],
      params: { owner: 'kim' },
    });
    expect(result.body).toBe('# Intro\r\n');
    expect(text.slice(result.bodyOffset)).toBe(result.body);
  });

  it('names the file line of broken TOML front matter, and an unclosed +++ block', () => {
    const broken = errorOf(() => parseFrontMatter('+++\ntitle = "x"\nweight = = 1\n+++\nBody\n', 'a.md'));
    expect(broken.line).toBe(3);
    expect(broken.message).toMatch(/^a\.md line 3: front matter is not valid TOML \(.+\); fix the TOML between the two \+\+\+ lines$/);
    expect(errorOf(() => parseFrontMatter('+++\ntitle = "x"\nBody\n', 'a.md')).message).toContain('no closing +++ line follows');
  });

  it.each([
    [
      'title = "never closed',
      'a string is not closed before its line ends, or a string or comment holds a control character',
      '문자열이 줄이 끝나기 전에 닫히지 않았거나',
    ],
    ['tags = ["a", "b"', 'a string, [ ] or { } is not closed, or a comma between items is missing', '항목 사이의 쉼표가 빠졌습니다'],
    ['my title = "x"', 'a key is empty or holds a character a bare key cannot; put such a key in quotes', '그런 키는 따옴표로 감싸세요'],
    ['title = "x"\ntitle = "y"', 'a key or table is defined twice', '키나 테이블이 두 번 정의되어 있습니다'],
    ['title = "a \\q b"', 'a string holds an escape sequence TOML does not know', '이스케이프 시퀀스'],
    ['weight = 1 draft = true', 'something follows a value on its line; write each key = value on a line of its own', '한 줄에 하나씩'],
    [
      'title = Runbook',
      'a value is not a valid TOML string, number, date, true or false; put text in quotes',
      '텍스트는 따옴표로 감싸세요',
    ],
    ['weight = 01', 'a value is not a valid TOML string, number, date, true or false; put text in quotes', '올바른 TOML 문자열'],
  ])(
    'words what is wrong with TOML front matter %j from the TOML library’s refusal, in English and Korean, never its English',
    (toml, english, korean) => {
      const error = errorOf(() => parseFrontMatter(`+++\n${toml}\n+++\nBody\n`, 'a.md'));
      expect(error.message).toBe(
        `a.md line ${error.line}: front matter is not valid TOML (${english}); fix the TOML between the two +++ lines`,
      );
      const ko = wordCore(error.said, 'ko') ?? '';
      expect(ko).toContain(korean);
      expect(/\((.+)\)\. 두 \+\+\+ 줄/.exec(ko)?.[1]).not.toMatch(
        /unfinished|illegal|invalid|redefine|expected|escape sequence|declaration/,
      );
    },
  );

  it('returns empty data and the whole text when there is no front matter', () => {
    const text = '# Title\n\n---\n\nA thematic break above is not front matter.\n';
    expect(parseFrontMatter(text, 'a.md')).toEqual({ data: {}, body: text, bodyOffset: 0 });
  });

  it('reads CRLF files and a byte-order mark before the opening line', () => {
    const text = '\uFEFF---\r\nowner_id: kim\r\n---\r\nBody\r\n';
    const result = parseFrontMatter(text, 'a.md');
    expect(result.data).toEqual({ owner_id: 'kim' });
    expect(result.body).toBe('Body\r\n');
    expect(text.slice(result.bodyOffset)).toBe('Body\r\n');
  });

  it('treats an empty block as empty data', () => {
    expect(parseFrontMatter('---\n---\nBody', 'a.md')).toEqual({ data: {}, body: 'Body', bodyOffset: 8 });
  });

  it('reports broken YAML with the line number in the file, counting the opening --- line', () => {
    const error = errorOf(() => parseFrontMatter('---\ntitle: ok\nowner_id: kim\nvisibility: a: b\n---\nBody\n', 'docs/x.md'));
    expect(error.kind).toBe('invalid_input');
    expect(error.file).toBe('docs/x.md');
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/^docs\/x\.md line 4: front matter is not valid YAML \(.+\); fix the YAML between the two --- lines$/);
  });

  it('words what is wrong with the YAML from the library error code in either language, never the library English', () => {
    const error = errorOf(() => parseFrontMatter('---\ntitle: ok\nowner_id: kim\nvisibility: a: b\n---\nBody\n', 'docs/x.md'));
    const korean = wordCore(error.said, 'ko') ?? '';
    const reason = /^docs\/x\.md 4행: front matter가 올바른 YAML이 아닙니다\((.+)\)\. 두 --- 줄 사이의 YAML을 고치세요$/.exec(korean)?.[1];
    expect(reason).toBeDefined();
    // The library's own message ("Nested mappings are not allowed in compact mappings…") is English only.
    expect(reason).not.toMatch(/[A-Za-z]{4,}/);
    expect(error.message).not.toMatch(/Nested mappings|compact mappings/);
  });

  it('words YAML that parses but cannot be built (an alias bomb, an alias before its anchor) by kind in either language, never the library English', () => {
    const bomb = errorOf(() => parseFrontMatter(`---\ntitle: ok\n${ALIAS_BOMB_KEYS}\n---\nBody\n`, 'docs/bomb.md'));
    expect(bomb.message).toBe(
      "docs/bomb.md line 2: front matter could not be read as YAML (its aliases repeat their anchors' values so often that the value would grow too large to read); fix the YAML between the two --- lines",
    );
    expect(wordCore(bomb.said, 'ko')).toBe(
      'docs/bomb.md 2행: front matter를 YAML로 읽을 수 없었습니다(별칭이 앵커의 값을 너무 많이 되풀이해서 값이 읽을 수 없을 만큼 커집니다). 두 --- 줄 사이의 YAML을 고치세요',
    );
    const unresolved = errorOf(() => parseFrontMatter('---\ntitle: ok\nowner_id: *owner\n---\nBody\n', 'docs/x.md'));
    expect(unresolved.message).toBe(
      'docs/x.md line 2: front matter could not be read as YAML (the alias *owner names no anchor &owner written before it); fix the YAML between the two --- lines',
    );
    expect(wordCore(unresolved.said, 'ko')).toContain('(별칭 *owner이(가) 가리키는 앵커 &owner이(가) 그 앞에 없습니다)');
    expect(wordCore(unresolved.said, 'ko')).not.toMatch(/Unresolved|Excessive/);
  });

  it('reads an unquoted colon in a title as the text written, naming the line, but never in an access field (docs sweep 3, L17)', () => {
    const read = parseFrontMatter('---\ntitle: Runbook: Repo Validator\nowner_id: kim\ndescription: Step 1: check\n---\nBody\n', 'rb.md');
    expect(read.data).toEqual({ title: 'Runbook: Repo Validator', owner_id: 'kim', description: 'Step 1: check' });
    expect(read.quoted).toEqual([
      { line: 2, key: 'title' },
      { line: 4, key: 'description' },
    ]);
    // An access field with the same mistake still fails closed, with its line.
    const error = errorOf(() => parseFrontMatter('---\ntitle: Runbook: X\nvisibility: a: b\n---\nBody\n', 'rb.md'));
    expect(error.line).toBe(3);
    // YAML that parses is never rewritten.
    expect(parseFrontMatter('---\ntitle: "A: B"\n---\n', 'ok.md').quoted).toBeUndefined();
  });

  it('puts an unclosed quote on its own line, not on the closing fence', () => {
    expect(errorOf(() => parseFrontMatter('---\ntitle: "DNS\n---\n', 'x.md')).line).toBe(2);
  });

  it('reports an opening --- line without a closing line as line 1', () => {
    const error = errorOf(() => parseFrontMatter('---\ntitle: DNS\n\n# DNS\n', 'docs/x.md'));
    expect(error.kind).toBe('invalid_input');
    expect(error.line).toBe(1);
    expect(error.message).toContain('docs/x.md line 1: front matter starts with --- but no closing --- line follows');
  });

  it('rejects front matter that is a list instead of a mapping', () => {
    const error = errorOf(() => parseFrontMatter('---\n- a\n- b\n---\n', 'x.md'));
    expect(error.line).toBe(2);
    expect(error.message).toContain('front matter is a list, not a mapping');
  });
});
