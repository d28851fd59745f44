import type { SessionView } from './session';

/**
 * What the site's build gives the server to render a session's page with
 * (web/src/render-session-page.tsx, bundled into web/dist-server): both sides are checked against it.
 */
export type SessionPageRenderer = {
  /** The page shell as built, for a path that names no session. */
  shellPage: string;
  /**
   * The session's page, its times in `timeZone` (IANA) until the browser shows the visitor's own,
   * and the card a shared link shows (its address and picture under `siteUrl`).
   */
  renderSessionPage: (session: SessionView, site: { timeZone: string; siteUrl: string }) => Promise<string>;
};
