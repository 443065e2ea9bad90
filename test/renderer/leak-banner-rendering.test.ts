import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { LeakBanner } from '../../renderer/screens/compare/LeakBanner';
import { initI18n } from '../../renderer/shell/i18n';
import { accessLine } from '../../electron/cli/commands/compare-format';
import type { Comparison } from '../../shared/compare/comparison';
import type { NodeAccess } from '../../shared/compare/node-access';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';

// The two denials that are no clause of the policy, as the leak check makes them (electron/compare):
// each carries its sentence as a code of the `access` catalogue, worded in the UI's language.
const contentLeak: NodeAccess = {
  state: 'denied',
  node: { label: 'Chunk', id: 'handbook-c1' },
  reason: 'content_not_in_source',
  rule: 'item.content ⊄ text(chunk, claim, evidence)',
  failed: [],
  message: { code: 'content_not_in_source_denied', params: { content: '2027 salary budget is 5.5%' } },
};
const noChunk: NodeAccess = {
  state: 'denied',
  node: { label: 'Claim', id: 'claim-9' },
  reason: 'no_chunk',
  rule: 'claim.located_in = []',
  failed: [],
  message: { code: 'no_chunk_denied', params: { kind: 'claim' } },
};

function withLeaks(...accesses: NodeAccess[]): Comparison {
  return {
    leak_check: {
      state: 'checked',
      nodes_checked: 4,
      access: [],
      leaks: accesses.map((access, index) => ({
        side: 'a',
        principal_id: 'u-guest',
        item_key: `claim:k${index}`,
        rank: index + 1,
        document_id: 'handbook',
        access,
      })),
    },
  } as unknown as Comparison;
}

const render = (comparison: Comparison) => renderToStaticMarkup(createElement(LeakBanner, { comparison }));

describe('the Compare leak banner: denials that are no clause of the policy', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('words content drawn from no source and a claim in no chunk in English, not "no clauses"', async () => {
    await i18n.changeLanguage('en');
    const html = render(withLeaks(contentLeak, noChunk));
    expect(html).toContain(
      'its content &quot;2027 salary budget is 5.5%&quot; is text of none of the chunks, claim or evidence the item names',
    );
    expect(html).toContain('a claim is visible only through a chunk, and it is located in none');
    expect(html).toContain('data-code="content_not_in_source_denied"');
    expect(html).not.toContain(i18n.t('clause_no_clauses', { ns: 'compare' }));
  });

  it('words them in Korean when the UI is Korean, the claimed text as it was', async () => {
    await i18n.changeLanguage('ko');
    const html = render(withLeaks(contentLeak, noChunk));
    expect(html).toContain('내용 &quot;2027 salary budget is 5.5%&quot;이(가) 항목이 가리키는 청크, 주장, 근거 어느 것의 텍스트도 아님');
    expect(html).toContain('claim은(는) 청크를 통해서만 볼 수 있는데, 어느 청크에도 놓여 있지 않음');
    expect(html).not.toContain('is text of none');
  });

  it('is worded by the CLI in English from the same catalogue', () => {
    expect(accessLine(contentLeak)).toBe(
      'denied at Chunk handbook-c1, content taken from none of its sources: its content "2027 salary budget is 5.5%" is text of none of the chunks, claim or evidence the item names',
    );
    expect(accessLine(noChunk)).toBe(
      'denied at Claim claim-9, located in no chunk: a claim is visible only through a chunk, and it is located in none',
    );
  });
});

describe('the Compare leak banner: a check that could not finish', () => {
  const failed = (): Comparison =>
    ({
      leak_check: {
        state: 'failed',
        error: codedError('unavailable', serverError('no_neo4j'), { hint: serverError('no_neo4j_hint') }).toData(),
      },
    }) as unknown as Comparison;

  it('says why in the UI’s language, with no raw error kind ("(unavailable)") nor the core’s English', async () => {
    const i18n = await initI18n('ko');
    const heading = (html: string) => /<strong>(.*?)<\/strong>/.exec(html)?.[1] ?? '';
    const korean = heading(render(failed()));
    expect(korean).toContain('유출 검사를 마치지 못했습니다: 설정된 Neo4j가 없고');
    expect(korean).not.toContain('unavailable');
    expect(korean).not.toContain('No Neo4j is configured');
    await i18n.changeLanguage('en');
    const english = heading(render(failed()));
    expect(english).toContain('The leak check could not finish: No Neo4j is configured');
    expect(english).not.toContain('(unavailable)');
  });
});

describe('the UI draws reordering characters in message parameters as tokens', () => {
  it('shows a principal id with a bidi override as it is, in any language', async () => {
    const i18n = await initI18n('en');
    const spoofed = { ...withLeaks(contentLeak) };
    const leak = spoofed.leak_check.state === 'checked' ? spoofed.leak_check.leaks[0] : undefined;
    if (!leak) throw new Error('no leak to spoof');
    const html = render({
      ...spoofed,
      leak_check: { ...spoofed.leak_check, leaks: [{ ...leak, principal_id: 'u-\u202Etseug' }] },
    } as Comparison);
    expect(html).toContain('u-⟨U+202E⟩tseug');
    expect(html).not.toContain('\u202E');
    await i18n.changeLanguage('ko');
    expect(render(spoofed)).not.toContain('\u202E');
  });
});

/** A comparison whose side A timed out while B answered, its leak check over B's items finding nothing. */
function aTimedOut(): Comparison {
  return {
    a: { outcome: 'timeout', principal: { principal_id: 'u-alice' } },
    b: { outcome: 'ok', principal: { principal_id: 'u-guest' } },
    leak_check: { state: 'checked', nodes_checked: 12, access: [], leaks: [] },
  } as unknown as Comparison;
}

describe('the Compare leak banner when a run gave no answer', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('never says "no leaks" when A timed out: the leaks are unknown, named with the side, principal and outcome, in both languages', async () => {
    await i18n.changeLanguage('en');
    const english = render(aTimedOut());
    expect(english).toContain('data-state="incomplete"');
    expect(english).toContain('role="alert"');
    expect(english).not.toContain('No leaks');
    expect(english).toContain('Leaks unknown');
    expect(english).toContain('A (u-alice) ended in timeout');
    await i18n.changeLanguage('ko');
    const korean = render(aTimedOut());
    expect(korean).not.toContain('유출 없음:');
    expect(korean).toContain('유출 여부를 알 수 없음');
    expect(korean).toContain('A(u-alice)는 시간 초과(으)로 끝났습니다');
    await i18n.changeLanguage('en');
  });
});
