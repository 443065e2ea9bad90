import { describe, expect, it } from 'vitest';
import { RetrievalOptions } from '../../../shared/context-contract';
import { createHashingEmbedder } from '../../../electron/corpus/hashing-embedder';
import type { Embedder } from '../../../electron/corpus/embedder';
import {
  bestOf,
  DEFAULT_MIN_MATCHED_TERMS,
  DEFAULT_SIMILARITY_FLOOR,
  judgeRelevance,
  questionScriptAbsent,
  relevanceFloorFor,
  SIMILARITY_FLOORS,
} from '../../../electron/retrieval/relevance-floor';

const hashing = createHashingEmbedder();
const uncalibrated: Embedder = {
  name: 'openai:text-embedding-3-small',
  dimensions: 1536,
  kind: 'semantic',
  batchSize: 64,
  embed: async () => new Float32Array(1536),
  embedMany: async (texts) => texts.map(() => new Float32Array(1536)),
};
const options = (raw: Record<string, unknown> = {}) => RetrievalOptions.parse(raw);
const QUERY = 'payments DB failover procedure';
const TEXT = 'Payments DB failover: promote the replica with patronictl.';

describe('relevanceFloorFor', () => {
  it('gives vector mode a similarity floor only, full-text mode a matched-terms floor only, and fused modes both', () => {
    const vector = relevanceFloorFor('vector', options(), hashing, QUERY);
    const fulltext = relevanceFloorFor('fulltext', options(), hashing, QUERY);
    expect([vector.similarity !== null, vector.matchedTerms !== null]).toEqual([true, false]);
    expect([fulltext.similarity !== null, fulltext.matchedTerms !== null]).toEqual([false, true]);
    for (const mode of ['hybrid', 'graph'] as const) {
      const floor = relevanceFloorFor(mode, options(), hashing, QUERY);
      expect([floor.similarity !== null, floor.matchedTerms !== null]).toEqual([true, true]);
    }
  });

  it('takes the calibrated floor of an embedder in the table and the documented default for one that is not', () => {
    expect(relevanceFloorFor('vector', options(), hashing, QUERY)).toMatchObject({
      similarity: SIMILARITY_FLOORS['hashing-384'],
      similaritySource: 'calibrated',
      embedder: 'hashing-384',
    });
    expect(relevanceFloorFor('vector', options(), uncalibrated, QUERY)).toMatchObject({
      similarity: DEFAULT_SIMILARITY_FLOOR,
      similaritySource: 'default',
    });
  });

  it('takes the request’s floor over the table, 0 included', () => {
    expect(relevanceFloorFor('hybrid', options({ min_similarity: 0, min_matched_terms: 0 }), hashing, QUERY)).toMatchObject({
      similarity: 0,
      similaritySource: 'request',
      matchedTerms: 0,
    });
  });

  it('never asks for more matched terms than the query has', () => {
    expect(relevanceFloorFor('fulltext', options(), hashing, 'runbook').matchedTerms).toBe(1);
    expect(relevanceFloorFor('fulltext', options({ min_matched_terms: 9 }), hashing, QUERY).matchedTerms).toBe(4);
    expect(relevanceFloorFor('fulltext', options(), hashing, QUERY).matchedTerms).toBe(DEFAULT_MIN_MATCHED_TERMS);
  });
});

describe('judgeRelevance', () => {
  const hybrid = relevanceFloorFor('hybrid', options({ min_similarity: 0.7 }), hashing, QUERY);

  it('judges a vector-only hit by its similarity, ignoring the words its chunk holds', () => {
    expect(judgeRelevance({ vector: 0.71, text: 'nothing in common' }, hybrid)).toEqual({
      similarity: 0.71,
      matchedTerms: null,
      passes: true,
    });
    expect(judgeRelevance({ vector: 0.69, text: TEXT }, hybrid)).toEqual({ similarity: 0.69, matchedTerms: null, passes: false });
  });

  it('judges a full-text hit by the query terms its chunk holds', () => {
    expect(judgeRelevance({ fulltext: 1.2, text: TEXT }, hybrid)).toEqual({ similarity: null, matchedTerms: 3, passes: true });
    expect(judgeRelevance({ fulltext: 9.9, text: 'the payments team' }, hybrid)).toMatchObject({ matchedTerms: 1, passes: false });
  });

  it('lets a hit both sides found pass when either side passes (the floor of its sides)', () => {
    expect(judgeRelevance({ vector: 0.5, fulltext: 1, text: TEXT }, hybrid).passes).toBe(true);
    expect(judgeRelevance({ vector: 0.9, fulltext: 1, text: 'unrelated' }, hybrid).passes).toBe(true);
    expect(judgeRelevance({ vector: 0.5, fulltext: 1, text: 'unrelated' }, hybrid).passes).toBe(false);
  });

  it('passes whatever a side found when that side’s floor is 0', () => {
    const off = relevanceFloorFor('hybrid', options({ min_similarity: 0, min_matched_terms: 0 }), hashing, QUERY);
    expect(judgeRelevance({ vector: 0.01, text: '' }, off).passes).toBe(true);
    expect(judgeRelevance({ fulltext: 0.01, text: '' }, off).passes).toBe(true);
  });

  it('ignores a side the mode does not have', () => {
    const fulltext = relevanceFloorFor('fulltext', options(), hashing, QUERY);
    expect(judgeRelevance({ vector: 0.99, text: 'unrelated' }, fulltext)).toEqual({ similarity: null, matchedTerms: null, passes: false });
  });
});

describe('question words and the matched-terms floor', () => {
  const floorOf = (query: string) => relevanceFloorFor('fulltext', options(), hashing, query);
  const judged = (query: string, text: string) => judgeRelevance({ fulltext: 1, text }, floorOf(query));

  it('does not count a question’s asking words as what a text holds of it', () => {
    // "how" and "do" are two of the question's terms for Lucene, and say nothing of ALBs.
    expect(judged('How do the ALB health checks work?', 'How do we rotate the database password?')).toMatchObject({
      matchedTerms: 0,
      passes: false,
    });
    expect(judged('How do the ALB health checks work?', 'The ALB health check hits /healthcheck.')).toMatchObject({
      matchedTerms: 2,
      passes: true,
    });
    expect(floorOf('How do the ALB health checks work?').queryTerms.map((term) => term.text)).toEqual(['alb', 'health', 'checks', 'work']);
  });

  it('asks a short question for its one topical word, not for the asking word beside it', () => {
    expect(floorOf('What is Redis?')).toMatchObject({ matchedTerms: 1 });
    expect(judged('What is Redis?', 'Redis is hosted on ElastiCache.').passes).toBe(true);
  });

  it('reads Korean question words as asking words, by the run they start, 왜 and 몇 only alone', () => {
    const terms = (query: string) => floorOf(query).queryTerms.map((term) => term.text);
    expect(terms('결제 장애는 언제 발생했나요?')).toEqual(['결제', '장애는', '발생했나요']);
    expect(terms('무엇을 배포하나요? 어떻게 롤백하나요?')).toEqual(['배포하나요', '롤백하나요']);
    expect(terms('왜곡된 몇몇 지표는 왜 생기나')).toEqual(['왜곡된', '몇몇', '지표는', '생기나']);
    expect(judged('결제 장애는 언제 발생했나요?', '언제 결제를 합니까').passes).toBe(false);
  });

  it('asks a page with no word of a script for none of the question’s terms in that script, never less than one', () => {
    // test/fixtures/eval/npm-readmes: a Korean question over an English README holds only its Latin word.
    const korean = '이미 설정된 환경 변수를 .env 값으로 덮어쓰려면 어떻게 하나요?';
    const readme = 'If instead, you want to override `process.env` use the `override` option.';
    expect(floorOf(korean).matchedTerms).toBe(2);
    expect(judged(korean, readme)).toEqual({ similarity: null, matchedTerms: 1, termsFloor: 1, passes: true });
    // A page holding none of the question's terms is still cut, whatever script it is in.
    expect(judged(korean, 'Set NODE_OPTIONS before the build.')).toMatchObject({ matchedTerms: 0, passes: false });
    // A page in both scripts is asked for all of them: one Latin word is not enough there.
    expect(judged(korean, '배포 전에 .env 파일을 확인하세요')).toMatchObject({ matchedTerms: 1, passes: false });
    expect(judged(korean, '배포 전에 .env 파일을 확인하세요').termsFloor).toBeUndefined();
    // An English question over an English page is judged as before.
    expect(judged('override an environment variable already set', readme)).toMatchObject({ matchedTerms: 1, passes: false });
  });

  it('counts the words of the chunk’s title and headings line once the chunk’s own text holds one of the query’s terms', () => {
    // test/fixtures/eval/runbooks: the page's title names the alert's subject (HPA), its sections do not.
    const korean = 'HPA가 maxReplicas에 계속 머물러 있으면 무엇을 확인해야 하나요?';
    const meaning = 'A HorizontalPodAutoscaler has been running at its `maxReplicas` for more than 15 minutes.';
    const context = 'Kube HPA Maxed Out > KubeHpaMaxedOut > Meaning';
    expect(judgeRelevance({ fulltext: 1, text: meaning }, floorOf(korean))).toMatchObject({ matchedTerms: 1, passes: false });
    expect(judgeRelevance({ fulltext: 1, text: meaning, context }, floorOf(korean))).toMatchObject({ matchedTerms: 2, passes: true });
    // The heading line alone is not evidence: a section holding none of the terms is cut however its page is titled.
    const impact = 'The workload wants more replicas than it is allowed: latency rises.';
    expect(judgeRelevance({ fulltext: 1, text: impact, context: 'Kube HPA maxReplicas > Impact' }, floorOf(korean))).toMatchObject({
      matchedTerms: 0,
      passes: false,
    });
  });

  it('counts, for a question in a script the page has no word of, the terms the other sections of the page found hold', () => {
    // test/fixtures/eval/runbooks: the Korean question's two Latin words sit in two sections of one page.
    const korean = '노드 시계가 NTP와 동기화되지 않을 때 chronyd를 어떻게 켜나요?';
    const meaning = 'The node’s clock is not synchronised with NTP (`node_timex_sync_status` is 0).';
    const mitigation = 'Start and enable the time service (`systemctl enable --now chronyd`) and fix its server list.';
    const context = 'Node Clock Not Synchronising > NodeClockNotSynchronising > Meaning';
    expect(judgeRelevance({ fulltext: 1, text: meaning, context }, floorOf(korean))).toMatchObject({ matchedTerms: 1, passes: false });
    expect(judgeRelevance({ fulltext: 1, text: meaning, context, pageText: mitigation }, floorOf(korean))).toMatchObject({
      matchedTerms: 2,
      passes: true,
    });
    // The page alone is not evidence: a section holding none of the terms is cut whatever its page holds.
    const impact = 'Clocks drift apart: TLS certificates look not yet valid or expired.';
    expect(judgeRelevance({ fulltext: 1, text: impact, pageText: `${meaning}\n${mitigation}` }, floorOf(korean))).toMatchObject({
      matchedTerms: 0,
      passes: false,
    });
    // A question in the page's own script still needs its terms in one section (and its heading line).
    const english = 'chronyd NTP';
    expect(judgeRelevance({ fulltext: 1, text: meaning, pageText: mitigation }, floorOf(english))).toMatchObject({
      matchedTerms: 1,
      passes: false,
    });
  });

  it('keeps every term of a question made of asking words only, so it is never left without terms', () => {
    expect(floorOf('How do we do it?').queryTerms.map((term) => term.text)).toEqual(['how', 'do', 'we']);
    expect(floorOf('How do we do it?').matchedTerms).toBe(2);
  });
});

describe('bestOf', () => {
  it('takes each side’s best on its own, and null for a side nothing reached', () => {
    expect(
      bestOf([
        { similarity: 0.6, matchedTerms: null, passes: false },
        { similarity: null, matchedTerms: 2, passes: true },
        { similarity: 0.64, matchedTerms: 1, passes: true },
      ]),
    ).toEqual({ similarity: 0.64, matchedTerms: 2 });
    expect(bestOf([])).toEqual({ similarity: null, matchedTerms: null });
  });
});

describe('questionScriptAbsent', () => {
  const terms = (query: string) => relevanceFloorFor('vector', options(), hashing, query).queryTerms;
  const english = ['## Create a refund', 'POST https://api.example.com/v1/refunds with `amount` for a partial refund.'];

  it('says so for a question in Hangul only over chunks with no Hangul word', () => {
    expect(questionScriptAbsent(terms('결제 금액의 일부만 환불하려면 어떻게 하나요?'), english)).toBe(true);
  });

  it('does not when the question carries a word of the chunks’ script, or a chunk holds a word of the question’s', () => {
    expect(questionScriptAbsent(terms('결제 금액의 일부만 refund하려면 어떻게 하나요?'), english)).toBe(false);
    expect(
      questionScriptAbsent(terms('결제 금액의 일부만 환불하려면 어떻게 하나요?'), [...english, '부분 환불은 amount를 보냅니다.']),
    ).toBe(false);
  });

  it('does not when nothing was judged or the question has no term', () => {
    expect(questionScriptAbsent(terms('환불하려면 어떻게 하나요?'), [])).toBe(false);
    expect(questionScriptAbsent([], english)).toBe(false);
  });
});
