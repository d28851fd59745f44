import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { siteUrl } from '../support/stack';
import { createSession } from '../support/sessions';

describe("GET /sessions/{id}, a session's page rendered by the API", () => {
  it('keeps whatever the administrator wrote as text: nothing in a session can add markup or end the data it carries', async () => {
    const title = `</script><script>alert(1)</script> $& ${ulid()}`;
    // What a string replacement would read as its patterns ($& the match, $` and $' around it).
    const description = "Bring <b>nothing</b> & rest.</script><!-- $` $' $$";
    const session = await createSession({ title, description });
    const response = await fetch(`${siteUrl}/sessions/${session.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>nothing');
    expect(html).toContain(
      `<title>&lt;/script>&lt;script>alert(1)&lt;/script> $&amp; ${title.split(' ').pop()} · Breathwork</title>`,
    );
    expect(html).toContain(
      `<meta name="description" content="Bring &lt;b>nothing&lt;/b> &amp; rest.&lt;/script>&lt;!-- $\` $' $$"/>`,
    );
    // The data ends at its own element's end, and reads back exactly as stored.
    const data = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
    const [query] = JSON.parse(data![1]) as { queryKey: string[]; data: { title: string; description: string } }[];
    expect(query.queryKey).toEqual(['sessions', session.id]);
    expect([query.data.title, query.data.description]).toEqual([title, description]);
  });

  it('gives a shared link its card: the title, the description, the picture and the address, in full', async () => {
    const description = `${'Breathe in for four, out for six. '.repeat(8)}Then rest.`;
    const session = await createSession({
      title: `Shared Breath ${ulid()}`,
      description,
      thumbnailUrl: '/images/sessions/a.jpg',
    });
    const html = await (await fetch(`${siteUrl}/sessions/${session.id}`)).text();
    const meta = (name: string) => new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"/>`).exec(html)?.[1];
    // Cut at a word, as search results show it.
    const summary = meta('description')!;
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/^Breathe in for four, out for six\. .*\S…$/);
    expect([meta('og:title'), meta('og:description'), meta('og:url'), meta('og:image')]).toEqual([
      session.title,
      summary,
      `${siteUrl}/sessions/${session.id}`,
      `${siteUrl}/images/sessions/a.jpg`,
    ]);
  });

  it('carries the session as a schema.org Event with the fields search engines require, its markup kept as text', async () => {
    const title = `</script><script>alert(1)</script> Breath ${ulid()}`;
    const session = await createSession({ title, priceAmount: 1800, priceCurrency: 'EUR', maxAttendees: 5 });
    const html = await (await fetch(`${siteUrl}/sessions/${session.id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const event = JSON.parse(blocks[0][1]) as Record<string, unknown> & { location: Record<string, unknown> };
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: title,
      eventStatus: 'https://schema.org/EventScheduled',
      offers: {
        price: '18.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: `${siteUrl}/sessions/${session.id}`,
      },
    });
    // Start and end with an offset, the end after the start.
    expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    // To the second, as the schedule shows times.
    const start = Math.floor(Date.parse(session.startTime) / 1000) * 1000;
    expect(Date.parse(event.startDate as string)).toBe(start);
    expect(Date.parse(event.endDate as string)).toBe(start + session.durationMinutes * 60_000);
    // Online, as the test sessions are: its place is its page.
    expect(event.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(event.location).toEqual({ '@type': 'VirtualLocation', url: `${siteUrl}/sessions/${session.id}` });
  });

  it('is kept by CloudFront for a minute, then served while a newer one is rendered or the function fails', async () => {
    const session = await createSession({ title: `Cached Breath ${ulid()}` });
    const response = await fetch(`${siteUrl}/sessions/${session.id}`);
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=86400, stale-if-error=86400',
    );
    // With the site's security headers, as every page.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers HEAD as GET, without the body, for link checkers and previews that ask it first', async () => {
    const session = await createSession({ title: `Checked Breath ${ulid()}` });
    const head = await fetch(`${siteUrl}/sessions/${session.id}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/html; charset=utf-8', '']);
    expect((await fetch(`${siteUrl}/sessions/${ulid()}`, { method: 'HEAD' })).status).toBe(404);
  });
});
