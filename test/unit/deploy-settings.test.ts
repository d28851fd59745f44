import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireFreshSiteBuild, siteBuild } from '../../infra/site-build';
import { deployContext, deploySettings } from '../../infra/deploy-settings';
import { DEFAULT_TIME_ZONE, siteSettings } from '../../infra/site-settings';
import { localSiteSettings } from '../../local/environment';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with site sources and (if asked) a build, every file dated as given (seconds). */
function project(files: Record<string, number>) {
  const dir = mkdtempSync(join(tmpdir(), 'site-build-'));
  dirs.push(dir);
  for (const [path, seconds] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, path);
    utimesSync(file, seconds, seconds);
  }
  const build = {
    dist: join(dir, 'web', 'dist'),
    renderer: join(dir, 'web', 'dist-server', 'render-session-page.mjs'),
    sources: ['web/index.html', 'web/src', 'functions/schemas', 'package-lock.json'].map((p) => join(dir, p)),
  };
  return { dir, build };
}

/** The pages a build writes, at the time it wrote them. */
const builtPages = { 'web/dist/index.html': 2000, 'web/dist/birth-recordings.html': 2000, 'web/dist/shell.html': 2000 };

describe('the site build a deploy ships', () => {
  it('is the built folder when it is newer than every source', () => {
    const { dir, build } = project({
      'web/index.html': 1000,
      'web/src/app/router.tsx': 1000,
      'functions/schemas/site-config.ts': 1000,
      ...builtPages,
      'web/dist/assets/index-1a2b.js': 2000,
      'web/dist-server/render-session-page.mjs': 2000,
    });
    expect(requireFreshSiteBuild(build, dir)).toBe(build.dist);
  });

  it('is refused when the page renderer the same build writes last is missing or older than its pages', () => {
    const renderers: Record<string, number>[] = [{}, { 'web/dist-server/render-session-page.mjs': 1500 }];
    for (const renderer of renderers) {
      const { dir, build } = project({ 'web/index.html': 1000, ...builtPages, ...renderer });
      expect(() => requireFreshSiteBuild(build, dir)).toThrow(
        "The site's page renderer is missing or from an earlier build (web/dist-server/render-session-page.mjs): run `npm run build:web`",
      );
    }
  });

  it('is refused when a page the build writes is missing', () => {
    const { dir, build } = project({
      'web/index.html': 1000,
      'web/dist/index.html': 2000,
      'web/dist/shell.html': 2000,
      'web/dist-server/render-session-page.mjs': 2000,
    });
    expect(() => requireFreshSiteBuild(build, dir)).toThrow('The site is not built (web/dist/birth-recordings.html is missing)');
  });

  it('is refused, in one line saying what to run, when nothing was built', () => {
    const { dir, build } = project({ 'web/index.html': 1000, 'web/src/main.tsx': 1000 });
    expect(() => requireFreshSiteBuild(build, dir)).toThrow(
      'The site is not built (web/dist/index.html is missing): run `npm run build:web`, or deploy with `npm run deploy`, which builds it.',
    );
  });

  it('is refused when any source, however deep, or a shared schema, changed after the build', () => {
    const built = {
      'web/index.html': 1000,
      'web/src/main.tsx': 1000,
      ...builtPages,
      'web/dist-server/render-session-page.mjs': 2000,
    };
    for (const changed of [
      'web/src/features/auth/components/sign-in-form.tsx',
      'functions/schemas/account.ts',
      'web/index.html',
    ]) {
      const { dir, build } = project({ ...built, [changed]: 3000 });
      let message = '';
      try {
        requireFreshSiteBuild(build, dir);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, changed).toBe(
        `The site build in web/dist is older than ${changed}: run \`npm run build:web\`, or deploy with \`npm run deploy\`, which builds it.`,
      );
      expect(message).not.toContain('\n');
    }
  });

  it('reads the sources Vite builds the site from, the shared schemas, the pre-rendered pages and the lock file included', () => {
    const relative = siteBuild.sources.map((source) => source.slice(join(import.meta.dirname, '..', '..').length + 1));
    expect(relative).toEqual(
      expect.arrayContaining([
        'web/index.html',
        'web/src',
        'web/public',
        'web/vite.config.ts',
        'functions/schemas',
        'infra/site-files.ts',
        'package-lock.json',
      ]),
    );
    expect(siteBuild.dist).toBe(join(import.meta.dirname, '..', '..', 'web', 'dist'));
  });
});

describe("a deploy's settings", () => {
  const addresses = { fromEmail: 'hello@breathwork-demo.co.uk', adminEmail: 'studio@breathwork-demo.co.uk' };
  const settings = (context: Record<string, string>, environment: Record<string, string> = {}) =>
    deploySettings((name) => context[name], environment);

  it('needs a region chosen on purpose, by context or AWS_REGION, never from a profile', () => {
    expect(() => settings(addresses, { CDK_DEFAULT_REGION: 'us-east-1', AWS_PROFILE: 'default' })).toThrow(
      'No region chosen: pass -c region=<region> (for example eu-west-2), or set AWS_REGION.',
    );
    expect(settings(addresses, { AWS_REGION: 'eu-west-1' }).region).toBe('eu-west-1');
    expect(settings({ ...addresses, region: 'eu-west-2' }, { AWS_REGION: 'eu-west-1' }).region).toBe('eu-west-2');
    expect(() => settings({ ...addresses, region: 'London' })).toThrow(/^region 'London' is not an AWS region/);
  });

  it('are read from the arguments `npm run deploy` passes on to cdk deploy, over cdk.json', () => {
    const argv = ['-c', 'region=eu-west-1', '--context', 'fromEmail=hello@breathwork-demo.co.uk', '--require-approval', 'never'];
    argv.push('--context=contact=https://breathwork-demo.co.uk/contact?from=site', '-c', 'region=eu-west-2');
    expect(
      deployContext(argv, { adminEmail: 'studio@breathwork-demo.co.uk', region: 'us-east-1', '@aws-cdk/core:flag': true }),
    ).toEqual({
      region: 'eu-west-2',
      fromEmail: 'hello@breathwork-demo.co.uk',
      adminEmail: 'studio@breathwork-demo.co.uk',
      contact: 'https://breathwork-demo.co.uk/contact?from=site',
    });
  });

  it('refuses placeholder addresses and an unknown sender identity, and defaults the rest', () => {
    expect(() => settings({ region: 'eu-west-2', ...addresses, fromEmail: 'me@example.com' })).toThrow(/^fromEmail /);
    expect(() => settings({ region: 'eu-west-2', ...addresses, sesIdentity: 'dns' })).toThrow(/^sesIdentity 'dns'/);
    expect(settings({ region: 'eu-west-2', ...addresses })).toEqual({
      region: 'eu-west-2',
      ...addresses,
      senderIdentity: 'address',
      stripeSecretName: 'breathwork/stripe',
      exchangeRatesUrl: 'https://api.exchangerate-api.com/v4/latest',
      site: { timeZone: DEFAULT_TIME_ZONE },
      reattach: false,
      allowSesSandbox: false,
      allowLowConcurrency: false,
      allowUnalignedMail: false,
    });
    expect(
      settings({ region: 'eu-west-2', ...addresses, monthlyBudgetUsd: '45', reattach: 'true', allowSesSandbox: 'true' }),
    ).toMatchObject({ monthlyBudgetUsd: 45, reattach: true, allowSesSandbox: true, allowLowConcurrency: false });
    expect(settings({ region: 'eu-west-2', ...addresses, allowUnalignedMail: 'true' }).allowUnalignedMail).toBe(true);
  });

  it("take the site's own domain as a host name, and refuse a web address, a bare word or a placeholder", () => {
    const domainName = (value: string) => settings({ region: 'eu-west-2', ...addresses, domainName: value }).domainName;
    expect(domainName('book.breathwork-demo.co.uk')).toBe('book.breathwork-demo.co.uk');
    expect(domainName(' Book.Breathwork-Demo.co.uk ')).toBe('book.breathwork-demo.co.uk');
    expect(domainName('')).toBeUndefined();
    const hint = "pass the site's own, e.g. -c domainName=book.your-domain.com.";
    expect(() => domainName('https://book.breathwork-demo.co.uk')).toThrow(
      `domainName 'https://book.breathwork-demo.co.uk' is not a domain name: ${hint}`,
    );
    for (const wrong of [
      'breathwork',
      'book..breathwork-demo.co.uk',
      '-book.breathwork-demo.co.uk',
      'book.breathwork-demo.co.uk/',
    ]) {
      expect(() => domainName(wrong), wrong).toThrow(/is not a domain name/);
    }
    expect(() => domainName('book.example.com')).toThrow(`domainName 'book.example.com' is a placeholder domain: ${hint}`);
  });
});

describe("the teacher's settings", () => {
  const read = (values: Record<string, string>) => siteSettings((name) => values[name]);

  it('hides every link whose setting is absent or empty, and names the default zone', () => {
    expect(read({})).toEqual({ timeZone: 'Europe/London' });
    expect(read({ marketingUrl: ' ', contact: '' })).toEqual({ timeZone: 'Europe/London' });
  });

  it('takes https links, an e-mail or a page to contact, and a zone Intl knows', () => {
    expect(
      read({
        marketingUrl: 'https://breathwork-demo.co.uk/',
        socialUrl: 'https://www.instagram.com/breathwork.demo',
        contact: 'hello@breathwork-demo.co.uk',
        timeZone: 'America/New_York',
      }),
    ).toEqual({
      marketingUrl: 'https://breathwork-demo.co.uk',
      social: { label: 'Instagram', url: 'https://www.instagram.com/breathwork.demo' },
      contactUrl: 'mailto:hello@breathwork-demo.co.uk',
      timeZone: 'America/New_York',
    });
    expect(read({ contact: 'https://breathwork-demo.co.uk/contact' }).contactUrl).toBe('https://breathwork-demo.co.uk/contact');
    expect(read({ socialUrl: 'https://social.example.org/@breath', socialLabel: 'Mastodon' }).social).toEqual({
      label: 'Mastodon',
      url: 'https://social.example.org/@breath',
    });
    expect(read({ socialUrl: 'https://bsky.app/profile/breath' }).social?.label).toBe('bsky.app');
  });

  it('refuses what would make a dead or unsafe link, and a zone that does not exist', () => {
    expect(() => read({ marketingUrl: 'http://breathwork-demo.co.uk' })).toThrow(/^marketingUrl .* is not an https address/);
    expect(() => read({ socialUrl: 'javascript:alert(1)' })).toThrow(/^socialUrl /);
    expect(() => read({ contact: 'call us' })).toThrow(/^contact 'call us' is neither an e-mail address nor an https page/);
    expect(() => read({ timeZone: 'Europe/Atlantis' })).toThrow("timeZone 'Europe/Atlantis' is not a time zone");
  });

  it('locally point at nothing that does not exist: no marketing site or social link, Contact to the local administrator', () => {
    expect(localSiteSettings({})).toEqual({ contactUrl: 'mailto:admin@breathwork.local', timeZone: 'Europe/London' });
    expect(localSiteSettings({ LOCAL_CONTACT: '' })).toEqual({ timeZone: 'Europe/London' });
    expect(
      localSiteSettings({
        LOCAL_MARKETING_URL: 'https://breathwork-demo.co.uk',
        LOCAL_SOCIAL_URL: 'https://www.instagram.com/breathwork.demo',
        LOCAL_TIME_ZONE: 'Europe/Paris',
      }),
    ).toMatchObject({ marketingUrl: 'https://breathwork-demo.co.uk', social: { label: 'Instagram' }, timeZone: 'Europe/Paris' });
  });
});
