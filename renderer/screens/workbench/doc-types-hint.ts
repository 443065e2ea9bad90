import type { useTranslation } from 'react-i18next';
import type { DocumentTypes } from '../../../shared/document-types';
import type { OperationState } from '../../app/use-operation';

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The hint under the Workbench's document-type field: how to fill it, then what the connected graph
 * holds (`graph.document_types`): its types with their document counts, or that no document has a
 * type (any type typed would leave nothing). While the read goes on, the first sentence only; when it
 * failed, that the types could not be read, not that there are none.
 */
export function docTypesHint(t: Translate, types: OperationState<DocumentTypes>): string {
  const first = t('doc_types_hint');
  if (types.error) return `${first} ${t('doc_types_unread')}`;
  const held = types.value;
  if (!held) return first;
  if (held.document_types.length === 0 && !held.truncated) return `${first} ${t('doc_types_none')}`;
  const listed = held.document_types.map(({ value, documents }) => t('doc_types_count', { value, count: documents })).join(', ');
  const detail = held.truncated
    ? t('doc_types_in_graph_more', { types: listed, count: held.more })
    : t('doc_types_in_graph', { types: listed });
  return `${first} ${detail}`;
}

/** The field's placeholder: the graph's two commonest types, or none while they are unknown or there are none. */
export function docTypesPlaceholder(types: DocumentTypes | null): string | undefined {
  const first = (types?.document_types ?? []).slice(0, 2).map((type) => type.value);
  return first.length > 0 ? first.join(', ') : undefined;
}
