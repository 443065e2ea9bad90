import { useTranslation } from 'react-i18next';
import type { Text2CypherRecord } from '../../../shared/text2cypher';
import { useCoreText } from '../../app/core-text';

/** A duration, or a dash for a step that did not run. */
const ms = (value: number | undefined, dash: string) => (value === undefined ? dash : String(Math.round(value)));

/** Mode `text2cypher`: the Cypher the model wrote, the guard's verdict on it, the rows and the timings. */
export function Text2CypherView({ record }: { record: Text2CypherRecord }) {
  const { t } = useTranslation('llm');
  const { verdict, timings } = record;
  const text = useCoreText();
  const dash = t('t2c_not_run');
  return (
    <section className="panel wb-t2c" aria-label={t('t2c_title')} data-testid="text2cypher-view" data-allowed={verdict.allowed}>
      <h3>{t('t2c_title')}</h3>
      <p className="muted">{t('t2c_model', { model: record.model })}</p>
      {record.cypher === null ? (
        <p>{t('t2c_no_cypher')}</p>
      ) : (
        <pre className="wb-t2c-cypher" data-testid="text2cypher-cypher">
          {record.cypher}
        </pre>
      )}
      <p className={verdict.allowed ? 'wb-t2c-verdict' : 'wb-t2c-verdict wb-t2c-refused'} role="status" data-testid="text2cypher-verdict">
        <strong>{verdict.allowed ? t('t2c_allowed') : t('t2c_refused', { rule: verdict.rule })}</strong>
        {verdict.allowed ? null : (
          <span className="wb-t2c-reason"> {text(verdict.reason_code, verdict.reason_params, verdict.reason)}</span>
        )}
      </p>
      {record.rows === undefined ? null : (
        <p className="muted">{t('t2c_rows', { rows: record.rows, cap: record.row_cap, lacking: record.lacking_provenance ?? 0 })}</p>
      )}
      <p className="muted" data-testid="text2cypher-timings">
        {t('t2c_timings', { generate: ms(timings.generate_ms, dash), guard: ms(timings.guard_ms, dash), run: ms(timings.run_ms, dash) })}
      </p>
    </section>
  );
}
