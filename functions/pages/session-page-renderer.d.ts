// The site's build writes the renderer (JavaScript, with no declarations of its own); its shape is
// declared once, in the schemas, and the site's module is checked against the same type.
declare module '*/web/dist-server/render-session-page.mjs' {
  import type { SessionPageRenderer } from '@schemas/session-page';

  export const shellPage: SessionPageRenderer['shellPage'];
  export const renderSessionPage: SessionPageRenderer['renderSessionPage'];
}
