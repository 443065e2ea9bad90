import { countTokens as countCl100k, encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k, encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { isLensError } from '../../../shared/lens-error';
import { buildLoadPlan } from '../../../electron/demo-graph/demo-loader';
import { createRandom, syntheticParagraph, syntheticVocabulary } from '../../../electron/demo-graph/synthetic-text';
import { countsByPiece, createTokenCounter, rememberedPieces, type TokenEncoding } from '../../../electron/retrieval/token-counter';

// Counts computed once with gpt-tokenizer 4.0.0; they change only if the encodings do.
const KNOWN: Array<{ text: string; o200k_base: number; cl100k_base: number }> = [
  { text: 'Hello, world!', o200k_base: 4, cl100k_base: 4 },
  { text: 'The event bus moved from Kafka to Redpanda in 2025.', o200k_base: 15, cl100k_base: 15 },
  { text: '이 결정은 내부 DNS 영역을 새로운 서버로 대체한다', o200k_base: 13, cl100k_base: 23 },
  { text: '결제 서비스의 장애 대응 절차는 매 분기 검토한다.', o200k_base: 16, cl100k_base: 29 },
  { text: 'ADR-0015: 내부 DNS는 CoreDNS로 옮긴다 (supersedes ADR-0009)', o200k_base: 24, cl100k_base: 27 },
];

const LIBRARY_ENCODE: Record<TokenEncoding, (text: string) => number[]> = {
  o200k_base: (text) => encodeO200k(text),
  cl100k_base: (text) => encodeCl100k(text),
};

const LIBRARY_COUNT: Record<TokenEncoding, (text: string) => number> = {
  o200k_base: (text) => countO200k(text, { disallowedSpecial: new Set() }),
  cl100k_base: (text) => countCl100k(text, { disallowedSpecial: new Set() }),
};

/** Texts where a pre-tokenizer's pieces are easy to get wrong: runs of spaces, line ends, digits, contractions, scripts, long unbroken runs. */
const EDGE_TEXTS = [
  'a  b   c    d',
  'trailing spaces   ',
  '   leading spaces',
  'line\nbreaks\r\nand\r\n\r\n  indented\n\tTabbed',
  'numbers 1 12 123 1234 12345 3.14159 -42 1,000,000',
  "contractions: it's, we'll, they've, I'M, she'd, DON'T",
  'CamelCaseWords and SHOUTING and mIxEd',
  '한국어 문장과 English words가 섞인 문장입니다. 결제서비스의장애대응절차',
  '日本語のテキストと中文文本',
  'emoji 🚀🔥 and symbols ©®™ → ≠ ≤ ∑',
  'https://example.internal/path/to/resource?query=value&other=1#fragment',
  'aGVsbG8gd29ybGQgdGhpcyBpcyBhIGxvbmcgYmFzZTY0IHN0cmluZyB3aXRob3V0IGFueSBzcGFjZXMgYXQgYWxs'.repeat(3),
  'the tokenizer splits on <|endoftext|> and <|fim_prefix|> markers',
  '```ts\nconst x = await fetch(url);\n```\n\n| a | b |\n|---|---|',
  '',
  ' ',
  '\n',
  // Where a merge of the piece's text and one of its bytes can part ways: lone surrogates, 4-byte characters,
  // joiners and combining marks, control characters, two-byte Latin-1 runs, Hangul jamo, long unbroken runs.
  'lone \uD800 high, lone \uDC00 low, x\uD83Dy',
  '👨‍👩‍👧‍👦 family 🏳️‍🌈 flag 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠀀𠀁',
  'e\u0301 a\u0308\u0323 combining ﬁ ligature',
  '\u0000\u0007\u007f\u0080\u00a0\u200b\ufeff controls',
  'ÿ'.repeat(40) + ' ' + 'Ω'.repeat(40),
  'ㄱㄴㄷ 각 가각갂 ' + '가나다라마바사'.repeat(12),
  'x'.repeat(200),
];

/** Synthetic English and Korean paragraphs (made-up words, so many pieces are merged, not looked up) and the demo corpus's chunks. */
function corpus(): string[] {
  const vocabulary = syntheticVocabulary(11);
  const random = createRandom(5);
  const synthetic = Array.from({ length: 300 }, (_, i) => syntheticParagraph(vocabulary, i % 3 === 0 ? 'ko' : 'en', random));
  const demo = buildLoadPlan().documents.flatMap((doc) => doc.chunks.map((chunk) => chunk.text));
  return [...EDGE_TEXTS, ...synthetic, ...demo];
}

describe('createTokenCounter', () => {
  it('uses o200k_base when no encoding is given', () => {
    expect(createTokenCounter().name).toBe('o200k_base');
  });

  describe.each(['o200k_base', 'cl100k_base'] as const)('%s', (encoding) => {
    const counter = createTokenCounter(encoding);

    it.each(KNOWN)('gives the known count for $text', (known) => {
      expect(counter.count(known.text)).toBe(known[encoding]);
    });

    it.each(KNOWN)("agrees with the library's own encode().length for $text", ({ text }) => {
      expect(counter.count(text)).toBe(LIBRARY_ENCODE[encoding](text).length);
    });

    it("counts every text of a varied corpus exactly as the library's countTokens does, the first time and again", () => {
      const texts = corpus();
      expect(texts.length).toBeGreaterThan(300);
      const expected = texts.map(LIBRARY_COUNT[encoding]);
      // A fresh counter per pass, so the second pass is counted from remembered pieces, not remembered texts.
      expect(texts.map((text) => createTokenCounter(encoding).count(text))).toEqual(expected);
      expect(texts.map((text) => createTokenCounter(encoding).count(text))).toEqual(expected);
    });

    it('counts by remembered pieces with the installed gpt-tokenizer (a version without the internals it reads fails here)', () => {
      expect(countsByPiece(encoding)).toBe(true);
    });

    it('stays exact after more distinct pieces than it remembers', () => {
      const random = createRandom(9);
      const word = () => Array.from({ length: 3 + random.below(8) }, () => String.fromCharCode(97 + random.below(26))).join('');
      const texts = Array.from({ length: 400 }, () => Array.from({ length: 60 }, word).join(' '));
      for (const text of texts) expect(createTokenCounter(encoding).count(text)).toBe(LIBRARY_COUNT[encoding](text));
      // 24,000 made-up words went through it: it remembers up to its limit, not all of them.
      const remembered = rememberedPieces(encoding);
      expect(remembered.count).toBe(remembered.limit);
    });

    it('counts long unbroken runs (merged by a heap past a few hundred bytes) exactly as the library does, at and around the switch', () => {
      const random = createRandom(17);
      const run = (length: number, alphabet: string) =>
        Array.from({ length }, () => alphabet[random.below(alphabet.length)] as string).join('');
      const latin = 'abcdefghijklmnopqrstuvwxyz';
      const hangul = '가나다라마바사아자차카타파하강남동서북';
      const texts = [
        ...[250, 255, 256, 257, 300, 1000, 4000].map((length) => run(length, latin)),
        ...[85, 86, 90, 700].map((length) => run(length, hangul)),
        run(2000, 'ab'),
        'a'.repeat(3000),
        run(1500, latin + 'é'),
        `x${'Zq'.repeat(600)}`,
      ];
      for (const text of texts) expect(createTokenCounter(encoding).count(text)).toBe(LIBRARY_COUNT[encoding](text));
    });

    it('names itself after the encoding', () => {
      expect(counter.name).toBe(encoding);
    });
  });

  it('counts Korean as more tokens than a characters/4 heuristic would', () => {
    const counter = createTokenCounter();
    for (const { text } of KNOWN.filter((k) => /\p{Script=Hangul}/u.test(k.text))) {
      expect(counter.count(text)).toBeGreaterThan(text.length / 4);
    }
  });

  it('counts the empty string as zero tokens', () => {
    expect(createTokenCounter().count('')).toBe(0);
  });

  it('counts special-token text in a document as plain text instead of throwing', () => {
    const text = 'the tokenizer splits on <|endoftext|> markers';
    expect(() => encodeO200k(text)).toThrow();
    expect(createTokenCounter().count(text)).toBe(encodeO200k(text, { disallowedSpecial: new Set() }).length);
  });

  it('gives the same count for a repeated text as for the first time', () => {
    const counter = createTokenCounter();
    const text = KNOWN[2]?.text ?? '';
    const first = counter.count(text);
    for (let i = 0; i < 3; i++) expect(counter.count(text)).toBe(first);
  });

  it('keeps counting correctly after far more distinct texts than the cache holds', () => {
    const counter = createTokenCounter();
    for (let i = 0; i < 1000; i++) {
      const text = `chunk ${i} 문서 ${i * 7}`;
      expect(counter.count(text)).toBe(encodeO200k(text).length);
    }
    expect(counter.count(KNOWN[0]?.text ?? '')).toBe(4);
  });

  it('counts texts longer than the cache limit', () => {
    const text = '이 결정은 내부 DNS 영역을 대체한다. '.repeat(1000);
    expect(createTokenCounter().count(text)).toBe(encodeO200k(text).length);
  });

  it.each(['p50k_base', 'constructor'])('refuses an encoding it does not know (%s), with a LensError', (name) => {
    let thrown: unknown;
    try {
      createTokenCounter(name as TokenEncoding);
    } catch (error) {
      thrown = error;
    }
    expect(isLensError(thrown)).toBe(true);
    expect((thrown as { kind: string }).kind).toBe('invalid_input');
  });
});
