import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextResponse } from '../../../shared/context-contract';
import { floorCutEverything } from '../../../shared/relevance-messages';
import { MeterBar } from './MeterBar';
import { RelevanceLine } from './RelevanceLine';

/** The query embedder (labelled lexical when it is); its dimensions and the lexical note only in full. */
function EmbedderLabel({ embedder, compact }: { embedder: ContextResponse['embedder']; compact: boolean }) {
  const { t } = useTranslation('workbench');
  return (
    <div className="wb-embedder" data-testid="embedder-label" data-kind={embedder?.kind ?? 'none'}>
      <span className="muted">{t('embedder_label')}</span>{' '}
      {embedder ? (
        <>
          <span className="mono">{embedder.name}</span>{' '}
          <span
            className={`badge wb-kind-${embedder.kind}`}
            title={compact && embedder.kind === 'lexical' ? t('embedder_lexical_note') : undefined}
          >
            {t(`embedder_kind_${embedder.kind}`)}
          </span>{' '}
          {!compact && embedder.dimensions !== undefined ? (
            <span className="muted">{t('embedder_dimensions', { dims: embedder.dimensions })}</span>
          ) : null}
          {!compact && embedder.kind === 'lexical' ? <p className="wb-hint">{t('embedder_lexical_note')}</p> : null}
        </>
      ) : (
        <span className="muted">{t('embedder_none')}</span>
      )}
    </div>
  );
}

/**
 * How the run judged relevance, the token budget, the deadline and the query embedder. Compact by
 * default — one line: both meters as percentages, the embedder's name and kind, and the relevance
 * sentence cut to the width left — so the results start high on a small window; Details shows them
 * in full. A run the floor emptied keeps its relevance line in full: it is the reason for the outcome.
 */
export function RunMeters({ response }: { response: ContextResponse }) {
  const { t } = useTranslation('workbench');
  const [open, setOpen] = useState(false);
  const id = useId();
  const { limits, embedder, relevance } = response;
  const stressed = relevance ? floorCutEverything(relevance) : false;
  const compact = !open;
  const meters = [
    { label: t('budget_label'), value: limits.used_tokens, max: limits.max_tokens, unit: t('unit_tokens'), testId: 'budget-bar' },
    { label: t('deadline_label'), value: limits.elapsed_ms, max: limits.timeout_ms, unit: t('unit_ms'), testId: 'deadline-bar' },
  ];
  return (
    <div id={id} className={open ? 'panel wb-strip wb-strip-open' : 'panel wb-strip'} data-testid="run-strip" data-open={open}>
      {relevance && (open || stressed) ? <RelevanceLine relevance={relevance} /> : null}
      <div className={open ? 'wb-meters' : 'wb-strip-line'}>
        {meters.map((meter) => (
          <MeterBar key={meter.testId} {...meter} compact={compact} />
        ))}
        <EmbedderLabel embedder={embedder} compact={compact} />
        {relevance && compact && !stressed ? <RelevanceLine relevance={relevance} clipped /> : null}
      </div>
      <button
        type="button"
        className="wb-strip-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="run-strip-toggle"
      >
        {t('strip_details')}
      </button>
    </div>
  );
}
