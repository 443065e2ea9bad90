import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Retention } from '../../../shared/settings-state';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { TextField } from './TextField';
import { SaveNote, useSave } from './use-save';

/** The rule in words: "the newest 500 runs, runs of the last 30 days", or "every run is kept". */
function ruleText(retention: Retention, t: (key: string, options?: Record<string, unknown>) => string): string {
  const parts = [
    ...(retention.max_runs === undefined ? [] : [t('retention_rule_runs', { count: retention.max_runs })]),
    ...(retention.max_days === undefined ? [] : [t('retention_rule_days', { count: retention.max_days })]),
  ];
  return parts.length === 0 ? t('retention_all') : parts.join(', ');
}

/** An empty field leaves its limit out; any other text is passed on as a number for the API's schema to judge (and name). */
const limit = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** A field's text that is no number at all ("abc"): the schema could only say "not NaN", so it is named here as typed. */
const notANumber = (text: string): boolean => Number.isNaN(limit(text));

/** How long runs are kept: at most N runs, none older than D days; saving applies the rule at once and says how many runs went. */
export function RetentionSection({ retention, onSaved }: { retention: Retention; onSaved: (retention: Retention) => void }) {
  const { t } = useTranslation('settings');
  const client = useLensClient();
  const id = useId();
  const [maxRuns, setMaxRuns] = useState('');
  const [maxDays, setMaxDays] = useState('');
  const save = useSave();
  const [pruned, setPruned] = useState<number | null>(null);
  const [typed, setTyped] = useState<{
    readonly field: 'retention_max_runs' | 'retention_max_days';
    readonly value: string;
    readonly example: number;
  } | null>(null);
  useEffect(() => {
    setMaxRuns(retention.max_runs === undefined ? '' : String(retention.max_runs));
    setMaxDays(retention.max_days === undefined ? '' : String(retention.max_days));
  }, [retention]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPruned(null);
    const wrong = [
      { text: maxRuns, field: 'retention_max_runs' as const, example: 500 },
      { text: maxDays, field: 'retention_max_days' as const, example: 30 },
    ].find(({ text }) => notANumber(text));
    setTyped(wrong ? { field: wrong.field, value: wrong.text.trim(), example: wrong.example } : null);
    if (wrong) return;
    const runs = limit(maxRuns);
    const days = limit(maxDays);
    save.run(
      () =>
        client['retention.save']({ ...(runs === undefined ? {} : { max_runs: runs }), ...(days === undefined ? {} : { max_days: days }) }),
      (saved) => {
        setPruned(saved.pruned);
        onSaved(saved.retention);
      },
    );
  };

  return (
    <section className="panel st-retention" aria-labelledby={`${id}-heading`} data-testid="retention-section">
      <h2 id={`${id}-heading`}>{t('retention_heading')}</h2>
      <p className="st-hint">{t('retention_explained')}</p>
      <p data-testid="retention-now">{t('retention_now', { rule: ruleText(retention, t) })}</p>
      <form className="st-form" onSubmit={submit} aria-label={t('retention_heading')} noValidate>
        <div className="st-row">
          <TextField
            id={`${id}-runs`}
            label={t('retention_max_runs')}
            value={maxRuns}
            onChange={setMaxRuns}
            testId="retention-max-runs"
            inputMode="numeric"
          />
          <TextField
            id={`${id}-days`}
            label={t('retention_max_days')}
            value={maxDays}
            onChange={setMaxDays}
            testId="retention-max-days"
            inputMode="numeric"
          />
        </div>
        <div className="st-actions">
          <button type="submit" className="primary" disabled={save.busy} data-testid="retention-save">
            {save.busy ? t('saving') : t('save')}
          </button>
          <SaveNote text={pruned === null ? null : t('retention_saved', { count: pruned })} testId="retention-saved" />
        </div>
        {typed ? (
          <p role="alert" data-testid="retention-not-a-number">
            {t('retention_not_a_number', { ...typed, field: t(typed.field) })}
          </p>
        ) : null}
        {!typed && save.error ? <ErrorBox error={save.error} /> : null}
      </form>
    </section>
  );
}
