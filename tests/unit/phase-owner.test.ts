import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tournament's phase has one writer, src/server/tournaments/phase.ts: no other module of the
 * server writes whether a tournament is live, its registration switch, cancelled_at or deleted_at,
 * nor names those columns in SQL. A second writer fails this test.
 */
const serverDir = path.resolve(__dirname, '../../src/server');
const owner = path.join(serverDir, 'tournaments/phase.ts');
// Where the columns are declared, not written.
const declarations = [path.join(serverDir, 'db/schema.ts'), path.join(serverDir, 'db/migrations')];

const phaseKeys = /\b(registrationOpen|cancelledAt|deletedAt|status)\s*:/;
const switchKeys = /\b(registrationOpen|cancelledAt)\s*:/;

/** Each write of a phase column found in a module's source, as a short excerpt. */
function phaseWrites(source: string): string[] {
  const found: string[] = [];
  // A statement on the tournaments table: what it sets or inserts, up to its filter or its end.
  for (const match of source.matchAll(/\.(update|insert)\(\s*tournaments\s*\)([\s\S]*?)(\.where\(|\.returning\(|;)/g)) {
    if (phaseKeys.test(match[2])) found.push(match[0].slice(0, 120));
  }
  // The switch and cancelled_at written through any table alias.
  for (const match of source.matchAll(/\.set\(\s*\{([^}]*)\}/g)) {
    if (switchKeys.test(match[1])) found.push(match[0].slice(0, 120));
  }
  // SQL naming the columns: raw text, or the Drizzle columns in a filter or an assignment.
  for (const match of source.matchAll(/\b(registration_open|cancelled_at|tournaments\.registrationOpen|tournaments\.cancelledAt)\b/g)) found.push(match[0]);
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (declarations.some((declared) => file === declared || file.startsWith(declared + path.sep))) return [];
    if (statSync(file).isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the tournament phase has one writer', () => {
  it('finds the writes it looks for (in the owner itself)', () => {
    const writes = phaseWrites(readFileSync(owner, 'utf8'));
    expect(writes.join('\n')).toMatch(/registrationOpen/);
    expect(writes.join('\n')).toMatch(/cancelledAt/);
    expect(phaseWrites('await tx.update(tournaments)\n  .set({ name, registrationOpen: true })\n  .where(eq(tournaments.id, id));')).toHaveLength(2);
    expect(phaseWrites("await db.execute(sql`update tournaments set cancelled_at = now()`);")).toHaveLength(1);
    expect(phaseWrites('await tx.update(tournaments).set({ held: row.n }).where(eq(tournaments.id, id));')).toEqual([]);
  });

  it('no other module of src/server writes status, registration_open, cancelled_at or deleted_at', () => {
    const offenders = sourcesUnder(serverDir)
      .filter((file) => file !== owner)
      .flatMap((file) => phaseWrites(readFileSync(file, 'utf8')).map((write) => `${path.relative(serverDir, file)}: ${write}`));
    expect(offenders, 'write these through src/server/tournaments/phase.ts').toEqual([]);
  });
});
