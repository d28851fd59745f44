// The site's Content-Security-Policy allows no eval. zod would otherwise probe for it (the
// browser reports even a caught probe as a violation) and compile its parsers with it. zod keeps
// its settings on this global, shared by every copy, and reads `jitless` as each schema is built:
// setting it here, in the site's first module, costs nothing and precedes every schema. (Importing
// zod's `config` would put zod into the first load.)
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };
