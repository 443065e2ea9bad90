import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from '../../app/FilePicker';

interface TracesToolbarProps {
  /** Matching runs, or null while counting. */
  readonly total: number | null;
  /** True when the count could not be read (the failure itself is shown below). */
  readonly failed: boolean;
  readonly loaded: number;
  readonly filtered: boolean;
  readonly selection: ReadonlySet<string>;
  readonly busy: boolean;
  readonly onExportSelected: () => void;
  readonly onDeleteSelected: () => void;
  readonly onExportAll: () => void;
  readonly onClearSelection: () => void;
  readonly onRefresh: () => void;
  /** A bundle file chosen to import. */
  readonly onImport: (file: File) => void;
  readonly importing: boolean;
}

/** How many runs there are and how many are loaded, and the bulk actions on the selection. */
export function TracesToolbar({
  total,
  failed,
  loaded,
  filtered,
  selection,
  busy,
  onExportSelected,
  onDeleteSelected,
  onExportAll,
  onClearSelection,
  onRefresh,
  onImport,
  importing,
}: TracesToolbarProps) {
  const picker = useRef<HTMLInputElement>(null);
  // An export disables its button while it runs, which drops the focus of a keyboard user who pressed it to the page's
  // body. The button pressed gets it back once the export is done.
  const pressed = useRef<HTMLButtonElement | null>(null);
  const keepFocus = (action: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    pressed.current = event.currentTarget;
    action();
  };
  useEffect(() => {
    if (busy) return;
    const button = pressed.current;
    pressed.current = null;
    const focused = document.activeElement;
    if (button?.isConnected && !button.disabled && (focused === null || focused === document.body)) button.focus();
  }, [busy]);
  const { t, i18n } = useTranslation('traces');
  const count = selection.size;
  const number = (value: number) => value.toLocaleString(i18n.language);

  return (
    <div className="traces-toolbar">
      <span className="traces-total" data-testid="traces-total" data-total={total ?? undefined} data-loaded={loaded}>
        {total === null
          ? t(failed ? 'total_unknown' : 'total_loading')
          : total === 0
            ? t(filtered ? 'total_none_matching' : 'total_none')
            : t(filtered ? 'total_filtered' : 'total_all', { count: total, total: number(total), loaded: number(loaded) })}
      </span>
      <span className="traces-selection">
        {count > 0 ? (
          <>
            <span className="traces-selected" title={t('selection_scope')} data-testid="traces-selected-count">
              {t('selected', { count })}
            </span>
            <button type="button" onClick={keepFocus(onExportSelected)} disabled={busy} data-testid="traces-export-selected">
              {t('export_selected', { count })}
            </button>
            <button type="button" className="danger" onClick={onDeleteSelected} disabled={busy} data-testid="traces-delete-selected">
              {t('delete_selected', { count })}
            </button>
            <button type="button" onClick={onClearSelection} data-testid="traces-clear-selection">
              {t('clear_selection')}
            </button>
          </>
        ) : null}
      </span>
      <span className="traces-toolbar-end">
        <span className="muted traces-keys">{t('keyboard_hint')}</span>
        <button type="button" onClick={onRefresh} title={t('refresh_title')} data-testid="traces-refresh">
          {t('refresh')}
        </button>
        <HiddenFileInput
          inputRef={picker}
          accept=".json,application/json"
          onPick={(file) => {
            if (file) onImport(file);
          }}
          testId="traces-import-file"
        />
        <button
          type="button"
          onClick={() => picker.current?.click()}
          disabled={importing}
          title={t('import_title_attr')}
          data-testid="traces-import"
        >
          {t('import_button')}
        </button>
        {/* Export all takes the whole store, whatever the filters show: said on the button when a filter is on. */}
        <button
          type="button"
          onClick={keepFocus(onExportAll)}
          disabled={busy || (total === 0 && !filtered)}
          data-testid="traces-export-all"
        >
          {t(filtered ? 'export_all_filtered' : 'export_all')}
        </button>
      </span>
    </div>
  );
}
