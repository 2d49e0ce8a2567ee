// The site's Content-Security-Policy allows no eval: zod validates without compiling code, and
// without its probe for eval, which the browser reports as a policy violation. Set on the global
// that zod's config() writes (zod/v4/core/core.js), so the app chunk does not take in zod itself.
// Its own module, imported first by main.tsx and the islands' entry: imports run before the importing
// module's body, and the API client (api.ts) parses answers with zod.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
