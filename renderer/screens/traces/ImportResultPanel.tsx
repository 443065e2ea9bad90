import { useTranslation } from 'react-i18next';
import { useCoreText } from '../../app/core-text';
import { ErrorBox } from '../../app/error-box';
import type { ImportState } from './use-trace-import';
import type { ExporterSkipped, ImportDiffering } from '../../../shared/trace-import';

/** What an import did: runs added, runs already here, and each refused run with the field that failed. */
export function ImportResultPanel({ importState, onDismiss }: { importState: ImportState; onDismiss: () => void }) {
  const { t } = useTranslation('traces');
  if (importState.state === 'idle') return null;
  const { fileName } = importState;
  return (
    <section
      className="panel traces-import"
      aria-labelledby="traces-import-title"
      data-testid="traces-import-result"
      data-state={importState.state}
    >
      <div className="traces-import-head">
        <h3 id="traces-import-title">{t('import_title', { file: fileName })}</h3>
        {importState.state === 'busy' ? null : (
          <button type="button" onClick={onDismiss} data-testid="traces-import-dismiss">
            {t('dismiss')}
          </button>
        )}
      </div>
      {importState.state === 'busy' ? <p role="status">{t('import_busy')}</p> : null}
      {importState.state === 'failed' ? <ErrorBox error={importState.error} /> : null}
      {importState.state === 'done' ? <ImportCounts result={importState.result} /> : null}
    </section>
  );
}

function ImportCounts({ result }: { result: Extract<ImportState, { state: 'done' }>['result'] }) {
  const { t } = useTranslation('traces');
  const text = useCoreText();
  return (
    <>
      <p
        role="status"
        data-testid="traces-import-counts"
        data-imported={result.imported}
        data-present={result.already_present}
        data-refused={result.refused.length}
      >
        {t('import_imported', { count: result.imported })} {t('import_present', { count: result.already_present })}{' '}
        {t('import_refused', { count: result.refused.length })}
      </p>
      {result.differing ? <DifferingNote differing={result.differing} /> : null}
      {result.exporter_skipped ? <ExporterSkippedNote skipped={result.exporter_skipped} /> : null}
      {result.refused.length > 0 ? (
        <ul className="traces-import-refused">
          {result.refused.map((run) => (
            <li key={run.position} data-testid="traces-import-refused-run" data-position={run.position}>
              {t('import_refused_run', { position: run.position, trace: run.trace_id ?? t('import_no_trace_id') })}{' '}
              {run.field ? <code>{run.field}</code> : null}{' '}
              <span className="mono muted" data-testid="traces-import-problem" data-code={run.problem_code}>
                {text(run.problem_code, run.problem_params, run.problem)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The first trace ids of `count`, then how many more, in the UI's language. */
function useShownIds(): (traceIds: readonly string[], count: number) => string {
  const { t } = useTranslation('traces');
  return (traceIds, count) => {
    const shown = traceIds.join(', ');
    const more = count - traceIds.length;
    return more > 0 ? t('import_exporter_ids_more', { ids: shown, more }) : shown;
  };
}

/** The runs already stored with other content than the bundle's (kept, the bundle's not imported): how many and which. */
function DifferingNote({ differing }: { differing: ImportDiffering }) {
  const { t } = useTranslation('traces');
  const ids = useShownIds()(differing.trace_ids, differing.count);
  return (
    <p data-testid="traces-import-differing" data-count={differing.count}>
      {t('import_differing', { count: differing.count, ids })}
    </p>
  );
}

/** The runs the bundle says its exporter left out: how many, the first ids, then how many more. */
function ExporterSkippedNote({ skipped }: { skipped: ExporterSkipped }) {
  const { t } = useTranslation('traces');
  const ids = useShownIds()(skipped.trace_ids, skipped.count);
  return (
    <p data-testid="traces-import-exporter-skipped" data-count={skipped.count} data-unlisted={skipped.unlisted}>
      {skipped.count > 0 ? t('import_exporter_skipped', { count: skipped.count, ids }) : null}
      {skipped.count > 0 && skipped.unlisted ? ' ' : null}
      {skipped.unlisted ? t('import_exporter_unlisted') : null}
    </p>
  );
}
