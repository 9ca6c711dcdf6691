/** Whether the visitor has moved between pages of the site in this document (client navigation). */
let movedInApp = false;

/** Called on every route change after the first page of the document. */
export function noteInAppNavigation(): void {
  movedInApp = true;
}

/**
 * Whether the previous history entry is a page of this site, so that going back stays on it:
 * the visitor navigated within the app, or arrived by a link from one of its pages.
 */
export function previousPageIsOnSite(): boolean {
  if (movedInApp) return true;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
