import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoLoadInput } from '../../../shared/api/lens-api';
import type { DemoJob } from './use-demo-job';

/** The extensions typed in one field ("md.erb mdx", "md.erb, mdx"), as the operation takes them. */
export function typedExtensions(text: string): string[] {
  return text.split(/[\s,]+/).filter((part) => part !== '');
}

/** The operation's input from the form's fields: optional fields left empty are left out. */
export function loadInput(fields: { docs: string; acl: string; ext: string }): DemoLoadInput {
  const ext = typedExtensions(fields.ext);
  return { docs: fields.docs.trim(), ...(fields.acl.trim() ? { acl: fields.acl.trim() } : {}), ...(ext.length > 0 ? { ext } : {}) };
}

/** What the form holds: its fields and whether it is open. */
export interface LoadFolderState {
  readonly fields: { readonly docs: string; readonly acl: string; readonly ext: string };
  readonly setFields: (update: (current: LoadFolderState['fields']) => LoadFolderState['fields']) => void;
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
}

/**
 * The form's state, kept by the screen: the demo panel moves (above the connection while the demo is
 * in use, below it otherwise) when the connect report arrives, and a form that kept its own state
 * came back closed and empty, losing a path being typed.
 */
export function useLoadFolderState(): LoadFolderState {
  const [fields, setFields] = useState({ docs: '', acl: '', ext: '' });
  const [open, setOpen] = useState(false);
  return { fields, setFields, open, setOpen };
}

/**
 * "Load a folder of your own": a folder of markdown on the machine the app runs on (a typed full
 * path), an optional ACL mapping file and extra extensions, loaded into the local demo server as
 * `lens demo load --docs` does. The progress and the summary show in the demo panel.
 */
export function LoadFolderForm({ job, state }: { job: DemoJob; state: LoadFolderState }) {
  const { t } = useTranslation('connect');
  const id = useId();
  const { fields, setFields, open, setOpen } = state;
  const { busy } = job;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fields.docs.trim() === '' || busy) return;
    job.load(loadInput(fields));
  };
  const field = (key: keyof typeof fields, label: string, placeholder: string, hint?: string) => (
    <div className="cn-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={fields[key]}
        onChange={(event) => setFields((current) => ({ ...current, [key]: event.target.value }))}
        placeholder={placeholder}
        required={key === 'docs'}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        data-testid={`load-${key}-input`}
      />
      {hint ? (
        <span id={`${id}-${key}-hint`} className="cn-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
  return (
    <details className="cn-load" data-testid="load-folder" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('load_heading')}</summary>
      <p className="muted">{t('load_body')}</p>
      <form className="cn-load-form" onSubmit={submit}>
        {field('docs', t('load_folder_label'), t('load_folder_placeholder'), t('load_folder_hint'))}
        {field('acl', t('load_acl_label'), t('load_acl_placeholder'))}
        {field('ext', t('load_ext_label'), t('load_ext_placeholder'))}
        <div className="cn-actions">
          <button
            type="submit"
            disabled={busy || fields.docs.trim() === ''}
            aria-busy={busy && job.kind === 'load'}
            data-testid="load-folder-button"
          >
            {busy && job.kind === 'load' ? t('load_loading') : t('load_button')}
          </button>
        </div>
      </form>
    </details>
  );
}
