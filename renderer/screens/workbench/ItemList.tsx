import { useTranslation } from 'react-i18next';
import type { ContextItem } from '../../../shared/context-contract';
import type { ProviderAudit } from '../../../shared/provider/provider-audit';
import { useAppState } from '../../app/app-state';
import { ItemCard } from './ItemCard';

interface ItemListProps {
  readonly items: readonly ContextItem[];
  /** Mode provider: the audit, whose violations are shown on their items. */
  readonly audit: ProviderAudit | undefined;
  readonly principalId: string;
}

/** The returned items, each selectable for the provenance graph. */
export function ItemList({ items, audit, principalId }: ItemListProps) {
  const { t } = useTranslation('workbench');
  const { selectedItems, setSelectedItems, setScreen } = useAppState();
  const selected = new Set(selectedItems);
  const toggle = (index: number) => {
    const next = new Set(selected);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setSelectedItems([...next].sort((a, b) => a - b));
  };
  const allSelected = items.length > 0 && selected.size === items.length;
  return (
    <section className="wb-items" aria-label={t('items_heading')}>
      <div className="wb-items-bar">
        <h2>{t('items_heading_count', { count: items.length })}</h2>
        <button
          type="button"
          onClick={() => setSelectedItems(allSelected ? [] : items.map((_, index) => index))}
          data-testid="select-all-items"
        >
          {allSelected ? t('select_none') : t('select_all')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={selected.size === 0}
          onClick={() => setScreen('graph')}
          data-testid="show-in-graph"
        >
          {t('show_in_graph', { count: selected.size })}
        </button>
      </div>
      <ol className="wb-item-list">
        {items.map((item, index) => (
          <ItemCard
            key={`${item.chunk_id}:${index}`}
            item={item}
            selected={selected.has(index)}
            onToggle={() => toggle(index)}
            violations={(audit?.violations ?? []).filter((violation) => violation.item?.rank === index + 1)}
            principalId={principalId}
          />
        ))}
      </ol>
    </section>
  );
}
