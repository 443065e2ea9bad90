import { describe, expect, it } from 'vitest';
import { checkSentence, splitSentences, verifyDraft } from '../../shared/answer-preview';

describe('verifyDraft', () => {
  it('accepts a sentence citing a returned item, before or after its full stop', () => {
    const checked = verifyDraft('Salaries are reviewed yearly [1]. Raises need approval.[2]', 2);
    expect(checked.sentences.map((sentence) => [sentence.citations, sentence.flag])).toEqual([
      [[1], null],
      [[2], null],
    ]);
    expect(checked.flagged).toBe(0);
  });

  it('catches a citation of an item the run did not return', () => {
    const checked = verifyDraft('The budget doubled [3].', 2);
    expect(checked.sentences[0]).toMatchObject({ citations: [], invalid_citations: [3], flag: 'invalid_citation' });
    expect(checked.invalid_citations).toBe(1);
  });

  it('flags a sentence without any citation', () => {
    const checked = verifyDraft('Retries use backoff [1]. Everyone agrees it works.', 1);
    expect(checked.sentences[1]).toMatchObject({ text: 'Everyone agrees it works.', flag: 'no_citation' });
    expect(checked.flagged).toBe(1);
  });

  it('flags a sentence mixing a valid and an invalid citation as invalid, keeping the valid one', () => {
    expect(checkSentence('Both hold [1, 5].', 2)).toMatchObject({ citations: [1], invalid_citations: [5], flag: 'invalid_citation' });
    expect(checkSentence('Zero is no item [0].', 2)).toMatchObject({ invalid_citations: [0], flag: 'invalid_citation' });
  });

  it('reads Korean sentences and separate brackets', () => {
    const checked = verifyDraft('연봉 조정은 매년 3월에 합니다 [1][2]. 근거가 없습니다', 2);
    expect(checked.sentences.map((sentence) => sentence.flag)).toEqual([null, 'no_citation']);
    expect(checked.sentences[0]?.citations).toEqual([1, 2]);
  });

  it('ignores lone citations and blank lines as sentences of their own', () => {
    expect(splitSentences('First [1].\n\n[2]\nSecond [2].')).toEqual(['First [1].', 'Second [2].']);
  });
});

describe('splitSentences', () => {
  it('does not end a sentence inside a decimal number', () => {
    expect(splitSentences('Retries wait 1.5 s [1]. Then they stop [1].')).toEqual(['Retries wait 1.5 s [1].', 'Then they stop [1].']);
  });
});
