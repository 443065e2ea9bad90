import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerPreview, PreviewSentence } from '../../../shared/answer-preview';
import type { ChatAvailability } from '../../../shared/text2cypher';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';

/** One sentence of the draft with its citations; a flagged one says why. */
function SentenceLine({ sentence }: { sentence: PreviewSentence }) {
  const { t } = useTranslation('llm');
  const flag =
    sentence.flag === 'no_citation'
      ? t('preview_flag_no_citation')
      : sentence.flag === 'invalid_citation'
        ? t('preview_flag_invalid_citation', { numbers: sentence.invalid_citations.map((n) => `[${n}]`).join(', ') })
        : null;
  return (
    <li className={flag ? 'wb-preview-sentence wb-preview-flagged' : 'wb-preview-sentence'} data-flag={sentence.flag ?? undefined}>
      <span>{sentence.text}</span>
      {flag ? <span className="wb-preview-flag"> — {flag}</span> : null}
    </li>
  );
}

/** A kept preview: refused for want of evidence, or the checked sentences. */
function PreviewBody({ preview }: { preview: AnswerPreview }) {
  const { t } = useTranslation('llm');
  if (preview.outcome === 'insufficient_evidence')
    return (
      <p className="wb-preview-refusal" role="note" data-testid="preview-insufficient">
        {t('preview_insufficient_evidence')}
      </p>
    );
  return (
    <>
      <p className="muted" data-testid="preview-summary">
        {t('preview_summary', { model: preview.model, sentences: preview.sentences.length, flagged: preview.flagged })}
      </p>
      {preview.sentences.length === 0 ? <p>{t('preview_empty')}</p> : null}
      <ol className="wb-preview-sentences" data-testid="preview-sentences">
        {preview.sentences.map((sentence, index) => (
          <SentenceLine key={index} sentence={sentence} />
        ))}
      </ol>
    </>
  );
}

/**
 * The grounded answer preview of the shown run, under its items: the one kept with the run, and a
 * button that drafts it (again). Without a chat model the button is off with the reason, unless the
 * run has no item, where the preview refuses without asking a model anyway.
 */
export function AnswerPreviewPanel({ traceId, itemCount, chat }: { traceId: string; itemCount: number; chat: ChatAvailability | null }) {
  const { t } = useTranslation('llm');
  const client = useLensClient();
  const kept = useOperation(() => client['preview.get']({ trace_id: traceId }), [client, traceId]);
  const [drafted, setDrafted] = useState<AnswerPreview | null>(null);
  const [drafting, setDrafting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const preview = drafted ?? kept.value?.preview ?? null;
  const usable = itemCount === 0 || chat?.preview.usable === true;
  const draft = async () => {
    setDrafting(true);
    setError(null);
    try {
      setDrafted(await client['preview.draft']({ trace_id: traceId }));
    } catch (failure: unknown) {
      setError(failure);
    } finally {
      setDrafting(false);
    }
  };
  return (
    <section className="panel wb-preview" aria-label={t('preview_title')} data-testid="answer-preview" aria-busy={drafting}>
      <h3>{t('preview_title')}</h3>
      <p className="muted">{t('preview_intro')}</p>
      <button type="button" onClick={() => void draft()} disabled={!usable || drafting} data-testid="preview-draft">
        {drafting ? t('preview_drafting') : preview ? t('preview_redraft') : t('preview_draft')}
      </button>
      {!usable && chat ? <span className="reason-note">{t('preview_no_chat_model')}</span> : null}
      {error ? <ErrorBox error={error} onRetry={() => void draft()} /> : null}
      {kept.error ? <ErrorBox error={kept.error} onRetry={kept.reload} /> : null}
      {preview ? <PreviewBody preview={preview} /> : null}
    </section>
  );
}
