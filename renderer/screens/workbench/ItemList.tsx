import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextItem } from '../../../shared/context-contract';
import type { ProviderAudit } from '../../../shared/provider/provider-audit';
import { useAppState } from '../../app/app-state';
import { browserStorage, readResultView, RESULT_VIEWS, writeResultView, type ResultView } from '../../app/stored-state';
import { ItemCard } from './ItemCard';
import { ItemTable } from './ItemTable';

interface ItemListProps {
  readonly items: readonly ContextItem[];
  /** Mode provider: the audit, whose violations are shown on their items. */
  readonly audit: ProviderAudit | undefined;
  readonly principalId: string;
}

/** Cards or the compact table, as last chosen (remembered across reloads). */
function ViewSwitch({ view, onView }: { view: ResultView; onView: (view: ResultView) => void }) {
  const { t } = useTranslation('results');
  return (
    <span className="wb-view-switch" role="group" aria-label={t('view_label')}>
      {RESULT_VIEWS.map((option) => (
        <button key={option} type="button" aria-pressed={view === option} onClick={() => onView(option)} data-testid={`view-${option}`}>
          {t(`view_${option}`)}
        </button>
      ))}
    </span>
  );
}

/** The returned items, as cards or as a sortable, filterable table, each selectable for the provenance graph. */
export function ItemList({ items, audit, principalId }: ItemListProps) {
  const { t } = useTranslation('workbench');
  const { selectedItems, setSelectedItems, setScreen } = useAppState();
  const [view, setView] = useState<ResultView>(() => readResultView(browserStorage()));
  const selected = new Set(selectedItems);
  const toggle = (index: number) => {
    const next = new Set(selected);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setSelectedItems([...next].sort((a, b) => a - b));
  };
  const chooseView = (next: ResultView) => {
    setView(next);
    writeResultView(browserStorage(), next);
  };
  const allSelected = items.length > 0 && selected.size === items.length;
  const card = (index: number) => {
    const item = items[index];
    if (!item) return null;
    return (
      <ItemCard
        key={`${item.chunk_id}:${index}`}
        item={item}
        selected={selected.has(index)}
        onToggle={() => toggle(index)}
        violations={(audit?.violations ?? []).filter((violation) => violation.item?.rank === index + 1)}
        principalId={principalId}
      />
    );
  };
  return (
    <section className="wb-items" aria-label={t('items_heading')} data-view={view}>
      <div className="wb-items-bar">
        <h2>{t('items_heading_count', { count: items.length })}</h2>
        <ViewSwitch view={view} onView={chooseView} />
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
      {view === 'table' ? (
        <ItemTable items={items} selected={selected} onToggle={toggle} card={card} />
      ) : (
        <ol className="wb-item-list">{items.map((_, index) => card(index))}</ol>
      )}
    </section>
  );
}
