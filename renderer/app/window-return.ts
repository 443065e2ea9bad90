/** Reloads closer together than this are one: a return to the window fires `focus` and `visibilitychange` alike. */
const RETURN_GAP_MS = 1000;

/**
 * Calls `onReturn` when the user comes back to the window (it gains focus, or its page is shown
 * again), at most once per return; returns the unsubscribe. The graph may have changed meanwhile (a
 * folder loaded through `lens demo load` where the app runs), so what a screen read of it is read again.
 */
export function whenWindowReturns(onReturn: () => void): () => void {
  let last = 0;
  const returned = () => {
    if (document.visibilityState === 'hidden') return;
    const now = Date.now();
    if (now - last < RETURN_GAP_MS) return;
    last = now;
    onReturn();
  };
  window.addEventListener('focus', returned);
  document.addEventListener('visibilitychange', returned);
  return () => {
    window.removeEventListener('focus', returned);
    document.removeEventListener('visibilitychange', returned);
  };
}
