import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus, readStatusPhrase } from '../../../electron/corpus/adr-status';

describe('normaliseAdrStatus: other languages and struck-out statuses', () => {
  it.each([
    ['~~Accepted~~ Superseded by [ADR-2](0002-x.md)', 'superseded'],
    ['~~Accepté~~ **Remplacé par [ADR-013](./013-x.fr.md)**', 'superseded'],
    ['~~Proposed~~ ~~Accepted~~ Deprecated', 'deprecated'],
    ['Teilweise abgelöst durch [ADR-012](012-x.md)', 'partly_superseded'],
    ['Partiellement remplacé par [ADR-11](0011-x.md)', 'partly_superseded'],
    ['Accepted, teilweise abgelöst durch [ADR 003](003-x.md)', 'accepted'],
    ['Aceptado. Modificado por [ADR-0010](0010-x.md)', 'accepted'],
    // Chinese passive frames (ImWenyaoT/chatty): superseded by one or more targets, in part, with no target, or accepted.
    ['已被 ADR 0010 和 ADR 0012 取代（2026-07-21）', 'superseded'],
    ['部分被 ADR 0010、0012 和 0013 取代（2026-07-21）', 'partly_superseded'],
    ['部分被取代（2026-07-20）', 'partly_superseded'],
    ['被 ADR-009 替代', 'superseded'],
    ['已被接受', 'accepted'],
    ['已被拒绝', 'rejected'],
    // Vietnamese (VinhDV-MCWAI/second_memory).
    ['Đã chấp nhận (2026-10-09, chủ dự án xác nhận)', 'accepted'],
    ['Đề xuất', 'proposed'],
    ['Đã bị thay thế bởi ADR-0012', 'superseded'],
    ['Bị từ chối', 'rejected'],
    ['Ngừng sử dụng', 'deprecated'],
    // More German, French, Spanish, Italian and Portuguese.
    ['In Diskussion', 'proposed'],
    ['En discussion', 'proposed'],
    ['En revisión', 'proposed'],
    ['In revisione', 'proposed'],
    ['Em discussão', 'proposed'],
    ['Offen', 'proposed'],
    ['Pendiente', 'pending'],
    ['In attesa', 'pending'],
    ['Ausstehend', 'pending'],
    ['Abandonné', 'rejected'],
    ['Cancelado', 'rejected'],
    ['Abbandonata', 'rejected'],
    ['Depreciado', 'deprecated'],
    ['Descontinuada', 'deprecated'],
    ['Vigente', 'accepted'],
    ['Superado por ADR-5', 'superseded'],
    ['Substituido por [ADR 5](0005-x.md)', 'superseded'],
    ['Sostituita da ADR-5', 'superseded'],
    ['Parcialmente superado por ADR-5', 'partly_superseded'],
    ['Aceptado, superado por ADR-9', 'superseded'],
    ['Confirmed, then superseded by ADR-5', 'superseded'],
    ['Accepted; later superseded by [ADR-9](0009-x.md)', 'superseded'],
    ['Accepted, later amended by ADR-9', 'accepted'],
    // Dutch.
    ['Geaccepteerd', 'accepted'],
    ['Goedgekeurd', 'accepted'],
    ['Voorgesteld', 'proposed'],
    ['In behandeling', 'proposed'],
    ['Afgewezen', 'rejected'],
    ['Verouderd', 'deprecated'],
    ['Vervangen door [ADR-5](0005-x.md)', 'superseded'],
    ['Gedeeltelijk vervangen door ADR-5', 'partly_superseded'],
    ['Geaccepteerd, vervangen door ADR-9', 'superseded'],
  ])('maps %j to %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    'Modificado por [ADR-10](0010-x.md)',
    'Reemplaza a: [ADR-2](0002-x.md)',
    'Modifica a: [ADR-7](0007-x.md)',
    'Geändert durch ADR-9',
    'Gewijzigd door [ADR-7](0007-x.md)',
    'Wijzigt [ADR-3](0003-x.md)',
  ])('reads %j as a statement, not a status', (raw) => {
    expect(normaliseAdrStatus(raw)).toBeNull();
  });
});

describe('normaliseAdrStatus: the common vocabularies', () => {
  it.each([
    ['Accepted', 'accepted'],
    ['approved', 'accepted'],
    ['Adopted', 'accepted'],
    // "Confirmed" is accepted, in every language it is read in; "Not confirmed" is no acceptance.
    ['Confirmed', 'accepted'],
    ['CONFIRMED on 2023-03-04', 'accepted'],
    ['Confirmada', 'accepted'],
    ['Confirmado', 'accepted'],
    ['Confirmée', 'accepted'],
    ['Confermato', 'accepted'],
    ['Bestätigt', 'accepted'],
    ['Not confirmed', 'unknown'],
    // Phrases opened by a word that alone means accepted, which say something else.
    ['Final draft', 'proposed'],
    ['Final review', 'proposed'],
    ['Final Comment Period', 'proposed'],
    ['Active discussion', 'proposed'],
    ['Decided against', 'rejected'],
    ['Not approved', 'rejected'],
    ['Not adopted', 'rejected'],
    ['Final', 'accepted'],
    ['Proposed', 'proposed'],
    ['Draft', 'proposed'],
    ['RFC', 'proposed'],
    ['In review', 'proposed'],
    ['Under discussion', 'proposed'],
    ['Rejected', 'rejected'],
    ['Declined', 'rejected'],
    ['Deprecated', 'deprecated'],
    ['Retired', 'deprecated'],
    ['Superseded', 'superseded'],
    ['Replaced by [x](x.md)', 'superseded'],
    ['Obsolete', 'superseded'],
    ['Incomplete', 'pending'],
    ['On hold', 'pending'],
    ['Pending', 'pending'],
    ['Partly superseded', 'partly_superseded'],
    ['Superseded in part by [x](x.md)', 'partly_superseded'],
    ['Partially replaced by ADR-4', 'partly_superseded'],
    ['Amended', 'partly_superseded'],
  ])('maps %j to %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    ['ACCEPTED', 'accepted'],
    ['accepted.', 'accepted'],
    ['✅ Accepted', 'accepted'],
    ['⌛️ Superseded by [3. Title](0003-title.md)', 'superseded'],
    ['❌ Rejected', 'rejected'],
    ['🤔 Proposed', 'proposed'],
    ['**Accepted**', 'accepted'],
    ['_Deprecated_', 'deprecated'],
    ['> Accepted', 'accepted'],
    ['Status: ✅ Accepted', 'accepted'],
    ['[Accepted]', 'accepted'],
  ])('strips leading emoji, symbols, emphasis and a Status label: %j → %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    ['승인', 'accepted'],
    ['승인됨', 'accepted'],
    ['채택', 'accepted'],
    ['제안', 'proposed'],
    ['검토 중', 'proposed'],
    ['보류', 'pending'],
    ['거부', 'rejected'],
    ['폐기', 'deprecated'],
    ['사용 중단됨', 'deprecated'],
    ['사용 중단되었음 (2024-05-01)', 'deprecated'],
    ['사용중단됨', 'deprecated'],
    ['대체됨', 'superseded'],
    ['일부 대체됨', 'partly_superseded'],
  ])('reads the Korean %j as %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    ['승인 대기', 'pending'],
    ['승인대기', 'pending'],
    ['승인 대기 중', 'pending'],
    ['채택 예정', 'pending'],
    ['승인 전', 'pending'],
    ['승인 요청', 'proposed'],
    ['承認待ち', 'pending'],
    ['承認前', 'pending'],
    ['採用予定', 'pending'],
    ['承認依頼中', 'proposed'],
    // Under way: agreement or approval still being reached is no decision yet.
    ['합의 중', 'proposed'],
    ['합의중', 'proposed'],
    ['승인 중', 'proposed'],
    ['承認中', 'proposed'],
    // Accepted as before: nothing, or no "not yet" marker, follows the stem.
    ['승인 완료', 'accepted'],
    ['승인 (2024-01-01)', 'accepted'],
    ['承認済み', 'accepted'],
  ])('reads %j, an acceptance not yet given or given, as %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    // Traditional Chinese, and simplified with 已 (already) before the word.
    ['已採納', 'accepted'],
    ['已通過', 'accepted'],
    ['提議', 'proposed'],
    ['討論中', 'proposed'],
    ['已拒絕', 'rejected'],
    ['已否决', 'rejected'],
    ['已廢棄', 'deprecated'],
    ['已棄用', 'deprecated'],
    ['已弃用', 'deprecated'],
    ['已撤回', 'deprecated'],
    ['已取消', 'rejected'],
    // Japanese.
    ['採択', 'accepted'],
    ['不採択', 'rejected'],
    ['取り下げ', 'deprecated'],
    // No status: a review that passed, or 已 alone.
    ['审核通过', 'unknown'],
    ['已', 'unknown'],
  ])('reads the Chinese or Japanese %j as %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each(['Exploratory', '🌀 Exploratory', 'Something else', '', '✅', '2021-01-01'])(
    'gives unknown for %j, which names no known state',
    (raw) => {
      expect(normaliseAdrStatus(raw)).toBe('unknown');
    },
  );

  it.each([
    'Supersedes [x](x.md)',
    'Amended by [x](x.md)',
    'Amends [x](x.md)',
    'Replaces ADR-4',
    'Refined by #5',
    'Status: Supersedes [x](x.md)',
  ])('gives null for %j, which states a supersession rather than a status', (raw) => {
    expect(normaliseAdrStatus(raw)).toBeNull();
  });
});

describe('normaliseAdrStatus: a history written with arrows', () => {
  it.each([
    ['Proposed → Accepted', 'accepted'],
    ['Proposed -> Accepted (2024-02-01)', 'accepted'],
    ['Proposed → Accepted → Deprecated', 'deprecated'],
    ['Accepted → Superseded by [4. Y](0004-y.md)', 'superseded'],
    ['Accepted → Partially superseded by ADR-2', 'partly_superseded'],
    ['Draft => Rejected', 'rejected'],
  ])('reads %j by its last state, %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    ['Superseded → [ADR-9](0009-x.md)', 'superseded'],
    ['Accepted → see ADR-5', 'accepted'],
  ])('reads %j, whose arrow points at no state, by its status, %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });
});

describe('readStatusPhrase', () => {
  it('returns what follows the status words, so a caller can tell a status line from prose', () => {
    expect(readStatusPhrase('⌛️ Superseded by [x](x.md)')).toEqual({ status: 'superseded', rest: ' by [x](x.md)' });
    expect(readStatusPhrase('On hold until March')).toEqual({ status: 'pending', rest: ' until March' });
    expect(readStatusPhrase('Accepted practice is to review')).toEqual({ status: 'accepted', rest: ' practice is to review' });
  });

  it('returns null for a text that starts with no status word', () => {
    expect(readStatusPhrase('We decided to use Kafka')).toBeNull();
  });
});

describe('normaliseAdrStatus: "superseeded" as some teams spell it, and "overridden"', () => {
  it.each([
    ['Superseeded', 'superseded'],
    ['Superseeded by ADR-4', 'superseded'],
    ['Overridden', 'superseded'],
    ['Overridden by [ADR-13](0013-x.md)', 'superseded'],
  ])('reads %j as %s', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });
});

describe('normaliseAdrStatus: a decision taken back, or in force, in other words', () => {
  it.each([
    // Taken back: no longer in force, as withdrawn or retired is (deprecated).
    ['Reverted', 'deprecated'],
    ['Reverted by ADR-0012', 'deprecated'],
    ['Overruled', 'deprecated'],
    ['REVOKED', 'deprecated'],
    ['Rescinded on 2022-03-01', 'deprecated'],
    ['되돌림', 'deprecated'],
    ['원복됨', 'deprecated'],
    ['번복됨', 'deprecated'],
    ['철회', 'deprecated'],
    ['철회됨', 'deprecated'],
    // In force.
    ['Done', 'accepted'],
    ['In effect', 'accepted'],
    ['In force', 'accepted'],
    ['완료', 'accepted'],
    ['시행', 'accepted'],
    ['시행 중', 'accepted'],
    ['발효됨', 'accepted'],
    ['적용됨', 'accepted'],
    ['구현됨', 'accepted'],
    ['구현 완료', 'accepted'],
    ['합의됨', 'accepted'],
    // Not yet: planned or awaited.
    ['시행 예정', 'pending'],
    ['적용 예정', 'pending'],
    ['합의 대기', 'pending'],
  ])('maps %j to %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });
});
