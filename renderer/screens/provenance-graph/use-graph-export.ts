import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { LensError } from '../../../shared/lens-error';
import type { RunView } from '../../app/app-state';
import { useLensClient } from '../../app/lens-client-context';
import type { DrawnCanvas } from './GraphCanvas';
import { buildExportMeta, exportFileName, type ExportMeta } from './graph-export-meta';
import { ExportFailure, exportGraphJson, exportGraphPng, exportGraphSvg, type ExportContext } from './graph-export';
import { readGraphPalette } from './graph-palette';
import type { ExportWording } from './graph-svg';

type Format = 'png' | 'svg' | 'json';

/** The three exports of the view, each carrying the run's facts and the legend; the last failure, if any. */
export interface GraphExport {
  readonly exportAs: (format: Format) => void;
  readonly error: unknown;
}

/** Exports of the drawn view of `run`: the run's time and graph come from its stored record, read at export time. */
export function useGraphExport(
  run: RunView,
  graph: ProvenanceGraph | null,
  drawn: DrawnCanvas | null,
  page: HTMLElement | null,
): GraphExport {
  const { t } = useTranslation('graph');
  const client = useLensClient();
  const [error, setError] = useState<unknown>(null);

  const wordingOf = (meta: ExportMeta): ExportWording => {
    const unknown = t('export_unknown');
    const principal = meta.principal.name
      ? t('export_line_principal_named', { id: meta.principal.id, name: meta.principal.name })
      : t('export_line_principal', { id: meta.principal.id });
    return {
      title: meta.query ? t('export_title', { query: meta.query }) : t('export_title_no_query', { trace: meta.trace_id }),
      description: t('export_description', { trace: meta.trace_id, principal: meta.principal.id }),
      lines: [
        t('export_line_query', { query: meta.query ?? unknown }),
        principal,
        t('export_line_mode', { mode: meta.mode ?? unknown }),
        t('export_line_trace', { trace: meta.trace_id }),
        t('export_line_run_at', { time: meta.run_at ?? unknown }),
        t('export_line_exported_at', { time: meta.exported_at }),
        t('export_line_graph', { uri: meta.graph_uri ?? unknown }),
      ],
      legendTitle: t('legend_title'),
      nodeTypes: t('export_legend_nodes'),
      edgeKinds: t('export_legend_edges'),
      adrFreshness: t('legend_adr_title'),
      adrStates: { current: t('legend_adr_current'), stale: t('legend_adr_stale'), unknown: t('legend_adr_unknown') },
    };
  };

  const run_ = async (format: Format) => {
    if (!graph || !drawn || !page) return;
    // The stored record says when the run was made and on which graph; without it those facts say "unknown".
    const record = await client['traces.get']({ trace_id: run.traceId }).catch(() => null);
    const palette = readGraphPalette(page);
    const exportedAt = new Date();
    const meta = buildExportMeta(
      {
        traceId: run.traceId,
        request: run.request,
        principal: run.principal,
        runAt: record?.created_at ?? null,
        graphUri: record?.graph_uri ?? null,
      },
      graph,
      palette,
      exportedAt,
    );
    const filename = exportFileName(run.traceId, exportedAt, format);
    if (format === 'json') return exportGraphJson(graph, meta, filename);
    const context: ExportContext = {
      legend: meta.legend,
      wording: wordingOf(meta),
      theme: { background: palette.background, text: palette.text, muted: palette.muted, font: palette.font },
    };
    if (format === 'svg') return exportGraphSvg(drawn.cy, context, filename);
    const sizes = await exportGraphPng(drawn.cy, context, filename);
    // Said on the canvas element, for anyone checking that the image holds more than the graph.
    const element = drawn.cy.container();
    if (element) element.dataset.exportedPng = `${sizes.width}x${sizes.height} graph ${sizes.graphWidth}x${sizes.graphHeight}`;
  };

  const exportAs = (format: Format) => {
    setError(null);
    run_(format).catch((failure: unknown) => {
      // An export's own failure in the UI's language; anything else (the browser's words) as it came.
      const why = failure instanceof ExportFailure ? t(failure.key) : failure instanceof Error ? failure.message : String(failure);
      setError(new LensError('internal', `${t('export_failed_format', { format: format.toUpperCase() })} ${why}`, { cause: failure }));
    });
  };
  return { exportAs, error };
}
