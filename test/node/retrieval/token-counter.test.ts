import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { isLensError } from '../../../shared/lens-error';
import { createTokenCounter, type TokenEncoding } from '../../../electron/retrieval/token-counter';

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
