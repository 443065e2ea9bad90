import path from 'node:path';
import neo4j from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HASHING_FEATURES } from '../../electron/corpus/hashing-embedder';
import { ensureDemoGraph, fixtureDriver, loadFolderGraph } from '../support/demo-graph';
import { ask, retrievalDeps, useFolderRetrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');

// The golden set's pages (test/fixtures/eval/ko-docs-golden-set.yaml), loaded with the real loader:
// with features 1 the best chunk of each of these questions scored under the 0.635 floor, and vector
// mode ended in no_evidence.
describe('vector mode over the Korean Kubernetes pages (test/fixtures/eval/ko-docs)', () => {
  let deps: RetrievalDeps | undefined;
  let reader = '';
  beforeAll(async () => {
    reader = await loadFolderGraph(server, path.join(REPO_ROOT, 'test', 'fixtures', 'eval', 'ko-docs'));
    deps = retrievalDeps(server);
  });
  afterAll(async () => {
    await deps?.close();
    await ensureDemoGraph(server);
  });

  it.each([
    ['SSH 터널을 대신하는 TCP 수준 프록시는 무엇인가요?', 'architecture--control-plane-node-communication'],
    ['리더로 뽑힌 인스턴스는 리스를 얼마나 자주 갱신하나요?', 'cluster-administration--coordinated-leader-election'],
    ['필드셀렉터에서 쓸 수 있는 연산자는 뭐예요?', 'objects--field-selectors'],
    ['디플로이먼트의 파드가 죽으면 쿠버네티스가 어떻게 복구해 주나요?', 'architecture--self-healing'],
  ])('hands over the page that answers a Korean question, above the relevance floor: %s', async (query, document) => {
    const { response } = await ask(deps as RetrievalDeps, { query, principal: reader, mode: 'vector', top_k: 10 });
    expect(response.outcome).toBe('ok');
    expect(response.items.map((item) => item.document_id)).toContain(document);
  });
});

/**
 * Pages written for this test in the shape of the Korean Kubernetes documentation
 * (test/fixtures/eval/ko-docs): Korean sentences with English terms whose particles are glued on
 * (`kubelet은`, `Lease를`), and questions worded otherwise than the text.
 */
const PAGES: Record<string, string> = {
  'leases.md': `# 리스

분산 시스템에서는 공유 리소스를 잠그고 노드 간의 활동을 조정하기 위한 메커니즘으로 리스를 사용한다.

## 노드 하트비트

각 노드의 kubelet은 kube-node-lease 네임스페이스에 노드마다 하나씩 있는 Lease 오브젝트를 주기적으로 갱신하여
하트비트를 보낸다. 컨트롤 플레인은 이 Lease의 갱신 시각을 보고 노드가 살아 있는지 판단한다.
`,
  'garbage-collection.md': `# 가비지 수집

가비지 수집은 클러스터 리소스를 정리하는 여러 메커니즘을 통칭한다. 종료된 파드, 완료된 잡,
소유자 참조가 없는 오브젝트, 사용하지 않는 컨테이너와 컨테이너 이미지가 그 대상이다.

## 소유자와 종속 오브젝트

종속 오브젝트는 metadata.ownerReferences 필드로 소유자를 가리킨다. 소유자가 삭제되면 종속 오브젝트도 함께 삭제된다.
`,
  'configmap.md': `# 컨피그맵

컨피그맵은 키-값 쌍으로 기밀이 아닌 데이터를 저장하는 API 오브젝트이다. 파드는 컨피그맵을 환경 변수,
커맨드라인 인수 또는 볼륨의 구성 파일로 사용할 수 있다.

## 불변 컨피그맵

immutable 필드를 true로 설정하면 컨피그맵의 데이터를 바꿀 수 없다.
`,
  'pods.md': `# 파드

파드는 쿠버네티스에서 생성하고 관리할 수 있는 배포 가능한 가장 작은 컴퓨팅 단위이다.

## 파드의 수명

파드는 한 번 스케줄되면 종료되거나 삭제될 때까지 그 노드에서 실행된다. 노드가 실패하면 그 노드의 파드는 삭제 대상이 된다.
`,
};

describe('Korean questions over Korean pages, with hashing-384 features 2', () => {
  const folder = useFolderRetrievalDeps(server, PAGES);

  it.each([
    ['kubelet 하트비트는 어느 네임스페이스의 리스 오브젝트를 갱신하나요?', 'leases'],
    ['소유자 오브젝트를 지우면 종속 오브젝트도 같이 삭제되나요?', 'garbage-collection'],
    ['컨피그맵 데이터를 못 바꾸게 하려면 어떤 필드를 설정하나요?', 'configmap'],
  ])('vector mode hands over the page that answers, above the relevance floor: %s', async (query, document) => {
    const { response } = await ask(folder.deps(), { query, principal: folder.reader(), mode: 'vector', top_k: 3 });
    expect(response.outcome).toBe('ok');
    expect(response.items[0]?.document_id).toBe(document);
  });

  it('full-text mode finds a Latin term the pages write only with a particle glued on (kubelet은)', async () => {
    const { response } = await ask(folder.deps(), {
      query: 'kubelet',
      principal: folder.reader(),
      mode: 'fulltext',
      options: { min_matched_terms: 1 },
    });
    expect(response.outcome).toBe('ok');
    expect(response.items.map((item) => item.document_id)).toContain('leases');
    // What is handed over is the chunk's own text, not the search-only runs.
    expect(response.items.find((item) => item.document_id === 'leases')?.content).toContain('kubelet은');
  });

  it('refuses a graph embedded with the first features (loaded before they were recorded) and says to load it again', async () => {
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
    // A test fixture on the test server: the record as a load before this change wrote it.
    try {
      await session.run('MATCH (m:LensEmbeddingInfo) REMOVE m.features');
    } finally {
      await session.close();
      await driver.close();
    }
    const deps = retrievalDeps(server);
    try {
      const { response } = await ask(deps, { query: '리스 갱신', principal: folder.reader(), mode: 'vector' });
      expect(response.outcome).toBe('invalid_request');
      expect(response.items).toEqual([]);
      expect(response.message).toBe(
        `The graph's vectors were made by hashing-384 with its features of version 1, but this version of Provenance Lens embeds queries with version ${HASHING_FEATURES}; their similarities would mean nothing. Load the graph again to embed it with version ${HASHING_FEATURES}: \`lens demo load\` (or "Load the demo corpus again" on the Connect screen) for the demo corpus, \`lens demo load --docs <folder>\` for a folder of your own.`,
      );
    } finally {
      await deps.close();
    }
  });
});
