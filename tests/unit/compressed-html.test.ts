import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/server/site/compressed-html.js';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('scripts/precompress-assets.mjs', () => {
  it('writes a brotli and a gzip copy beside each built text file worth compressing', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const assets = path.join(dist, 'web', 'assets');
    fs.mkdirSync(path.join(assets, 'islands'), { recursive: true });
    const script = `console.log(${JSON.stringify('island '.repeat(500))});`;
    fs.writeFileSync(path.join(assets, 'islands', 'header-1.js'), script);
    fs.writeFileSync(path.join(assets, 'index-1.css'), 'a{color:red}'.repeat(200));
    fs.writeFileSync(path.join(assets, 'tiny-1.js'), 'export{}');
    fs.writeFileSync(path.join(assets, 'logo-1.png'), Buffer.alloc(4096));
    try {
      execFileSync(process.execPath, ['scripts/precompress-assets.mjs'], { env: { ...process.env, SITE_DIST: dist }, stdio: 'pipe' });
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, 'islands', 'header-1.js.br'))).toString()).toBe(script);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, 'islands', 'header-1.js.gz'))).toString()).toBe(script);
      expect(fs.existsSync(path.join(assets, 'index-1.css.br'))).toBe(true);
      // Too small to gain anything, or not text.
      expect(fs.existsSync(path.join(assets, 'tiny-1.js.br'))).toBe(false);
      expect(fs.existsSync(path.join(assets, 'logo-1.png.br'))).toBe(false);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
