import type { SessionView } from './session';

/**
 * What the site's build gives the server to render a session's page with
 * (web/src/render-session-page.tsx, bundled into web/dist-server): both sides are checked against it.
 */
export type SessionPageRenderer = {
  /** The page shell as built, for a path that names no session. */
  shellPage: string;
  /** The session's page, its times in `timeZone` (IANA) until the browser shows the visitor's own. */
  renderSessionPage: (session: SessionView, timeZone: string) => Promise<string>;
};
