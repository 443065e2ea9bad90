import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContextItem } from '../../shared/context-contract';
import { ItemCard } from '../../renderer/screens/workbench/ItemCard';
import { initI18n } from '../../renderer/shell/i18n';
import { buildRunRecord } from '../support/run-record-factory';

// A document whose title the graph holds as a list or a number: the card shows the title as the core
// handed it out (a list joined with ", ") and says beside it how the graph holds it, in the UI's language.
describe('an item card whose document title is not one text in the graph', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  const card = (changes: Partial<ContextItem>) => {
    const [item] = buildRunRecord().response.items;
    if (!item) throw new Error('the factory made no item');
    return renderToStaticMarkup(
      createElement(ItemCard, {
        item: { ...item, ...changes },
        selected: false,
        onToggle: () => undefined,
        violations: [],
        principalId: 'u-sora',
      }),
    );
  };
  const note = (html: string) => /data-testid="title-held-as">([^<]*)</.exec(html)?.[1];

  it('marks a list title and a number title, in English and Korean, and leaves a text title unmarked', async () => {
    const list = { title: 'Payments DB failover, 결제 DB 장애 조치', title_held_as: 'list' as const };
    const number = { title: '20260412', title_held_as: 'number' as const };
    await i18n.changeLanguage('en');
    expect(card(list)).toContain('>Payments DB failover, 결제 DB 장애 조치</h3>');
    expect(note(card(list))).toBe('(title is a list in the graph)');
    expect(card(list)).toContain('its entries are shown joined with commas');
    expect(note(card(number))).toBe('(title is a number in the graph)');
    expect(note(card({ title: 'Payments DB failover' }))).toBeUndefined();
    await i18n.changeLanguage('ko');
    expect(note(card(list))).toBe('(그래프에서 제목이 목록임)');
    expect(note(card(number))).toBe('(그래프에서 제목이 숫자임)');
    await i18n.changeLanguage('en');
  });
});
