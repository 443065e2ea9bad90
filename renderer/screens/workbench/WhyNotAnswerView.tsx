import { useTranslation } from 'react-i18next';
import type { WhyNotAnswer, WhyNotFinding } from '../../../shared/why-not';
import { whyNotMessages, whyNotParams } from '../../../shared/why-not-messages';
import { coreLanguage } from '../../app/core-text';
import { formatRunTime } from '../../app/time-format';

/** Chunk ids listed per finding before the rest are counted. */
const SHOWN_CHUNK_IDS = 6;

function FindingView({ finding, principalId }: { finding: WhyNotFinding; principalId: string }) {
  const { t } = useTranslation('workbench');
  const { t: whyNot, i18n } = useTranslation('whynot');
  const { t: access } = useTranslation('access');
  const language = coreLanguage(i18n.language);
  const more = finding.chunk_ids.length - SHOWN_CHUNK_IDS;
  return (
    <li className="wb-whynot-finding" data-testid="why-not-finding" data-verdict={finding.verdict.kind}>
      <p className="mono wb-break">
        {finding.chunk_ids.slice(0, SHOWN_CHUNK_IDS).join(', ')}
        {more > 0 ? <span className="muted"> {t('whynot_chunks_more', { count: more })}</span> : null}
      </p>
      {whyNotMessages(finding.verdict, principalId).map((message, index) => (
        <div key={`${message.code}:${index}`} data-code={message.code}>
          <p>{whyNot(message.code, whyNotParams(message, language))}</p>
          {message.clauses ? (
            <ul className="wb-access-clauses" data-testid="why-not-clauses">
              {message.clauses.map((clause, clauseIndex) => (
                <li key={`${clause.path}:${clauseIndex}`} data-code={clause.code} title={clause.path}>
                  {access(clause.code, clause.params)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </li>
  );
}

/** The answer to "why not?": what was looked up, then each finding in words, and when the graph was read. */
export function WhyNotAnswerView({ answer }: { answer: WhyNotAnswer }) {
  const { t } = useTranslation('workbench');
  const document = answer.title ? `${answer.document_id} (${answer.title})` : answer.document_id;
  const explained = answer.findings.reduce((sum, finding) => sum + finding.chunk_ids.length, 0);
  return (
    <div className="wb-whynot-answer" data-testid="why-not-answer" data-target={answer.target.id}>
      <p>
        <strong>
          {answer.target.kind === 'chunk'
            ? t('whynot_target_chunk', { id: answer.target.id, document })
            : t('whynot_target_document', { document, count: answer.chunks_total })}
        </strong>
        {explained < answer.chunks_total && answer.target.kind === 'document' ? (
          <span className="muted"> ({t('whynot_first_explained', { count: explained })})</span>
        ) : null}
      </p>
      {answer.findings.length === 0 ? <p className="muted">{t('whynot_no_chunks')}</p> : null}
      <ul className="wb-whynot-findings">
        {answer.findings.map((finding, index) => (
          <FindingView key={index} finding={finding} principalId={answer.principal_id} />
        ))}
      </ul>
      <p className="wb-hint">{t('whynot_read_at', { when: formatRunTime(answer.read_at) })}</p>
    </div>
  );
}
