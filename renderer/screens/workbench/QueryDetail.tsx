import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserPasteText } from '../../../shared/cypher/param-block';
import type { CypherExplainResult } from '../../../shared/cypher/query-plan';
import type { ExecutedQuery } from '../../../shared/trace-record';
import { copyText } from '../../app/copy-text';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { formatNumber } from '../../app/number-format';
import { PlanTree } from './PlanTree';

/** A parameter's value as the trace kept it: text as is, anything else as JSON. */
function shownValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The parameters by name, or why they are not known. */
function ParamTable({ query }: { query: ExecutedQuery }) {
  const { t } = useTranslation('spans');
  if (!query.params) return <p className="muted">{t('params_not_kept', { hash: query.params_hash })}</p>;
  const names = Object.keys(query.params).sort();
  if (names.length === 0) return <p className="muted">{t('params_none')}</p>;
  return (
    <>
      <table className="wb-table span-params" data-testid="query-params">
        <thead>
          <tr>
            <th scope="col">{t('param_name')}</th>
            <th scope="col">{t('param_value')}</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => (
            <tr key={name} data-param={name}>
              <th scope="row" className="mono">
                ${name}
              </th>
              <td className="mono wb-break">{shownValue(query.params?.[name])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted span-note">{t('params_note')}</p>
    </>
  );
}

/** What EXPLAIN said: the operator tree, or why there is none. */
function PlanAnswer({ answer }: { answer: CypherExplainResult }) {
  const { t } = useTranslation('spans');
  if (answer.status === 'secret_param') return <p role="status">{t('plan_secret', { params: answer.params.join(', ') })}</p>;
  if (answer.status === 'refused') return <p role="status">{t('plan_refused', { rule: answer.rule })}</p>;
  return (
    <>
      <h5>{t('plan_heading', { type: answer.query_type })}</h5>
      <PlanTree plan={answer.plan} />
    </>
  );
}

/**
 * One Neo4j query of a run: its Cypher (wrapped, monospace), its parameters as the trace kept them,
 * Copy (the Cypher with `:param` lines Neo4j Browser accepts) and EXPLAIN on demand.
 */
export function QueryDetail({ traceId, query, index }: { traceId: string; query: ExecutedQuery; index: number }) {
  const { t, i18n } = useTranslation('spans');
  const client = useLensClient();
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);
  const [explain, setExplain] = useState<{ loading: boolean; answer: CypherExplainResult | null; error: unknown }>({
    loading: false,
    answer: null,
    error: null,
  });
  const number = index + 1;
  const onCopy = () => {
    void copyText(browserPasteText(query.cypher, query.params)).then((done) => setCopyState(done ? 'copied' : 'failed'));
  };
  const onExplain = () => {
    setExplain({ loading: true, answer: null, error: null });
    client['cypher.explain']({ trace_id: traceId, index }).then(
      (answer) => setExplain({ loading: false, answer, error: null }),
      (error: unknown) => setExplain({ loading: false, answer: null, error }),
    );
  };
  return (
    <article className="span-query" data-testid="query-detail" data-query-index={index} aria-labelledby={`span-query-${index}`}>
      <h4 id={`span-query-${index}`}>{t('query_heading', { number, name: query.name, stage: query.stage })}</h4>
      <p className="muted">
        {t('query_facts', {
          duration: formatNumber(query.duration_ms, i18n.language),
          server: formatNumber(query.server_ms, i18n.language),
          rows: formatNumber(query.rows, i18n.language),
        })}
        {query.truncated ? <span className="span-truncated"> {t('truncated_mark')}</span> : null}
      </p>
      <pre className="span-cypher mono" aria-label={t('cypher_label')} data-testid="query-cypher" tabIndex={0}>
        {query.cypher.trim()}
      </pre>
      <div className="span-actions">
        <button type="button" onClick={onCopy} aria-label={t('copy_label', { number })} data-testid="query-copy">
          {t('copy')}
        </button>
        <button
          type="button"
          onClick={onExplain}
          disabled={explain.loading}
          aria-label={t('explain_label', { number })}
          data-testid="query-explain"
        >
          {t('explain')}
        </button>
        <span role="status" className="muted">
          {copyState ? t(copyState === 'copied' ? 'copied' : 'copy_failed') : null}
        </span>
      </div>
      <h5>{t('params_heading')}</h5>
      <ParamTable query={query} />
      <div className="span-plan-box" aria-live="polite">
        {explain.loading ? <p className="muted">{t('explaining')}</p> : null}
        {explain.error ? <ErrorBox error={explain.error} onRetry={onExplain} /> : null}
        {explain.answer ? <PlanAnswer answer={explain.answer} /> : null}
      </div>
    </article>
  );
}
