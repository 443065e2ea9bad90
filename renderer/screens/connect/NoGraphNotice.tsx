import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../app/core-text';

/** The report cannot be made because there is no graph yet, or the configured one does not answer: say so plainly, in the UI's language, and offer the demo. */
export function NoGraphNotice({ error, configured, children }: { error: unknown; configured: boolean; children: ReactNode }) {
  const { t } = useTranslation('connect');
  // The error's sentence and what to do, from their codes in the UI's language (the English only where there is no code).
  const { message, hint } = useErrorText(error);
  return (
    <section className="panel cn-no-graph" aria-labelledby="cn-no-graph-heading" data-testid="no-graph">
      <h2 id="cn-no-graph-heading">{t(configured ? 'unreachable_heading' : 'no_graph_heading')}</h2>
      <p>{t(configured ? 'unreachable_body' : 'no_graph_body')}</p>
      <p className="cn-no-graph-reason">
        <span className="muted">{t('no_graph_reason')}</span> {message}
      </p>
      {hint ? <p className="cn-hint">{hint}</p> : null}
      {children}
    </section>
  );
}
