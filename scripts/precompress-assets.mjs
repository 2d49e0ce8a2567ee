// After `vite build`: a brotli and a gzip copy beside each built text file, so the server sends the
// hashed assets compressed (@fastify/static's preCompressed) without compressing them per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const webRoot = path.join(process.env.SITE_DIST ?? 'dist', 'web');
const compressible = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
// Below this a compressed copy saves less than a packet.
const minimumBytes = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (compressible.test(entry.name)) yield file;
  }
}

let count = 0;
for (const file of files(webRoot)) {
  const content = fs.readFileSync(file);
  if (content.length < minimumBytes) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  count++;
}
console.log(`Compressed copies (brotli, gzip) of ${count} built files in ${webRoot}`);
