import { createRandom } from '../../electron/demo-graph/synthetic-text';

/**
 * Realistic mixed English/Korean questions for the trace search benchmark: the kind of text people
 * type into a retrieval workbench (who owns what, how to rotate, why a service failed), from a
 * seeded generator so every run of the benchmark searches the same store.
 */

const SERVICES = ['payments', 'checkout', 'ledger', 'billing', 'search', 'identity', 'notifications', 'inventory', 'shipping', 'gateway'];
const SERVICES_KO = ['결제', '주문', '정산', '청구', '검색', '인증', '알림', '재고', '배송', '게이트웨이'];
const TOPICS = [
  'API',
  'TLS certificates',
  'consumer lag',
  'on-call rotation',
  'rate limits',
  'database migration',
  'retry policy',
  'SLO',
  'feature flags',
  'cache eviction',
];
const TOPICS_KO = [
  '인증서',
  '소비자 지연',
  '당직 순번',
  '요청 한도',
  '마이그레이션',
  '재시도 정책',
  '서비스 수준',
  '기능 플래그',
  '캐시 만료',
  '로그 보관',
];
const ENGLISH = [
  (s: string, t: string) => `Who owns the ${s} ${t}?`,
  (s: string, t: string) => `How do I rotate ${t} for ${s}?`,
  (s: string, t: string) => `Why did ${s} page the on-call about ${t} last night?`,
  (s: string, t: string) => `What is the runbook for ${t} in the ${s} service`,
  (s: string, t: string) => `Which ADR decided the ${t} of ${s}, and is it still current?`,
  (s: string, t: string) => `list every incident where ${s} hit ${t} (P1 or P2) since 2026-01`,
];
const KOREAN = [
  (s: string, t: string) => `${s} 서비스의 ${t} 담당 팀은 어디인가요?`,
  (s: string, t: string) => `${s} ${t} 관련 장애 대응 절차를 알려주세요`,
  (s: string, t: string) => `어제 ${s}에서 ${t} 때문에 장애가 났나요?`,
  (s: string, t: string) => `${t} 변경은 어떤 ADR에서 결정했나요? (${s})`,
];
const MIXED = [
  (s: string, t: string, k: string) => `${s} API의 ${k} 설정은 ${t}와 어떻게 다른가요?`,
  (s: string, t: string, k: string) => `${k}: ${s} ${t} runbook 최신 버전`,
];

/** Terms the benchmark searches: how often each appears is set by the generator. */
export const SEARCH_TERMS = {
  /** About 1 run in 1,000. */
  rare: 'quokka',
  /** About 1 run in 5. */
  common: 'payments',
  /** A two-syllable Korean word in about 1 run in 10. */
  korean2: '장애',
  /** One character, in most runs. */
  char1: 'a',
  /** Two letters in about half the runs (46 %): a search that matches many. */
  half: 'he',
  /** Two words in about 1 run in 100. */
  oneInHundred: 'billing api',
} as const;

/** A seeded generator of numbers in [0, 1): the same seed gives the same questions. */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}

/** `count` questions from `seed`: half English, a third Korean, the rest mixed; 1 in 1,000 mentions the rare term. */
export function questions(count: number, seed = 14): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    let text: string;
    if (roll < 0.5) text = pick(ENGLISH)(pick(SERVICES), pick(TOPICS));
    else if (roll < 0.83) text = pick(KOREAN)(pick(SERVICES_KO), pick(TOPICS_KO));
    else text = pick(MIXED)(pick(SERVICES), pick(TOPICS), pick(TOPICS_KO));
    if (index % 1000 === 500) text = `${text} (${SEARCH_TERMS.rare} cluster)`;
    return text;
  });
}
