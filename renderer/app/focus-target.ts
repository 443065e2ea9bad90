// Where keyboard focus goes after an action opens something: the screen's heading after a switch, the
// results after a run, a stored run's note after opening it from Traces. Without this, focus falls to
// the page body and a keyboard user starts again from the navigation.

/** The heading of whichever screen is shown: its first heading inside the main region. */
export const SCREEN_HEADING = '#main-content :is(h1, h2)';

/** The top of a run's results: its outcome, which says what the run found. */
export const RUN_RESULTS_TARGET = '[data-testid="run-results"] [data-testid="outcome-banner"]';

/** The note that heads a stored run opened from Traces or Evaluations. */
export const STORED_RUN_TARGET = '[data-testid="run-results"] [data-testid="history-note"]';

/** The top of a comparison made or reopened on Compare: its leak banner (leaks come first), or why it failed. */
export const COMPARISON_TARGET = '[data-testid="comparison"] [data-testid="leak-banner"], [data-testid="compare-error"]';

/** What the next screen switch should focus instead of the screen's heading; taken once. */
let pendingTarget: string | null = null;

/** Asks that the next screen switch focus `selector` (the first match) rather than the screen's heading. */
export function focusOnNextScreen(selector: string): void {
  pendingTarget = selector;
}

/** The target asked for by the action that switched screens, if any; clears it. */
export function takeFocusRequest(): string | null {
  const target = pendingTarget;
  pendingTarget = null;
  return target;
}

/** Focuses an element even when it is not a control: a heading gets tabindex -1, which keeps it out of the Tab order. */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * Focuses the first element matching `selector` as soon as it is in the page (a lazily loaded screen
 * appears a moment after the switch), giving up after `timeoutMs`. Returns a function that stops waiting.
 */
export function focusWhenShown(selector: string, timeoutMs = 10_000, root: Document = document): () => void {
  const tryFocus = (): boolean => {
    const element = root.querySelector<HTMLElement>(selector);
    if (!element) return false;
    focusElement(element);
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root.body, { childList: true, subtree: true });
  return stop;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside a modal dialog: from its last control to its first and back. A modal
 * `<dialog>` makes the page behind it inert, but Tab would still leave it for the browser's own bar.
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
