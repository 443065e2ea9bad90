import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WhyNotAnswer } from '../../../shared/why-not';
import type { RunView } from '../../app/app-state';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { WhyNotAnswerView } from './WhyNotAnswerView';

type TargetKind = 'chunk' | 'document';

/** The chunk and document ids the run names (its items and cuts), offered as suggestions. */
function knownIds(run: RunView): { chunks: string[]; documents: string[] } {
  const { items, cuts } = run.response;
  const chunks = new Set([...items.flatMap((item) => item.chunk_ids), ...cuts.map((cut) => cut.chunk_id)]);
  return { chunks: [...chunks], documents: [...new Set(items.map((item) => item.document_id))] };
}

/** "Why not this chunk?" for the run on display: a chunk or document id in, where it fell out back, in the UI's language. */
export function WhyNotPanel({ run }: { run: RunView }) {
  const { t } = useTranslation('workbench');
  const client = useLensClient();
  const id = useId();
  const [kind, setKind] = useState<TargetKind>('chunk');
  const [targetId, setTargetId] = useState('');
  const [rerun, setRerun] = useState(true);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<WhyNotAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const suggestions = knownIds(run)[kind === 'chunk' ? 'chunks' : 'documents'];

  const explain = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || targetId.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      setAnswer(await client['traces.explain']({ trace_id: run.traceId, target: { kind, id: targetId.trim() }, rerun }));
    } catch (failure: unknown) {
      setAnswer(null);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel wb-whynot" aria-labelledby={`${id}-heading`} aria-busy={busy} data-testid="why-not">
      <h2 id={`${id}-heading`}>{t('whynot_heading')}</h2>
      <p className="wb-hint">{t('whynot_intro', { principal: run.principal.principal_id })}</p>
      <form className="wb-whynot-form" onSubmit={(event) => void explain(event)} data-testid="why-not-form">
        <div className="wb-field">
          <label htmlFor={`${id}-kind`}>{t('whynot_kind_label')}</label>
          <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as TargetKind)} data-testid="why-not-kind">
            <option value="chunk">{t('whynot_kind_chunk')}</option>
            <option value="document">{t('whynot_kind_document')}</option>
          </select>
        </div>
        <div className="wb-field wb-whynot-id">
          <label htmlFor={`${id}-id`}>{t('whynot_id_label')}</label>
          <input
            id={`${id}-id`}
            list={`${id}-ids`}
            value={targetId}
            placeholder={t('whynot_id_placeholder')}
            onChange={(event) => setTargetId(event.target.value)}
            data-testid="why-not-id"
          />
          <datalist id={`${id}-ids`}>
            {suggestions.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        </div>
        <label className="wb-inline wb-whynot-rerun">
          <input type="checkbox" checked={rerun} onChange={(event) => setRerun(event.target.checked)} data-testid="why-not-rerun" />
          {t('whynot_rerun_label')}
        </label>
        <button type="submit" className="primary" disabled={busy || targetId.trim() === ''} data-testid="why-not-submit">
          {busy ? t('whynot_busy') : t('whynot_submit')}
        </button>
      </form>
      {error ? <ErrorBox error={error} onRetry={() => void explain()} /> : null}
      {answer ? <WhyNotAnswerView answer={answer} /> : null}
    </section>
  );
}
