import { describe, expect, it } from 'vitest';
import { wordCore } from '../../shared/core-catalogues';
import { DEMO_CORPUS_SOURCE, loadedMessage } from '../../shared/demo-load-messages';

const summary = (source: string) => ({ source, target: 'bolt://127.0.0.1:17687', elapsed_ms: 1_540 });

describe("the load summary's first line", () => {
  it('names the built-in corpus in the reader’s language, not as the English words the summary keeps', () => {
    expect(wordCore(loadedMessage(summary(DEMO_CORPUS_SOURCE)), 'en')).toBe('Loaded demo corpus into bolt://127.0.0.1:17687 in 1.5 s');
    const korean = wordCore(loadedMessage(summary(DEMO_CORPUS_SOURCE)), 'ko');
    expect(korean).toBe('데모 코퍼스을(를) bolt://127.0.0.1:17687에 1.5초 만에 불러왔습니다');
    expect(korean).not.toContain('demo corpus');
  });

  it('keeps a folder’s path as it is in either language', () => {
    expect(wordCore(loadedMessage(summary('/srv/team/adrs')), 'ko')).toContain('/srv/team/adrs을(를)');
    expect(wordCore(loadedMessage(summary('/srv/team/adrs')), 'en')).toBe('Loaded /srv/team/adrs into bolt://127.0.0.1:17687 in 1.5 s');
  });
});
