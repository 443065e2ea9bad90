import { useTranslation } from 'react-i18next';
import type { ChatAvailability } from '../../../shared/text2cypher';
import type { RunView } from '../../app/app-state';
import { AnswerPreviewPanel } from './AnswerPreviewPanel';
import { CopyTraceId } from './CopyTraceId';
import { CutsSummary } from './CutsSummary';
import { DeniedSummary } from './DeniedSummary';
import { HistoryNote } from './HistoryNote';
import { isAnswer, OutcomeBanner } from './OutcomeBanner';
import { ItemList } from './ItemList';
import { ProviderAuditLine } from './ProviderAuditView';
import { RouteLine } from './RouteLine';
import { RunMeters } from './RunMeters';
import { StageTimeline } from './StageTimeline';
import { Text2CypherView } from './Text2CypherView';
import { WhyNotPanel } from './WhyNotPanel';

/** A panel the run has nothing for, kept in its place under its title with the reason instead of its controls. */
function NotForThisRun({
  title,
  level,
  panel,
  reason,
  testId,
}: {
  title: string;
  level: 'h2' | 'h3';
  panel: string;
  reason: string;
  testId: string;
}) {
  const Heading = level;
  return (
    <section className={`panel ${panel}`} aria-label={title} data-testid={testId}>
      <Heading>{title}</Heading>
      <p className="muted" role="note">
        {reason}
      </p>
    </section>
  );
}

/**
 * Everything a run returned: outcome, budgets, the generated Cypher (text2cypher), items and their
 * answer preview, what was withheld or cut, "why not?" for any chunk, and the stages.
 */
export function RunResults({ run, stale, chat }: { run: RunView; stale: boolean; chat: ChatAvailability | null }) {
  const { t } = useTranslation('workbench');
  const { t: llm } = useTranslation('llm');
  const { response } = run;
  // Items are shown only for an ok answer, so a failure never looks like a short list; a provider's
  // items that failed the audit are shown too, each with what it violates.
  const audited = (response.audit?.violations.length ?? 0) > 0;
  const showItems = (response.outcome === 'ok' || audited) && response.items.length > 0;
  // A failed run stopped early: what it withheld, cut or ran so far is not the whole story.
  const partial = !isAnswer(response.outcome);
  const hasMain = showItems || response.lacking_provenance > 0;
  const mode = typeof run.request.mode === 'string' ? run.request.mode : '';
  // A failed run that returned no item has no answer to preview (the preview would refuse it). One
  // that also cut nothing has no chunk to explain either: "why not?" would answer, for every chunk,
  // that the run failed, which the banner above already says. A run that returned nothing because
  // everything was cut or denied keeps both: there "why not?" is what the user needs.
  const outcome = t(`outcome_${response.outcome}`);
  // A run that ended without an answer but kept items (a provider's answer that failed the access
  // audit) has findings, not evidence: no answer is drafted from them either.
  const nothingToPreview = partial;
  const nothingToExplain = partial && response.items.length === 0 && response.cuts.length === 0;
  return (
    <div className="wb-results" aria-busy={stale} data-stale={stale || undefined} data-trace-id={run.traceId} data-testid="run-results">
      {run.fromHistory ? <HistoryNote run={run} /> : null}
      <p className="wb-run-facts muted">
        {t('run_facts', { trace: run.traceId, principal: run.principal.principal_id, mode })}
        {!run.fromHistory && run.replayOf ? ` ${t('replay_of', { trace: run.replayOf })}` : null}
        <CopyTraceId traceId={run.traceId} />
      </p>
      <OutcomeBanner response={response} />
      {response.route ? <RouteLine route={response.route} /> : null}
      <RunMeters response={response} />
      {response.audit ? <ProviderAuditLine audit={response.audit} principalId={run.principal.principal_id} /> : null}
      {response.text2cypher ? <Text2CypherView record={response.text2cypher} /> : null}
      <div className={hasMain ? 'wb-result-grid' : 'wb-result-grid wb-flat'}>
        {hasMain ? (
          <div className="wb-result-main">
            {showItems ? <ItemList items={response.items} audit={response.audit} principalId={run.principal.principal_id} /> : null}
            {response.lacking_provenance > 0 ? (
              <div className="wb-lacking" role="note" data-testid="lacking-provenance" data-count={response.lacking_provenance}>
                <strong>{t('lacking_title', { count: response.lacking_provenance })}</strong> {t('lacking_body')}
              </div>
            ) : null}
          </div>
        ) : null}
        <aside className="wb-result-side" aria-label={t('side_label')}>
          <DeniedSummary denied={response.denied} notes={response.notes} partial={partial} />
          <CutsSummary cuts={response.cuts} partial={partial} />
        </aside>
      </div>
      {nothingToPreview ? (
        <NotForThisRun
          title={llm('preview_title')}
          level="h3"
          panel="wb-preview"
          reason={t(response.items.length === 0 ? 'preview_not_for_run' : 'preview_not_from_items', { outcome })}
          testId="preview-not-for-run"
        />
      ) : (
        <AnswerPreviewPanel key={`preview:${run.traceId}`} traceId={run.traceId} itemCount={response.items.length} chat={chat} />
      )}
      {nothingToExplain ? (
        <NotForThisRun
          title={t('whynot_heading')}
          level="h2"
          panel="wb-whynot"
          reason={t('whynot_not_for_run', { outcome })}
          testId="why-not-not-for-run"
        />
      ) : (
        <WhyNotPanel key={run.traceId} run={run} />
      )}
      <StageTimeline stages={response.stages} elapsedMs={response.limits.elapsed_ms} partial={partial} traceId={run.traceId} />
    </div>
  );
}
