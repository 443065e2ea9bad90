import { useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser's file input, out of sight and out of the tab order: the app's own button opens it
 * (`inputRef.current.click()`). It is emptied after each pick, so picking the same file again (changed
 * on disk) reads it again.
 */
export function HiddenFileInput({
  inputRef,
  accept,
  onPick,
  testId,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  onPick: (file: File | undefined) => void;
  testId: string;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      className="file-pick-input"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        onPick(file);
      }}
      data-testid={testId}
    />
  );
}

/**
 * A file field worded by the app: the browser words its own file input in its language ("Choose File",
 * "No file chosen") whatever the UI's, and draws it wider than a narrow panel. The input stays out of
 * sight; the app's button opens it, and the file picked is named beside it (or that none is).
 * `labelledBy` is the id of the field's name, read with the button's own words.
 */
export function FilePicker({
  labelledBy,
  accept,
  fileName,
  disabled = false,
  onPick,
  testId,
}: {
  labelledBy: string;
  accept: string;
  fileName: string | null;
  disabled?: boolean;
  onPick: (file: File | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const buttonId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="file-pick">
      <HiddenFileInput inputRef={input} accept={accept} onPick={onPick} testId={testId} />
      <button
        type="button"
        id={buttonId}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-labelledby={`${labelledBy} ${buttonId}`}
        data-testid={`${testId}-button`}
      >
        {t('file_choose')}
      </button>
      <span className={fileName === null ? 'muted' : 'mono file-pick-name'} data-testid={`${testId}-name`}>
        {fileName ?? t('file_none')}
      </span>
    </div>
  );
}
