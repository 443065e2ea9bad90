import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EvalMode } from '../../../shared/eval/golden-set';
import { goldenSetSizeProblem } from '../../../shared/eval/golden-set-size';
import { escapedSizeProblem } from '../../../shared/escaped-size';
import type { LensError } from '../../../shared/lens-error';
import { ErrorBox } from '../../app/error-box';
import { useModeLabel } from '../../app/ModeOptions';
import { FilePicker } from '../../app/FilePicker';
import { useErrorText } from '../../app/core-text';
import type { EvalRunState } from './use-eval-run';

/** The form that runs a golden set: its file (read in the page), the modes (none ticked: the set's own), k and a graph label. */
export function EvalRunPanel({ run }: { run: EvalRunState }) {
  const { t } = useTranslation('evaluations');
  const modeLabel = useModeLabel();
  const id = useId();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [modes, setModes] = useState<readonly EvalMode[]>([]);
  const [k, setK] = useState('');
  const [label, setLabel] = useState('');
  const [missing, setMissing] = useState(false);
  const [refused, setRefused] = useState<LensError | null>(null);

  const pick = (chosen: File | undefined) => {
    setMissing(false);
    // Over the cap, a set is refused as `lens eval --set` refuses it (its size, the cap, what to do) before it is
    // read: sent, the door refused it only as "larger than 2 MB".
    const tooLarge = chosen ? goldenSetSizeProblem(chosen.name, chosen.size) : null;
    setRefused(tooLarge);
    if (!chosen || tooLarge) return setFile(null);
    void chosen.text().then((content) => {
      // Control characters written raw grow sixfold as JSON: such a set is refused here, naming the file, not by the transport.
      const escapes = escapedSizeProblem(chosen.name, content);
      setRefused(escapes);
      setFile(escapes ? null : { name: chosen.name, content });
    });
  };
  const toggle = (mode: EvalMode, on: boolean) => setModes((current) => (on ? [...current, mode] : current.filter((m) => m !== mode)));
  const submit = () => {
    if (refused) return;
    if (!file) return setMissing(true);
    run.start({
      content: file.content,
      file_name: file.name,
      ...(modes.length > 0 ? { modes: [...modes] } : {}),
      ...(k.trim() === '' ? {} : { k: Number(k) }),
      ...(label.trim() === '' ? {} : { graph_label: label.trim() }),
    });
  };

  return (
    <section className="panel eval-run" aria-label={t('run_heading')}>
      <h3>{t('run_heading')}</h3>
      <div className="eval-file">
        <span id={`${id}-file`}>{t('run_file')}</span>
        <FilePicker
          labelledBy={`${id}-file`}
          accept=".yaml,.yml,.json"
          fileName={file ? file.name : null}
          disabled={run.busy}
          onPick={pick}
          testId="eval-file"
        />
      </div>
      <fieldset>
        <legend>
          {t('run_modes')} <span className="muted">({t('run_modes_from_set')})</span>
        </legend>
        {EvalMode.options.map((mode) => (
          <label key={mode}>
            <input
              type="checkbox"
              checked={modes.includes(mode)}
              onChange={(event) => toggle(mode, event.target.checked)}
              data-testid={`eval-mode-${mode}`}
            />{' '}
            {modeLabel(mode)}
          </label>
        ))}
      </fieldset>
      <label>
        {t('run_k')} <input type="number" min={1} max={100} value={k} onChange={(event) => setK(event.target.value)} data-testid="eval-k" />
      </label>
      <label>
        {t('run_label')} <input value={label} onChange={(event) => setLabel(event.target.value)} data-testid="eval-label" />
      </label>
      <button type="button" onClick={submit} disabled={run.busy} data-testid="eval-run-button">
        {run.busy ? t('run_running') : t('run_button')}
      </button>
      {run.busy ? (
        <button type="button" onClick={run.stop} disabled={run.stopping} data-testid="eval-stop-button">
          {run.stopping ? t('run_stopping') : t('run_stop')}
        </button>
      ) : null}
      {run.busy && run.progress !== null ? (
        <p className="muted" data-testid="eval-progress">
          {t('run_progress', { percent: Math.round(run.progress * 100) })}
        </p>
      ) : null}
      {refused ? <ErrorBox error={refused} /> : null}
      {missing ? <p role="alert">{t('run_no_file')}</p> : null}
      {run.error ? <ErrorBox error={run.error} /> : null}
      {run.stopped ? <StoppedLine stopped={run.stopped} /> : null}
    </section>
  );
}

/** How a stopped evaluation ended, in the UI's language: a status, not an error (the user asked for it). */
function StoppedLine({ stopped }: { stopped: unknown }) {
  const { message } = useErrorText(stopped);
  return (
    <p role="status" className="muted" data-testid="eval-stopped">
      {message}
    </p>
  );
}
