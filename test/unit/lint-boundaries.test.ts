import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The project's own eslint.config.js, with only the import rules: the snippets below sit at virtual
// paths that no tsconfig lists, so they are parsed without type information.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies' || ruleId === 'no-restricted-syntax',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const handlerRule = /Lambda code must not import the local stack/;
const siteRule = /The site may import only the shared schemas/;
const sharedRule = /Shared code \(components, lib, hooks\) must not import/;
const featureRule = /A feature must not import another feature, app or routes/;
const localRule = /The local stack must not import bin\/operations/;
const recordRule = /A record must not import a flow or an e-mail/;
const emailRule = /An e-mail must not import a flow/;

// [file, import, the problem expected, or null when the import is allowed]
const cases: [string, string, RegExp | null][] = [
  // Handler code never imports the local stack, the CDK app or tests.
  ['functions/bookings/draft.ts', "import { startLocalStack } from '../../local/stack';", handlerRule],
  ['functions/bookings/draft.ts', "import { BreathworkStack } from '../../infra/stack';", handlerRule],
  ['functions/outbox/draft.ts', "import { startStack } from '../../test/support/stack';", handlerRule],
  ['functions/bookings/draft.ts', "import { stackOutputs } from '../../bin/operations/stack-outputs';", handlerRule],
  ['functions/bookings/draft.ts', "import { httpRoute } from '../lib/http';", null],
  ['functions/outbox/draft.ts', "import { logger } from '../lib/logger';", null],
  // The event catalogue is data that others read: it imports nothing from them.
  ['events/draft.ts', "import { currencies } from '../functions/schemas/money';", /The event catalogue is data/],
  ['events/draft.ts', "import type { Grant } from '../functions/lib/grants';", /The event catalogue is data/],
  ['events/draft.ts', "import { functionSettings } from '../infra/resources';", /The event catalogue is data/],
  ['functions/lib/draft.ts', "import { eventCatalogue } from '../../events/catalogue';", null],
  ['infra/draft.ts', "import { consumers } from '../events/catalogue';", null],
  ['local/draft.ts', "import { consumers } from '../events/catalogue';", null],
  // The server's layers: lib knows no product rule, the outbox no domain, the domain no handler.
  ['functions/lib/draft.ts', "import { getBooking } from '../domain/records/bookings';", /functions\/lib holds no product rules/],
  ['functions/lib/draft.ts', "import { outboxEvent } from '../outbox/outbox';", /functions\/lib holds no product rules/],
  ['functions/lib/draft.ts', "import { handler } from '../bookings/create';", /functions\/lib holds no product rules/],
  ['functions/lib/draft.ts', "import { routeByKey } from '../routes';", null],
  ['functions/outbox/draft.ts', "import { getBooking } from '../domain/records/bookings';", /The outbox carries facts/],
  [
    'functions/domain/records/draft.ts',
    "import { handler } from '../../bookings/create';",
    /The domain must not import a handler/,
  ],
  ['functions/domain/flows/draft.ts', "import { handler } from '../../bookings/create';", /The domain must not import a handler/],
  [
    'functions/domain/emails/draft.ts',
    "import { handler } from '../../bookings/create';",
    /The domain must not import a handler/,
  ],
  ['functions/domain/records/draft.ts', "import { outboxEvent } from '../../outbox/outbox';", null],
  ['functions/domain/records/draft.ts', "import { tableName } from '../../lib/table';", null],
  // Within the domain: flows are built on records, e-mails render records, records stand alone.
  ['functions/domain/records/draft.ts', "import { cancelBooking } from '../flows/cancel-booking';", recordRule],
  ['functions/domain/records/draft.ts', "import type { CancellationOutcome } from '../flows/cancel-booking';", recordRule],
  ['functions/domain/records/draft.ts', "import { refundEmail } from '../emails/booking-emails';", recordRule],
  ['functions/domain/emails/draft.ts', "import { recordPayment } from '../flows/settle-payment';", emailRule],
  ['functions/domain/emails/draft.ts', "import type { NoticeRecord } from '../records/notices';", null],
  ['functions/domain/flows/draft.ts', "import { getBooking } from '../records/bookings';", null],
  ['functions/domain/flows/draft.ts', "import { releaseBooking } from './release-booking';", null],
  ['functions/domain/records/draft.ts', "import { sessionKey } from './sessions';", null],
  ['functions/bookings/draft.ts', "import { bookSession } from '../domain/flows/book-session';", null],
  // The commands that act on AWS live in bin/operations: they may use the local stack, which never uses them.
  ['local/draft.ts', "import { redriveAws } from '../bin/operations/dead-letters-aws';", localRule],
  ['local/draft.ts', "import { userPoolOfStack } from '../bin/operations/stack-outputs';", localRule],
  ['bin/operations/draft.ts', "import { localDeadLetters } from '../../local/dead-letters';", null],
  ['bin/operations/draft.ts', "import { tableDefinition } from '../../functions/lib/table';", null],
  ['bin/draft.ts', "import { preflight } from '../infra/preflight';", null],
  // The schemas are bundled into the site, so they stay free of other server code.
  ['functions/schemas/draft.ts', "import { logger } from '../lib/logger';", /The schemas are bundled into the site/],
  // The site imports server code only through @schemas/*.
  ['web/src/lib/draft.ts', "import { httpRoute } from '../../../functions/lib/http';", siteRule],
  ['web/src/features/sessions/api/draft.ts', "import { eventCatalogue } from '../../../../../events/catalogue';", siteRule],
  ['web/src/lib/draft.ts', "import { stackOutputs } from '../../../bin/operations/stack-outputs';", siteRule],
  ['web/src/routes/draft.tsx', "import type { SessionView } from '@schemas/session';", null],
  // Shared code imports neither features nor app wiring, but may use other shared code.
  ['web/src/components/ui/draft.tsx', "import { matchesFilters } from '@/features/sessions/filters';", sharedRule],
  ['web/src/hooks/draft.ts', "import { contactLink } from '@/app/links';", sharedRule],
  ['web/src/components/ui/draft.tsx', "import { formatDate } from '@/lib/format';", null],
  // A feature uses its own modules and shared code, never another feature nor app or routes.
  [
    'web/src/features/bookings/components/draft.tsx',
    "import { matchesFilters } from '@/features/sessions/filters';",
    featureRule,
  ],
  ['web/src/features/bookings/components/draft.tsx', "import { HomePage } from '@/routes/home';", featureRule],
  ['web/src/features/bookings/components/draft.tsx', "import { useCreateBooking } from '../api/bookings';", null],
  ['web/src/features/bookings/components/draft.tsx', "import { Button } from '@/components/ui/button';", null],
  // The one allowed edge: session prices are shown in the visitor's currency; the rest of that feature stays closed.
  ['web/src/features/sessions/components/draft.tsx', "import { PriceText } from '@/features/currency/price-text';", null],
  [
    'web/src/features/sessions/components/draft.tsx',
    "import { useCurrency } from '@/features/currency/currency-context';",
    featureRule,
  ],
  [
    'web/src/features/sessions/components/draft.tsx',
    "import { CurrencySelector } from '@/features/currency/currency-selector';",
    featureRule,
  ],
  // App wiring and pages compose features.
  ['web/src/routes/draft.tsx', "import { BookingForm } from '@/features/bookings/components/booking-form';", null],
  // No barrel files in the site.
  ['web/src/features/sessions/index.ts', "export * from './filters';", /No barrel files/],
  ['web/src/features/sessions/index.ts', "export { matchesFilters } from './filters';", /No barrel files/],
];

describe('import boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it.each(cases)('%s: %s', async (file, code, expected) => {
    const found = await problems(file, code);
    if (expected) expect(found).toEqual([expect.stringMatching(expected)]);
    else expect(found).toEqual([]);
  });
});

// The circle rule follows imports through the files on disk, so its cases are written to a
// folder of their own for the test, and linted there.
describe('no import circles in eslint.config.js', { timeout: 60_000 }, () => {
  const cycles = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-cycle',
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(root, 'test', 'unit', 'cycle-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function lintModules(modules: Record<string, string>, linted: string): Promise<string[]> {
    for (const [name, code] of Object.entries(modules)) writeFileSync(join(folder, `${name}.ts`), code);
    const [result] = await cycles.lintFiles([join(folder, `${linted}.ts`)]);
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it('refuses two modules that import each other', async () => {
    const found = await lintModules(
      {
        bookings: "import { lifecycle } from './lifecycle';\nexport const bookings = () => lifecycle;\n",
        lifecycle: "import { bookings } from './bookings';\nexport const lifecycle = () => bookings;\n",
      },
      'bookings',
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });

  it('refuses a circle through a third module and a lazy import', async () => {
    const found = await lintModules(
      {
        slot: "export const load = () => import('./toast');\n",
        toast: "import { request } from './request';\nexport const toast = request;\n",
        request: "import { load } from './slot';\nexport const request = load;\n",
      },
      'slot',
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });

  it('allows imports one way', async () => {
    const found = await lintModules(
      {
        keys: 'export const key = (id: string) => `BOOKING#${id}`;\n',
        record: "import { key } from './keys';\nexport const item = (id: string) => ({ pk: key(id) });\n",
      },
      'record',
    );
    expect(found).toEqual([]);
  });
});
