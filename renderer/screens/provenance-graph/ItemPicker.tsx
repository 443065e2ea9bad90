import { useTranslation } from 'react-i18next';
import type { ContextItem } from '../../../shared/context-contract';

interface ItemPickerProps {
  readonly items: readonly ContextItem[];
  readonly selected: readonly number[];
  readonly onChange: (indexes: readonly number[]) => void;
}

const SNIPPET_CHARS = 90;

/** The start of an item's content on one line, without markdown heading marks. */
function snippet(text: string): string {
  const flat = text
    .replace(/(^|\n)#{1,6}\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 1)}…` : flat;
}

/** Checkboxes of the run's items; the choice is shared with the workbench. */
export function ItemPicker({ items, selected, onChange }: ItemPickerProps) {
  const { t } = useTranslation('graph');
  const chosen = new Set(selected);
  const toggle = (index: number) => {
    const next = new Set(chosen);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <fieldset className="graph-item-picker panel" data-testid="graph-item-picker">
      <legend>{t('picker_legend')}</legend>
      <div className="graph-picker-actions">
        <button type="button" onClick={() => onChange(items.map((_, index) => index))} disabled={chosen.size === items.length}>
          {t('picker_all')}
        </button>
        <button type="button" onClick={() => onChange([])} disabled={chosen.size === 0}>
          {t('picker_clear')}
        </button>
      </div>
      <ul>
        {items.map((item, index) => (
          <li key={`${index}-${item.chunk_id}`}>
            <label>
              <input type="checkbox" checked={chosen.has(index)} onChange={() => toggle(index)} data-testid={`graph-item-${index}`} />
              <span className="graph-item-source">{t('picker_item', { number: index + 1, source: item.title ?? item.document_id })}</span>
              <span className={`badge ${item.freshness.state}`} title={item.freshness.reason}>
                {t(`freshness_${item.freshness.state}`)}
              </span>
              <span className="graph-item-snippet muted">{snippet(item.content)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
