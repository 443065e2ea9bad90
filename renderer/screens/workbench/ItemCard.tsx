import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextItem } from '../../../shared/context-contract';
import type { ProviderViolation } from '../../../shared/provider/provider-audit';
import { FreshnessBadge } from './FreshnessBadge';
import { ItemAccessLine } from './ItemAccessLine';
import { ItemScores } from './ItemScores';
import { ProvenancePath } from './ProvenancePath';
import { ItemViolations } from './ProviderAuditView';
import { revealHidden } from '../../../shared/revealed-text';

interface ItemCardProps {
  readonly item: ContextItem;
  readonly selected: boolean;
  readonly onToggle: () => void;
  /** Mode provider: what the audit found wrong with this item (empty otherwise). */
  readonly violations: readonly ProviderViolation[];
  readonly principalId: string;
}

/** The checkbox that picks an item for the provenance graph (on its card and its table row). */
export function GraphSelectBox({
  title,
  selected,
  onToggle,
  testId,
}: {
  title: string;
  selected: boolean;
  onToggle: () => void;
  testId: string;
}) {
  const { t } = useTranslation('workbench');
  return (
    <input type="checkbox" checked={selected} onChange={onToggle} aria-label={t('select_for_graph', { title })} data-testid={testId} />
  );
}

/** One returned item: rank, freshness, why it was allowed, source, chunks and span, provenance path, scores, tokens, content. */
export function ItemCard({ item, selected, onToggle, violations, principalId }: ItemCardProps) {
  const { t } = useTranslation('workbench');
  const titleId = useId();
  const title = revealHidden(item.title ?? item.document_id);
  return (
    <li
      className={`wb-item wb-item-${item.freshness.state}`}
      data-testid="item"
      data-document-id={item.document_id}
      data-freshness={item.freshness.state}
      data-violations={violations.length || undefined}
      aria-labelledby={titleId}
    >
      <div className="wb-item-head">
        <GraphSelectBox title={title} selected={selected} onToggle={onToggle} testId="item-select" />
        <span className="wb-rank" title={t('rank_final')}>
          #{item.ranks.final}
        </span>
        <h3 id={titleId} className="wb-item-title">
          {title}
        </h3>
        {item.title_held_as ? (
          <span className="muted wb-title-held" title={t(`title_held_as_${item.title_held_as}_hint`)} data-testid="title-held-as">
            ({t(`title_held_as_${item.title_held_as}`)})
          </span>
        ) : null}
        {item.doc_type ? <span className="wb-chip">{item.doc_type}</span> : null}
        <span className="muted">{item.document_version ? t('version', { version: item.document_version }) : t('version_none')}</span>
        <span className="wb-tokens mono">{t('tokens', { count: item.tokens })}</span>
      </div>
      <FreshnessBadge freshness={item.freshness} />
      <ItemAccessLine access={item.access} />
      <ItemViolations violations={violations} principalId={principalId} />
      <div className="wb-item-body">
        <dl className="wb-item-facts">
          <dt>{t('source')}</dt>
          <dd className="mono wb-break">{revealHidden(item.source_uri)}</dd>
          <dt>{t('document')}</dt>
          <dd className="mono">{revealHidden(item.document_id)}</dd>
          {item.claim_id ? (
            <>
              <dt>{t('claim')}</dt>
              <dd className="mono">{revealHidden(item.claim_id)}</dd>
            </>
          ) : null}
          <dt>{item.chunk_ids.length > 1 ? t('chunks_merged', { count: item.chunk_ids.length }) : t('chunk')}</dt>
          <dd className="mono wb-break">{revealHidden(item.chunk_ids.join(', '))}</dd>
          <dt>{t('span')}</dt>
          <dd className="mono">
            {item.span ? t('span_value', { start: item.span.start_char, end: item.span.end_char }) : t('span_unknown')}
          </dd>
          <dt>{t('path')}</dt>
          <dd>
            <ProvenancePath path={item.provenance_path} />
          </dd>
        </dl>
        <ItemScores item={item} />
      </div>
      <details className="wb-content">
        <summary>{t('content_toggle', { count: item.content.length })}</summary>
        <pre>{item.content}</pre>
      </details>
    </li>
  );
}
