import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** The best encoding the browser accepts (`Accept-Encoding`, `;q=0` refusing one): brotli, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

// Brotli's quality 5 compresses a 45 KB page to about 7 KB in 1–2 ms; 11 would take ~90 ms.
const compress = (html: string, encoding: Encoding) =>
  encoding === 'br' ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } }) : gzip(html);

/**
 * Sends the server's HTML pages compressed (a content page is 40–50 KB of markup and inlined data,
 * 7–8 KB compressed). The renderer keeps a page while its data is unchanged and returns the same
 * text, so each kept page is compressed once per encoding (a page is kept per language). The pages are the same for every
 * visitor (nothing private or per-session in them), so compressing them reveals nothing.
 */
export function createHtmlSender({ keptPages = 160 }: { keptPages?: number } = {}) {
  const keptBy: Record<Encoding, Map<string, Promise<Buffer>>> = { br: new Map(), gzip: new Map() };
  return function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
    // Beside what the page already varies on (its language: site/page-language.ts).
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === null) return reply.send(html);
    const kept = keptBy[encoding];
    let body = kept.get(html);
    if (!body) {
      body = compress(html, encoding);
      kept.set(html, body);
      // The oldest goes first: pages rendered again since are new texts.
      if (kept.size > keptPages) kept.delete(kept.keys().next().value!);
      body.catch(() => kept.delete(html));
    }
    return body.then((compressed) => reply.header('Content-Encoding', encoding).send(compressed));
  };
}
