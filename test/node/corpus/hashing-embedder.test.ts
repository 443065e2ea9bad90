import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../../electron/corpus/hashing-embedder';

const embedder = createHashingEmbedder();

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
}

function cosine(a: Float32Array, b: Float32Array): number {
  return a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
}

describe('createHashingEmbedder', () => {
  it('names itself honestly as a 384-dimensional lexical embedder', () => {
    expect(embedder.name).toBe('hashing-384');
    expect(embedder.dimensions).toBe(384);
    expect(embedder.kind).toBe('lexical');
    expect(embedder.embedNow('hello world')).toHaveLength(384);
  });

  it('answers embed and embedMany asynchronously with the same vectors as embedNow, in order', async () => {
    const texts = ['payments ledger', '결제 원장', ''];
    expect(await embedder.embed(texts[0] as string)).toEqual(embedder.embedNow(texts[0] as string));
    expect(await embedder.embedMany(texts)).toEqual(texts.map((text) => embedder.embedNow(text)));
  });

  it('returns identical vectors for the same text, across calls and instances', () => {
    const text = 'DNS 인프라 결정은 ADR-0015를 따른다';
    expect(embedder.embedNow(text)).toEqual(embedder.embedNow(text));
    expect(createHashingEmbedder().embedNow(text)).toEqual(embedder.embedNow(text));
  });

  it('keeps the same buckets and signs as when vectors were first stored', () => {
    // Stored chunk embeddings stay comparable only while this mapping never changes.
    const v = embedder.embedNow('hello');
    const signed = [...v].flatMap((x, i) => (x === 0 ? [] : [x > 0 ? i : -i]));
    expect(signed).toEqual([27, 29, -105, -151, -180, -357]);
  });

  it.each(['hello world', '이 결정은 내부 DNS 영역을 대체한다', 'Mixed 한국어 and English, 2024년 3월', 'x'.repeat(5000)])(
    'L2-normalises %#',
    (text) => {
      expect(Math.abs(norm(embedder.embedNow(text)) - 1)).toBeLessThan(1e-6);
    },
  );

  it('ranks Korean text with one word changed above unrelated text', () => {
    const base = embedder.embedNow('이 결정은 내부 DNS 영역을 새로운 서버로 대체한다');
    const changed = embedder.embedNow('이 결정은 내부 DNS 레코드를 새로운 서버로 대체한다');
    const unrelated = embedder.embedNow('Terraform modules are sourced locally while they are developed');
    expect(cosine(base, changed)).toBeGreaterThan(0.5);
    expect(cosine(base, changed)).toBeGreaterThan(cosine(base, unrelated) + 0.3);
  });

  it('matches a Korean stem across different particles', () => {
    const withTopic = embedder.embedNow('결정은');
    const withObject = embedder.embedNow('결정을');
    expect(cosine(withTopic, withObject)).toBeGreaterThan(0.2);
  });

  it('folds full-width letters and case through NFKC and lowercasing', () => {
    expect(embedder.embedNow('ＤＮＳ Zone')).toEqual(embedder.embedNow('dns zone'));
  });

  it.each(['', '!!!', '   \n\t', '-- ... ??'])('returns the zero vector for text without words (%j)', (text) => {
    const v = embedder.embedNow(text);
    expect(v).toHaveLength(384);
    expect(v.every((x) => x === 0)).toBe(true);
  });
});
