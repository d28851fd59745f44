import { describe, expect, it } from 'vitest';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';

/** The files a page's scripts template asks for (src/prerender.tsx), which wait for the first paint. */
async function deferredScripts(path: string): Promise<string[]> {
  const html = await (await fetch(`${siteUrl}${path}`)).text();
  const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
  return [...template.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
}

describe('a page rendered with its content', () => {
  it("asks for its route's code, and every chunk that code imports, with the app's scripts", async () => {
    const session = await createSession({ title: 'Preloaded Breath' });
    for (const [path, chunk] of [
      [`/sessions/${session.id}`, /^\/assets\/session-detail-[\w-]+\.js$/],
      ['/birth-recordings', /^\/assets\/birth-recordings-[\w-]+\.js$/],
    ] as const) {
      const files = await deferredScripts(path);
      expect(
        files.filter((file) => chunk.test(file)),
        path,
      ).toHaveLength(1);
      expect(new Set(files).size, path).toBe(files.length);
      for (const file of files) expect((await fetch(`${siteUrl}${file}`)).status, file).toBe(200);
    }
    // The home page's code is the app's entry: it asks for no other page's.
    const home = await deferredScripts('/');
    expect(home.some((file) => /session-detail|birth-recordings/.test(file))).toBe(false);
  });
});
