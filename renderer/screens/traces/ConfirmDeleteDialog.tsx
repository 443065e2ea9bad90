import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trapTab } from '../../app/focus-target';
import { formatRunTime } from '../../app/time-format';
import type { DeleteRequest } from './use-trace-actions';

/** Asks before runs leave the trace store for good; Escape and Cancel keep them. Cancel has the focus. */
export function ConfirmDeleteDialog({
  request,
  onConfirm,
  onCancel,
}: {
  request: DeleteRequest;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('traces');
  const dialog = useRef<HTMLDialogElement>(null);
  const count = request.traceIds.length;
  const single = request.single;

  useEffect(() => {
    const element = dialog.current;
    // Focus goes back to the control that opened the dialog (the dialog leaves the page, so the browser cannot).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="traces-dialog"
      aria-labelledby="traces-delete-title"
      data-testid="traces-confirm-dialog"
      onKeyDown={(event) => trapTab(event.nativeEvent, event.currentTarget)}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h3 id="traces-delete-title">{t('confirm_delete_title', { count })}</h3>
      {single ? (
        <p className="traces-dialog-run">
          {t('confirm_delete_single', { query: single.query, principal: single.principal_id, time: formatRunTime(single.created_at) })}
        </p>
      ) : null}
      <p className="muted">{t('confirm_delete_body')}</p>
      <div className="traces-dialog-buttons">
        <button type="button" onClick={onCancel} autoFocus data-testid="traces-confirm-cancel">
          {t('cancel')}
        </button>
        <button type="button" className="danger-solid" onClick={onConfirm} data-testid="traces-confirm-delete">
          {t('confirm_delete')}
        </button>
      </div>
    </dialog>
  );
}
