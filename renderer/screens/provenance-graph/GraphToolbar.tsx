import { useTranslation } from 'react-i18next';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';

interface GraphToolbarProps {
  readonly layout: GraphLayoutMode;
  readonly direction: GraphDirection;
  readonly onLayout: (layout: GraphLayoutMode) => void;
  readonly onDirection: (direction: GraphDirection) => void;
  /** False while there is nothing drawn to fit or export. */
  readonly ready: boolean;
  readonly onFit: () => void;
  readonly onExport: (format: 'png' | 'svg' | 'json') => void;
}

/** Layout, direction, fit and export controls of the canvas. */
export function GraphToolbar({ layout, direction, onLayout, onDirection, ready, onFit, onExport }: GraphToolbarProps) {
  const { t } = useTranslation('graph');
  const overview = layout === 'overview';
  return (
    <div className="graph-toolbar" role="toolbar" aria-label={t('title')}>
      <button
        type="button"
        aria-pressed={overview}
        className={overview ? 'toggle on' : 'toggle'}
        onClick={() => onLayout(overview ? 'layered' : 'overview')}
        data-testid="graph-layout-toggle"
      >
        {t('layout_overview')}
      </button>
      <label>
        {t('direction')}{' '}
        <select
          value={direction}
          disabled={overview}
          onChange={(event) => onDirection(event.target.value as GraphDirection)}
          data-testid="graph-direction"
        >
          <option value="LR">{t('direction_lr')}</option>
          <option value="TB">{t('direction_tb')}</option>
        </select>
      </label>
      <span className="muted graph-layout-hint" title={t(overview ? 'layout_hint_overview' : 'layout_hint_layered')}>
        {t(overview ? 'layout_hint_overview' : 'layout_hint_layered')}
      </span>
      <span className="graph-toolbar-end">
        <button type="button" onClick={onFit} disabled={!ready}>
          {t('fit')}
        </button>
        {(['png', 'svg', 'json'] as const).map((format) => (
          <button key={format} type="button" onClick={() => onExport(format)} disabled={!ready} data-testid={`graph-export-${format}`}>
            {t(`export_${format}`)}
          </button>
        ))}
      </span>
    </div>
  );
}
