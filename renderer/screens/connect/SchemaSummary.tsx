import { useTranslation } from 'react-i18next';
import type { GraphSchemaSnapshot } from '../../../shared/connect-report';
import { formatRunTime } from '../../app/time-format';
import { IndexTable } from './IndexTable';

/** What the graph holds: counts by label and relationship type, its indexes, and the embedder the loader recorded. */
export function SchemaSummary({ schema }: { schema: GraphSchemaSnapshot }) {
  const { t, i18n } = useTranslation('connect');
  const number = (value: number) => value.toLocaleString(i18n.language);
  const { embedding } = schema;
  return (
    <section className="panel cn-schema" aria-labelledby="cn-schema-heading" data-testid="schema-summary">
      <h2 id="cn-schema-heading">{t('schema_heading')}</h2>
      <p>{t('schema_totals', { nodes: number(schema.node_count), relationships: number(schema.relationship_count) })}</p>
      <div className="cn-two">
        <div>
          <h3>{t('labels_heading')}</h3>
          <ul className="cn-counts">
            {schema.labels.map((entry) => (
              <li key={entry.label}>
                <span className="mono">:{entry.label}</span> <span className="cn-count">{number(entry.count)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('relationships_heading')}</h3>
          <ul className="cn-counts">
            {schema.relationship_types.map((entry) => (
              <li key={entry.type}>
                <span className="mono">:{entry.type}</span> <span className="cn-count">{number(entry.count)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <h3>{t('embedding_heading')}</h3>
      {embedding ? (
        <p data-testid="recorded-embedder" data-kind={embedding.kind}>
          <span className="mono">{embedding.embedder}</span>{' '}
          <span className={`badge cn-kind-${embedding.kind}`}>
            {t(`embedding_kind_${embedding.kind}`, { defaultValue: embedding.kind })}
          </span>{' '}
          {t('embedding_facts', { dims: embedding.dimensions, index: embedding.index })}
          {embedding.recorded_at ? (
            <span className="muted"> {t('embedding_recorded', { when: formatRunTime(embedding.recorded_at) })}</span>
          ) : null}
          {embedding.kind === 'lexical' ? <span className="cn-hint cn-block">{t('embedding_lexical_note')}</span> : null}
        </p>
      ) : (
        <p className="muted">{t('embedding_none')}</p>
      )}
      <h3>{t('indexes_heading', { count: schema.indexes.length })}</h3>
      <IndexTable indexes={schema.indexes} />
    </section>
  );
}
