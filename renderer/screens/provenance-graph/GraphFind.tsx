import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphNode } from '../../../shared/api/provenance-graph';
import { findNodes } from './graph-find';
import { useNodeWords } from './use-provenance-view';

/**
 * Finds a node of a large view by its name, key or text (a chunk id, a document title): the first
 * match is selected (the canvas brings it into view and the properties panel shows it), and Find
 * again steps to the next. Says how many match, or that none does.
 */
export function GraphFind({ nodes, onSelect }: { nodes: readonly GraphNode[]; onSelect: (nodeId: string) => void }) {
  const { t } = useTranslation('graph');
  const nodeName = useNodeWords();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; index: number; count: number; name: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const matches = findNodes(nodes, text);
    const index = found && found.text === text && matches.length > 0 ? (found.index + 1) % matches.length : 0;
    const node = matches[index];
    setFound({ text, index, count: matches.length, name: node ? nodeName(node) : '' });
    if (node) onSelect(node.id);
  };
  const status = !found
    ? ''
    : found.count === 0
      ? t('find_none', { text: found.text.trim() })
      : t('find_match', { number: found.index + 1, count: found.count, name: found.name });
  return (
    <form className="graph-find" role="search" onSubmit={submit} data-testid="graph-find">
      <label htmlFor={id}>{t('find_label')}</label>{' '}
      <input
        id={id}
        type="search"
        value={text}
        placeholder={t('find_placeholder')}
        onChange={(event) => setText(event.target.value)}
        data-testid="graph-find-input"
      />{' '}
      <button type="submit" disabled={text.trim() === ''} data-testid="graph-find-button">
        {found && found.text === text && found.count > 1 ? t('find_next') : t('find')}
      </button>{' '}
      <span className="muted" role="status" data-testid="graph-find-status">
        {status}
      </span>
    </form>
  );
}
