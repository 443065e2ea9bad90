import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StageNote } from '../../app/core-text';
import type { StageRecord } from '../../../shared/context-contract';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';
import { formatNumber } from '../../app/number-format';
import { QueryDetail } from './QueryDetail';
import { barGeometry, layoutSpans, queriesUnder, serverShare, type Span, type SpanLayout } from './span-layout';
import './spans.css';

const ms = (value: number, language: string) => formatNumber(Math.round(value * 10) / 10, language);

/** The numbers a span's tooltip gives. */
function useSpanTip(): (span: Span) => string {
  const { t, i18n } = useTranslation('spans');
  return (span) => {
    if (span.kind === 'request') return t('tip_request', { duration: ms(span.duration, i18n.language) });
    if (span.stage)
      return t('tip_stage', {
        name: span.label,
        start: ms(span.start, i18n.language),
        duration: ms(span.duration, i18n.language),
        in: span.stage.candidates_in,
        out: span.stage.candidates_out,
      });
    const query = span.query;
    if (!query) return span.label;
    const tip = t('tip_query', {
      name: span.label,
      start: ms(span.start, i18n.language),
      duration: ms(query.duration_ms, i18n.language),
      server: ms(Math.min(query.server_ms, query.duration_ms), i18n.language),
      client: ms(Math.max(0, query.duration_ms - query.server_ms), i18n.language),
      rows: query.rows,
    });
    return query.truncated ? `${tip} ${t('tip_truncated')}` : tip;
  };
}

/** One bar on the axis: a stage's in one tone, a query's in two (server time, then the client's). */
function SpanBar({ span, total }: { span: Span; total: number }) {
  const { left, width } = barGeometry(span, total);
  const share = span.query ? serverShare(span.query) : null;
  return (
    <div className="span-track" aria-hidden="true">
      <div className={`span-bar span-bar-${span.kind}`} style={{ left: `${left}%`, width: `${width}%` }}>
        {share === null ? null : <div className="span-bar-server" style={{ width: `${share * 100}%` }} />}
      </div>
    </div>
  );
}

/** One row of the waterfall: a button naming the span (opening its Cypher), its bar, its duration; hover or focus shows the numbers. */
function SpanRow({ span, total, selected, onSelect }: { span: Span; total: number; selected: boolean; onSelect: (key: string) => void }) {
  const { t, i18n } = useTranslation('spans');
  const tip = useSpanTip()(span);
  const tipId = `span-tip-${span.key.replace(':', '-')}`;
  const label = span.kind === 'request' ? t('request') : span.label;
  return (
    <li
      className={`span-row span-row-${span.kind}`}
      data-testid="span-row"
      data-kind={span.kind}
      data-label={span.label}
      data-start={span.start}
    >
      {span.kind === 'request' ? (
        <span className="span-label" style={{ paddingInlineStart: 0 }} tabIndex={0} aria-describedby={tipId}>
          {label}
        </span>
      ) : (
        <button
          type="button"
          className="span-label"
          style={{ paddingInlineStart: `${span.depth * 12}px` }}
          aria-pressed={selected}
          aria-describedby={tipId}
          aria-label={t('span_name', { label, duration: ms(span.duration, i18n.language) })}
          onClick={() => onSelect(span.key)}
        >
          {label}
        </button>
      )}
      <SpanBar span={span} total={total} />
      <span className="span-ms mono">
        {ms(span.duration, i18n.language)} ms
        {span.query?.truncated ? (
          <span className="span-truncated" data-testid="span-truncated">
            {' '}
            {t('truncated_mark')}
          </span>
        ) : null}
      </span>
      <span role="tooltip" id={tipId} className="span-tip">
        {tip}
      </span>
    </li>
  );
}

/** The same spans as a table, for screen readers and for reading exact numbers. */
function SpanTable({ layout }: { layout: SpanLayout }) {
  const { t, i18n } = useTranslation(['spans', 'workbench']);
  return (
    <table className="wb-table wb-stage-table span-table">
      <thead>
        <tr>
          <th scope="col">{t('col_span')}</th>
          <th scope="col">{t('col_kind')}</th>
          <th scope="col" className="wb-num">
            {t('col_start')}
          </th>
          <th scope="col" className="wb-num">
            {t('col_duration')}
          </th>
          <th scope="col" className="wb-num">
            {t('col_server')}
          </th>
          <th scope="col">{t('stage_strategy', { ns: 'workbench' })}</th>
          <th scope="col" className="wb-num">
            {t('stage_candidates', { ns: 'workbench' })} / {t('col_rows')}
          </th>
          <th scope="col">{t('stage_acl', { ns: 'workbench' })}</th>
        </tr>
      </thead>
      <tbody>
        {layout.spans.map((span) => (
          <tr key={span.key} {...(span.stage ? { 'data-testid': 'stage-row', 'data-stage': span.label } : {})}>
            <th scope="row" className="mono" style={{ paddingInlineStart: `${4 + span.depth * 12}px` }}>
              {span.kind === 'request' ? t('request') : span.label}
              {span.stage ? <StageNote stage={span.stage} /> : null}
            </th>
            <td>{t(`kind_${span.kind}`)}</td>
            <td className="mono wb-num">{ms(span.start, i18n.language)}</td>
            <td className="mono wb-num">{ms(span.duration, i18n.language)}</td>
            <td className="mono wb-num">{span.query ? ms(span.query.server_ms, i18n.language) : ''}</td>
            <td className="mono wb-break">{span.stage?.strategy ?? ''}</td>
            <td className="mono wb-num">
              {span.stage ? t('stage_in_out', { ns: 'workbench', in: span.stage.candidates_in, out: span.stage.candidates_out }) : ''}
              {span.query ? `${span.query.rows}${span.query.truncated ? ` (${t('truncated_mark')})` : ''}` : ''}
            </td>
            <td>
              {span.stage ? (
                <span className={`wb-acl wb-acl-${span.stage.acl}`} title={t(`acl_${span.stage.acl}_hint`, { ns: 'workbench' })}>
                  {t(`acl_${span.stage.acl}`, { ns: 'workbench' })}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a selected span opens: a query's Cypher, or every query of a stage. */
function SpanDetail({ layout, span, traceId, onClose }: { layout: SpanLayout; span: Span; traceId: string; onClose: () => void }) {
  const { t } = useTranslation('spans');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [span.key]);
  const queries = span.kind === 'query' ? [span] : queriesUnder(layout, span.key);
  return (
    <div className="span-detail" data-testid="span-detail" data-span={span.key}>
      <div className="span-detail-head">
        <h3 ref={heading} tabIndex={-1}>
          {span.kind === 'query' ? span.label : t('stage_queries_heading', { name: span.label })}
        </h3>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {span.stage ? <StageNote stage={span.stage} /> : null}
      {queries.length === 0 ? <p className="muted">{t('stage_no_queries')}</p> : null}
      {queries.map((entry) =>
        entry.query && entry.queryIndex !== undefined ? (
          <QueryDetail key={entry.key} traceId={traceId} query={entry.query} index={entry.queryIndex} />
        ) : null,
      )}
    </div>
  );
}

/** The colours of the bars, in words. */
function SpanLegend() {
  const { t } = useTranslation('spans');
  return (
    <ul className="span-legend" aria-hidden="true">
      <li>
        <span className="span-swatch span-bar-stage" /> {t('legend_stage')}
      </li>
      <li>
        <span className="span-swatch span-bar-server" /> {t('legend_server')}
      </li>
      <li>
        <span className="span-swatch span-bar-query" /> {t('legend_client')}
      </li>
    </ul>
  );
}

/**
 * The run as a waterfall of spans on one time axis: the request, its stages (side by side where they
 * ran concurrently), and inside each stage the Neo4j queries it ran, with server against client time,
 * rows and truncation. A span opens its Cypher (parameters, Copy, EXPLAIN); a table gives the same
 * numbers as text. A run kept before starts were recorded is laid end to end and says so.
 */
export function StageTimeline({
  stages,
  elapsedMs,
  partial,
  traceId,
}: {
  stages: readonly StageRecord[];
  elapsedMs: number;
  partial: boolean;
  traceId: string;
}) {
  const { t } = useTranslation('spans');
  const client = useLensClient();
  // The response carries the stages; the queries are in the run's record.
  const record = useOperation(() => client['traces.get']({ trace_id: traceId }), [client, traceId]);
  const queries = record.value?.queries ?? null;
  const layout = useMemo(() => layoutSpans(stages, queries, elapsedMs), [stages, queries, elapsedMs]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = layout.spans.find((span) => span.key === selectedKey) ?? null;
  return (
    <section className="panel wb-timeline" aria-labelledby="wb-timeline-heading" data-testid="stage-timeline">
      <h2 id="wb-timeline-heading">{t('heading')}</h2>
      {stages.length === 0 && (queries?.length ?? 0) === 0 ? (
        <p className="muted">{t(partial ? 'none_partial' : 'none')}</p>
      ) : (
        <>
          <SpanLegend />
          {layout.approximate ? (
            <p className="span-approximate" role="note" data-testid="spans-approximate">
              {t('approximate')}
            </p>
          ) : null}
          {record.loading ? <p className="muted">{t('queries_loading')}</p> : null}
          {record.error ? <p className="muted">{t('queries_missing')}</p> : null}
          <ol className="span-waterfall" data-testid="span-waterfall">
            {layout.spans.map((span) => (
              <SpanRow
                key={span.key}
                span={span}
                total={layout.total}
                selected={span.key === selectedKey}
                onSelect={(key) => setSelectedKey(key === selectedKey ? null : key)}
              />
            ))}
          </ol>
          {selected ? <SpanDetail layout={layout} span={selected} traceId={traceId} onClose={() => setSelectedKey(null)} /> : null}
          <details className="span-table-box">
            <summary>{t('table_summary')}</summary>
            <SpanTable layout={layout} />
          </details>
        </>
      )}
    </section>
  );
}
