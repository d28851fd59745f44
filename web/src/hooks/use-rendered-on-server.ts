import { createContext, useContext } from 'react';

/**
 * True while a page is rendered into HTML outside a browser (by the build, or on the server). Its
 * buttons do nothing until the page's script runs, so such a page shows their loading skeleton
 * instead, which the browser then replaces.
 */
export const RenderedOnServer = createContext(false);

export const useRenderedOnServer = () => useContext(RenderedOnServer);
