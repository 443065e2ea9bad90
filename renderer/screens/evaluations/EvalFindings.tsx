import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findingViews, type FindingView } from '../../../shared/eval/eval-findings';
import type { EvalReport } from '../../../shared/eval/eval-report';
import { copyText } from '../../app/copy-text';

/** The `lens explain` command of a finding, with Copy and what came of it. */
function CommandCell({ command }: { command: string }) {
  const { t } = useTranslation('evaluations');
  const [state, setState] = useState<'copied' | 'copy_failed' | null>(null);
  return (
    <td>
      <code className="mono eval-command" data-testid="eval-finding-command">
        {command}
      </code>{' '}
      <button
        type="button"
        onClick={() => void copyText(command).then((done) => setState(done ? 'copied' : 'copy_failed'))}
        aria-label={t('copy_label', { command })}
        data-testid="eval-finding-copy"
      >
        {t('copy')}
      </button>{' '}
      <span role="status" className="muted">
        {state ? t(state) : null}
      </span>
    </td>
  );
}

function FindingRow({ view }: { view: FindingView }) {
  const { t } = useTranslation('evaluations');
  const { t: word } = useTranslation('evalmsg');
  const { finding } = view;
  return (
    <tr
      data-testid="eval-finding"
      data-code={finding.code}
      data-question-id={finding.question_id}
      data-kind={view.kind}
      data-list={view.list}
    >
      <td>{t(`finding_kind_${view.kind}`)}</td>
      <td title={view.question ?? undefined}>
        <strong>{finding.question_id}</strong>
        {view.question ? <div className="muted">{view.question}</div> : null}
      </td>
      <td>{finding.principal}</td>
      <td>{t(`finding_${view.list}_${view.level}`, { id: finding.id })}</td>
      <td data-testid="eval-finding-reason">
        {word(view.reason.code, view.reason.params)}
        {view.suggestion ? <div data-testid="eval-finding-suggestion">{word(view.suggestion.code, view.suggestion.params)}</div> : null}
        {view.unchecked ? (
          <div data-testid="eval-finding-unchecked" className="muted">
            ({word(view.unchecked.code, view.unchecked.params)})
          </div>
        ) : null}
      </td>
      {view.command === null ? <td /> : <CommandCell command={view.command} />}
    </tr>
  );
}

/**
 * The set's expectations no run can meet, one row each with the command that shows why. Not styled
 * as a problem of the runs: a finding is neither a failure nor a leak, and no run was denied anything.
 */
export function EvalFindings({ report }: { report: Pick<EvalReport, 'findings' | 'runs'> }) {
  const { t } = useTranslation('evaluations');
  const views = findingViews(report);
  if (views.length === 0) return null;
  return (
    <section className="eval-findings" data-testid="eval-findings" aria-labelledby="eval-findings-heading">
      <h4 id="eval-findings-heading">{t('findings_heading')}</h4>
      <p className="muted">{t('findings_intro')}</p>
      <table className="eval-table">
        <thead>
          <tr>
            <th>{t('col_kind')}</th>
            <th>{t('col_question')}</th>
            <th>{t('col_principal')}</th>
            <th>{t('col_expectation')}</th>
            <th>{t('col_reason')}</th>
            <th>{t('col_explain')}</th>
          </tr>
        </thead>
        <tbody>
          {views.map((view, index) => (
            <FindingRow key={`${view.finding.code}-${view.finding.question_id}-${view.finding.id}-${index}`} view={view} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
