import { memo, type KeyboardEvent } from 'react';
import type { RunSummary } from '../../../shared/trace-record';
import { OutcomeBadge } from './OutcomeBadge';
import type { RowLabels } from './row-labels';
import { isFailure, shortTraceId } from './trace-format';
import { formatRunTime } from '../../app/time-format';
import type { TraceAction } from './use-trace-actions';
import { revealHidden } from '../../../shared/revealed-text';

/** What a row can ask its list to do. */
export interface TraceRowHandlers {
  readonly onAction: (action: TraceAction, run: RunSummary) => void;
  readonly onToggle: (run: RunSummary) => void;
  readonly onActivate: (index: number) => void;
  readonly onRowKey: (event: KeyboardEvent<HTMLDivElement>, index: number, run: RunSummary | undefined) => void;
}

interface TraceRowProps {
  readonly index: number;
  readonly run: RunSummary | undefined;
  /** Offset of the row inside the list body, from the virtualizer. */
  readonly top: number;
  readonly selected: boolean;
  /** The row that holds the list's tab stop (roving tabindex). */
  readonly active: boolean;
  /** True while any action runs: buttons wait for it. */
  readonly busy: boolean;
  readonly labels: RowLabels;
  readonly handlers: TraceRowHandlers;
}

const ACTIONS: readonly TraceAction[] = ['open', 'replay', 'export', 'delete'];

/** One run of the history, or a placeholder while its page loads. */
export const TraceRow = memo(function TraceRow({ index, run, top, selected, active, busy, labels, handlers }: TraceRowProps) {
  const style = { transform: `translateY(${top}px)` };
  const tabIndex = active ? 0 : -1;

  if (!run) {
    return (
      <div
        className="trace-row pending"
        role="row"
        aria-rowindex={index + 2}
        aria-busy="true"
        tabIndex={tabIndex}
        data-index={index}
        data-testid="trace-row-pending"
        style={style}
        onKeyDown={(event) => handlers.onRowKey(event, index, undefined)}
        onFocus={() => handlers.onActivate(index)}
      >
        <span role="gridcell" className="trace-cell pending-text muted">
          {labels.pending}
        </span>
      </div>
    );
  }

  const failure = isFailure(run.outcome);
  const withheld = labels.withheld(run.denied);
  const mode = labels.mode(run.mode);
  return (
    <div
      className={`trace-row${failure ? ' failure' : ''}${selected ? ' selected' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={tabIndex}
      data-index={index}
      data-testid="trace-row"
      data-trace-id={run.trace_id}
      data-outcome={run.outcome}
      style={style}
      onKeyDown={(event) => handlers.onRowKey(event, index, run)}
      onFocus={() => handlers.onActivate(index)}
      onDoubleClick={(event) => {
        if (event.target === event.currentTarget || !(event.target as HTMLElement).closest('button, input')) handlers.onAction('open', run);
      }}
    >
      <span role="gridcell" className="trace-cell check">
        <input
          type="checkbox"
          checked={selected}
          tabIndex={tabIndex}
          aria-label={labels.selectRow(run.trace_id)}
          onChange={() => handlers.onToggle(run)}
          data-testid="trace-select"
        />
      </span>
      <span role="gridcell" className="trace-cell actions">
        {ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'delete' ? 'trace-action danger' : 'trace-action'}
            tabIndex={tabIndex}
            disabled={busy}
            title={labels.actions[action].title}
            onClick={() => handlers.onAction(action, run)}
            data-testid={`trace-${action}`}
          >
            {labels.actions[action].label}
          </button>
        ))}
      </span>
      <span role="gridcell" className="trace-cell time" title={run.created_at}>
        {formatRunTime(run.created_at)}
      </span>
      <span role="gridcell" className="trace-cell principal mono" title={revealHidden(run.principal_id)}>
        {revealHidden(run.principal_id)}
      </span>
      <span role="gridcell" className="trace-cell mode" title={mode.title}>
        <span className="trace-mode" data-mode={run.mode}>
          {mode.text}
        </span>
      </span>
      <span role="gridcell" className="trace-cell outcome">
        <OutcomeBadge outcome={run.outcome} label={labels.outcomes[run.outcome].label} title={labels.outcomes[run.outcome].title} />
      </span>
      {/* A bundle is anyone's file: a bidi override or an invisible space in a stored question is drawn, not obeyed. */}
      <span role="gridcell" className="trace-cell query" title={revealHidden(run.query)} data-user-text>
        {run.query.trim() === '' ? <span className="query-empty">{labels.queryEmpty}</span> : revealHidden(run.query)}
      </span>
      <span role="gridcell" className="trace-cell number">
        {labels.count(run.item_count)}
      </span>
      <span role="gridcell" className="trace-cell withheld" title={withheld.title} data-testid="trace-withheld">
        {withheld.text}
      </span>
      <span role="gridcell" className="trace-cell number">
        {labels.elapsed(run.elapsed_ms)}
      </span>
      <span role="gridcell" className="trace-cell replay-of">
        {run.replay_of ? (
          <span className="trace-replay-marker mono" title={labels.replaysTitle(run.replay_of)} data-testid="trace-replay-of">
            ↻ {shortTraceId(run.replay_of)}
          </span>
        ) : null}
      </span>
    </div>
  );
});
