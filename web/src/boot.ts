/**
 * A pre-rendered page paints first from its HTML and style sheet alone: the pre-renderer
 * keeps the app's scripts in a <template>, added here once the browser reports the first
 * contentful paint, so on a phone they do not compete with the style sheet for bandwidth. A tab
 * opened in the background paints nothing until it is shown, and a browser that reports no paints
 * cannot say when: both start at once. Should the report never come, the app starts regardless.
 */
const scripts = document.querySelector<HTMLTemplateElement>('template#app-scripts')!;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  document.head.append(document.importNode(scripts.content, true));
};

if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) start();
else {
  new PerformanceObserver((paints, observer) => {
    if (paints.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3_000);
}
