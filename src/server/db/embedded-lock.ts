import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder writes over the first's
 * changes (or damages the files) and its own changes are lost when the first one checkpoints. So the
 * folder gets an exclusive lock: a file holding the owner's pid, created on open and removed on close.
 * A lock whose pid is dead (a `kill -9`, a crash) is stale and taken over.
 */
export const LOCK_FILE = 'db.lock';

export class EmbeddedDatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${displayPath(dataDir)} is in use by process ${pid}`);
  }
}

export interface EmbeddedLock {
  release(): void;
}

/** Takes the lock on `<dataDir>/db.lock`, or throws EmbeddedDatabaseInUseError naming the live owner. */
export function acquireEmbeddedLock(dataDir: string, pid = process.pid): EmbeddedLock {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx' fails when the file exists: two processes starting together cannot both win.
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const owner = readOwner(file);
      if (owner !== null && owner !== pid && isAlive(owner)) throw new EmbeddedDatabaseInUseError(dataDir, owner);
      // Stale (dead owner, or a file cut short by a crash): remove it and try again.
      fs.rmSync(file, { force: true });
    }
  }
  const release = () => {
    process.off('exit', release);
    if (readOwner(file) === pid) fs.rmSync(file, { force: true });
  };
  // A process that exits without closing (process.exit after an error) leaves no lock behind.
  process.on('exit', release);
  return { release };
}

/** The pid holding the lock on `dataDir`, when that process is alive. */
export function embeddedLockOwner(dataDir: string): number | null {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return owner !== null && isAlive(owner) ? owner : null;
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `./data` for a folder under the working directory, the absolute path otherwise: what a person typed. */
export function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  if (!relative) return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? dir : `./${relative}`;
}
