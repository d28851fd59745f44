// A refusal the site explains in a toast of its own (a change made in the administrator's read-only
// view as a user) would otherwise be told twice: by that toast, and by the page's own error toast
// for the failed request. The explanation is marked as the refusal arrives, before the page hears
// of it, so the toasts (toast.tsx) hold back the page's error for a moment. Plain data, in the
// first load: the toasts themselves load with the first page that raises one.

/** Long enough for a page to report the failed request, short enough to miss the next one. */
const HOLD_MS = 1_500;

let explainedUntil = 0;

/** The refusal that has just arrived is explained by the site: pages' error toasts wait. */
export function refusalExplained(now = Date.now()) {
  explainedUntil = now + HOLD_MS;
}

/** Whether a page's error toast now would tell a refusal the site explains. */
export const refusalBeingExplained = (now = Date.now()) => now < explainedUntil;
