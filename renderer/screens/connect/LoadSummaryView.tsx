import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coreEnglish } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import {
  countsMessage,
  demoLoadMessage,
  loadedMessage,
  mappingPrincipalMessage,
  readyPrincipalMessage,
  unreadStatusMessage,
} from '../../../shared/demo-load-messages';
import type { DemoLoadSummary } from '../../../shared/demo-load-summary';
import { DECISION_STATES } from '../../../shared/freshness-messages';
import { useCoreText } from '../../app/core-text';

/** How many failed or skipped files a list shows before "Show all". */
export const FILES_SHOWN = 20;

/**
 * The warnings about who may see what: each access default applied, a mapping that widened access,
 * documents nobody can see, a mapping's principal whose workspace, groups or partitions nothing loaded names.
 */
const ACCESS_WARNING = /^demo_load:(?:default_|widened_|visible_to_nobody_|principal_|mapping_glob_unmatched$)/;

/** A sentence of the summary: its code worded in the UI's language, else the English it keeps. */
interface Said {
  readonly code?: string | undefined;
  readonly params?: CoreMessage['params'] | undefined;
  readonly english: string;
}

/**
 * What a load of a folder (or of the demo corpus) did, in the UI's language: the counts, the access
 * defaults and access warnings first (what a security reviewer must see), the principals to ask as,
 * the other warnings, and the files that failed and that were skipped, each worded from its code.
 */
export function LoadSummaryView({ summary }: { summary: DemoLoadSummary }) {
  const { t } = useTranslation('connect');
  const text = useCoreText();
  const word = (said: Said) => text(said.code, said.params, said.english) ?? said.english;
  const core = (message: CoreMessage) => text(message.code, message.params, undefined) ?? message.code;
  const codes = summary.warning_messages?.length === summary.warnings.length ? summary.warning_messages : undefined;
  const warnings: Said[] = summary.warnings.map((english, index) => ({
    english,
    code: codes?.[index]?.code,
    params: codes?.[index]?.params,
  }));
  const access = warnings.filter((warning) => warning.code !== undefined && ACCESS_WARNING.test(warning.code));
  const others = warnings.filter((warning) => !access.includes(warning));
  return (
    <div className="cn-load-summary" data-testid="load-summary">
      <h3>{t('load_summary_heading')}</h3>
      <p>{core(loadedMessage(summary))}</p>
      <p data-testid="load-counts">{core(countsMessage(summary.counts))}</p>
      <section data-testid="load-access" aria-label={t('load_access_heading')}>
        <h4>{t('load_access_heading')}</h4>
        {access.length > 0 ? (
          <ul>
            {access.map((warning, index) => (
              <li key={index} className="cn-load-access">
                {word(warning)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{core(demoLoadMessage('acl_defaults_none'))}</p>
        )}
      </section>
      {summary.ready_principals.length > 0 ? (
        <section data-testid="load-ready">
          <h4>{t('load_query_as')}</h4>
          <ul>
            {summary.ready_principals.map((ready) => (
              <li key={ready.workspace_id}>{core(readyPrincipalMessage(ready, summary.source))}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {summary.mapping_principals?.length ? (
        <section data-testid="load-mapping-principals">
          <h4>{t('load_mapping_principals')}</h4>
          <ul>
            {summary.mapping_principals.map((principal) => (
              <li key={principal.principal_id}>{core(mappingPrincipalMessage(principal))}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* One a file at most (a folder of 20,000 empty files gave 20,000, every one shown): the first FILES_SHOWN, then Show all. */}
      <FileList
        testId="load-warnings"
        heading={core(demoLoadMessage('warnings_header', { count: others.length }))}
        items={others}
        word={word}
      />
      <AdrSection report={summary.adrs} core={core} word={word} />
      <FileList
        testId="load-failed"
        heading={core(demoLoadMessage('failed_header', { count: summary.failed.length }))}
        items={summary.failed.map((f) => ({ english: f.message, code: f.message_code, params: f.message_params }))}
        word={word}
      />
      <FileList
        testId="load-skipped"
        heading={core(demoLoadMessage('skipped_header', { count: summary.skipped.length }))}
        items={summary.skipped.map((s) => ({ english: s.message, code: s.message_code, params: s.message_params }))}
        word={word}
      />
    </div>
  );
}

/** A coded sentence as the lists take it, with its English. */
const saidOf = (message: CoreMessage): Said => ({ code: message.code, params: message.params, english: coreEnglish(message) });

/**
 * The decision records the load recognised, as `lens demo load` prints them: how many in each state
 * and how many supersessions, then every status it did not understand and every reference to another
 * record it could not resolve (no edge was written for those), so a broken link is seen here too.
 */
function AdrSection({
  report,
  core,
  word,
}: {
  report: DemoLoadSummary['adrs'];
  core: (message: CoreMessage) => string;
  word: (said: Said) => string;
}) {
  const { t } = useTranslation('connect');
  if (report.recognised === 0 && report.statuses_not_understood.length === 0 && report.unresolved_references.length === 0) return null;
  const counts = DECISION_STATES.filter((status) => report.statuses[status] > 0).map((status) =>
    core(demoLoadMessage(`status_count_${status}`, { count: report.statuses[status] })),
  );
  const s = report.supersessions;
  const figures = { recognised: report.recognised, total: s.total, partial: s.partial, drift: s.drift };
  return (
    <section data-testid="load-adrs">
      <h4>{t('load_adrs_heading')}</h4>
      <p data-testid="load-adr-counts">
        {core(
          counts.length > 0
            ? demoLoadMessage('adr_recognised_by_status', { ...figures, statuses: counts.join(', ') })
            : demoLoadMessage('adr_recognised', figures),
        )}
      </p>
      <FileList
        testId="load-adr-unresolved"
        heading={core(demoLoadMessage('unresolved_references_header', { count: report.unresolved_references.length }))}
        items={report.unresolved_references.map((u) => ({ english: u.message, code: u.message_code, params: u.message_params }))}
        word={word}
      />
      <FileList
        testId="load-adr-not-understood"
        heading={core(demoLoadMessage('statuses_not_understood_header', { count: report.statuses_not_understood.length }))}
        items={report.statuses_not_understood.map((u) => saidOf(unreadStatusMessage(u)))}
        word={word}
      />
    </section>
  );
}

/** The failed or skipped files, or the other warnings: the first FILES_SHOWN, then how many more and a button that shows them all. */
function FileList({
  testId,
  heading,
  items,
  word,
}: {
  testId: string;
  heading: string;
  items: readonly Said[];
  word: (said: Said) => string;
}) {
  const { t } = useTranslation('connect');
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, FILES_SHOWN);
  const rest = items.length - shown.length;
  return (
    <section data-testid={testId}>
      <h4>{heading}</h4>
      <ul className="cn-load-files">
        {shown.map((item, index) => (
          <li key={index}>{word(item)}</li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="muted">
          {t('load_more', { count: rest })}{' '}
          <button type="button" onClick={() => setAll(true)} data-testid={`${testId}-all`}>
            {t('load_show_all', { count: items.length })}
          </button>
        </p>
      ) : null}
    </section>
  );
}
