/**
 * The block printed once the site listens: where it is, where to sign in (or, on a fresh install, where
 * to set up the first account with which code) and how to load the demo season. Printed straight to
 * the console, never through the logger: a setup code does not belong in collected logs.
 */
export interface BannerFacts {
  siteName: string;
  publicOrigin: string;
  /** The one-time code of a fresh install, or null once an account exists or one is configured. */
  setupCode: string | null;
  setupCodeFile: string;
  /** Where the data lives: "the embedded database in ./data" or "PostgreSQL". */
  storage: string;
}

export function startBanner({ siteName, publicOrigin, setupCode, setupCodeFile, storage }: BannerFacts): string {
  const lines = [
    `${siteName} is running at ${publicOrigin} (${storage})`,
    '',
    ...(setupCode
      ? [`First run: create the organizer account at ${publicOrigin}/admin/setup`, `  Setup code: ${setupCode}`, `  (also in ${setupCodeFile}; it works once)`]
      : [`Organizers sign in at ${publicOrigin}/admin/login`]),
    '',
    'Demo season: stop the site, run `npm run seed`, start it again.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return ['', border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border, ''].join('\n');
}
