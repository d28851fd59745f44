/**
 * The browser as the pre-rendered pages assume it, when they are rendered at build time in Node:
 * a first visit on a phone, with nothing stored and so no session. Storage stays absent (the site
 * reads it guarded, as for a browser that refuses it); listeners are never called.
 */
const phoneWidth = (query: string) => ({ matches: query.includes('max-width'), media: query });

Object.assign(globalThis, {
  window: { addEventListener: () => undefined, removeEventListener: () => undefined, matchMedia: phoneWidth },
});
