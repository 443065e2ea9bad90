import { describe, expect, it } from 'vitest';
import { mixedRuns, mixedWordRuns, termRuns } from '../../../electron/corpus/script-runs';

describe('script runs of words that glue a Korean particle to a Latin term', () => {
  it('cuts a word where it changes script and leaves a lone particle out', () => {
    expect(termRuns('kubelet의')).toEqual(['kubelet']);
    expect(termRuns('API서버를')).toEqual(['API', '서버를']);
    expect(termRuns('파드는')).toEqual(['파드는']);
  });

  it('gives the search-only runs of a chunk text, only from the words that mix scripts', () => {
    expect(mixedRuns('각 노드의 kubelet은 API서버에 Lease를 갱신한다')).toEqual(['kubelet', 'API', '서버에', 'Lease']);
    expect(mixedWordRuns('각 노드의 kubelet은 API서버에 Lease를 갱신한다')).toBe('kubelet API 서버에 Lease');
  });

  it('gives no search-only runs for text whose words each keep to one script', () => {
    expect(mixedWordRuns('kubelet 은 API 서버에 하트비트를 보낸다')).toBeNull();
    expect(mixedWordRuns('plain English text')).toBeNull();
  });
});
