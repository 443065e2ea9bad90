import { describe, expect, it } from 'vitest';
import { createHashingEmbedder, HASHING_FEATURES } from '../../../electron/corpus/hashing-embedder';

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

  it('keeps the same buckets and signs for English words as when vectors were first stored', () => {
    // Stored chunk embeddings stay comparable only while this mapping holds; a change needs a new HASHING_FEATURES.
    const v = embedder.embedNow('hello');
    const signed = [...v].flatMap((x, i) => (x === 0 ? [] : [x > 0 ? i : -i]));
    expect(signed).toEqual([27, 29, -105, -151, -180, -357]);
  });

  it('records the version of its features, 2 since Hangul runs and script changes are read apart', () => {
    expect(embedder.features).toBe(2);
    expect(HASHING_FEATURES).toBe(2);
  });

  it('reads a Latin term with a Korean particle glued to it as the term alone', () => {
    expect(embedder.embedNow('kubelet의')).toEqual(embedder.embedNow('kubelet'));
    expect(embedder.embedNow('API서버')).toEqual(embedder.embedNow('API 서버'));
  });

  it('leaves Korean question words and question endings out of a Hangul run', () => {
    expect(embedder.embedNow('리스를 갱신하나요')).toEqual(embedder.embedNow('리스를 갱신'));
    expect(embedder.embedNow('무엇을 설정하나요 왜')).toEqual(embedder.embedNow('설정'));
    // Two syllables or more stay before an ending: 하나요 alone is a word, not an ending.
    expect(embedder.embedNow('하나요').some((x) => x !== 0)).toBe(true);
  });

  it('matches a Korean question to the sentence that answers it more closely than a Hangul run of another topic', () => {
    const question = embedder.embedNow('kubelet 하트비트는 어느 네임스페이스의 Lease 오브젝트를 갱신하나요?');
    const answer = embedder.embedNow(
      '각 노드의 kubelet은 kube-node-lease 네임스페이스에 있는 Lease 오브젝트를 갱신하여 하트비트를 보낸다.',
    );
    const other = embedder.embedNow('파드는 쿠버네티스에서 생성하고 관리할 수 있는 배포 가능한 가장 작은 컴퓨팅 단위이다.');
    // Scores as the vector mode shows them, (1 + cos) / 2, against the relevance floor of 0.635.
    expect((1 + cosine(question, answer)) / 2).toBeGreaterThan(0.635);
    expect(cosine(question, answer)).toBeGreaterThan(cosine(question, other) + 0.2);
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
