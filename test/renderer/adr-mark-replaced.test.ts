import { beforeAll, describe, expect, it } from 'vitest';
import { markDoneText } from '../../renderer/screens/stale-adrs/use-adr-marking';
import { initI18n } from '../../renderer/shell/i18n';
import { formatRunTime } from '../../renderer/app/time-format';

// Two analysts: one marked ADR-012 from another window while this screen still offered Mark; marking it here replaced
// that mark, and the screen said only "ADR-012 is marked stale".
const replaced = {
  document_id: 'adr-012',
  reason: 'first look: replaced by the new queue',
  successor_document_id: null,
  marked_by: 'u-sora',
  marked_at: '2026-11-29T08:00:00.000Z',
};

describe('what the Stale ADRs screen says after a mark', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('names the mark it replaced, by whom, when and why, in English and Korean', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.getFixedT('en', 'adrs');
    const at = formatRunTime(replaced.marked_at);
    expect(markDoneText(t, 'ADR-012', 'mark', replaced)).toBe(
      `ADR-012 is marked stale; later runs label it so. This mark replaces the one u-sora made at ${at} (“first look: replaced by the new queue”), which stays in the history.`,
    );
    expect(markDoneText(i18n.getFixedT('ko', 'adrs'), 'ADR-012', 'mark', replaced)).toBe(
      `ADR-012을(를) 오래됨으로 표시했습니다. 이후 실행에서 그렇게 표시됩니다. 이 표시는 u-sora이(가) ${at}에 남긴 표시(“first look: replaced by the new queue”)를 대신하며, 그 표시는 기록에 남습니다.`,
    );
  });

  it('says only that it is marked when no mark was in force, and that it is lifted for an unmark', () => {
    const t = i18n.getFixedT('en', 'adrs');
    expect(markDoneText(t, 'ADR-012', 'mark', null)).toBe('ADR-012 is marked stale; later runs label it so.');
    expect(markDoneText(t, 'ADR-012', 'unmark', null)).toBe(
      'The mark on ADR-012 is lifted; later runs give it its computed freshness again.',
    );
  });
});
