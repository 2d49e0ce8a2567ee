import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * Creates `file` with `contents` unless it exists. Written aside and linked into place, so
 * processes starting together on one folder end up with one file, and none reads half of it.
 */
export function createFileOnce(file: string, contents: string): void {
  if (fs.existsSync(file)) return;
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, contents, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
