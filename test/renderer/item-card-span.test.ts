import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ItemCard } from '../../renderer/screens/workbench/ItemCard';
import { initI18n } from '../../renderer/shell/i18n';
import { buildRunRecord } from '../support/run-record-factory';

// An item from a graph that holds no character offsets (neo4j-graphrag's lexical graph keeps none):
// the card says the span is not known, in the UI's language, and shows no invented range.
describe('an item card whose span is not known', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  const card = (span: 'known' | null) => {
    const [item] = buildRunRecord().response.items;
    if (!item) throw new Error('the factory made no item');
    return renderToStaticMarkup(
      createElement(ItemCard, {
        item: span === null ? { ...item, span: null } : item,
        selected: false,
        onToggle: () => undefined,
        violations: [],
        principalId: 'u-sora',
      }),
    );
  };

  it('says so in English and Korean, and shows a range where the graph gave one', async () => {
    await i18n.changeLanguage('en');
    expect(card('known')).toMatch(/characters \d+–\d+/);
    expect(card(null)).toContain('not known: the graph holds no character offsets for these chunks');
    expect(card(null)).not.toMatch(/characters \d+–\d+/);
    await i18n.changeLanguage('ko');
    expect(card(null)).toContain('알 수 없음: 그래프에 이 청크의 문자 위치가 없습니다');
    expect(card(null)).not.toMatch(/\d+–\d+번째 문자/);
  });
});
