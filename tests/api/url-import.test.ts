import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isPublicAddress } from '../../src/server/uploads/url-import/address-policy.js';
import { downloadImage } from '../../src/server/uploads/url-import/download.js';
import { pinnedAddress } from '../../src/server/uploads/url-import/safe-fetch.js';
import { tokenForUrl } from '../../src/server/uploads/url-import/token.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The logo import from a web address (Companion's URL provider, served by the site): the app on a real port,
// an image server of the test's own on 127.0.0.1, reachable only through the name `images.test`
// (URL_IMPORT_HOST_MAP); 127.0.0.1 itself stays refused.

const MB = 1024 * 1024;
let t: TestApp;
let cookie: string;
let site: string;
let images: http.Server;
let imagesPort: number;
let noisyPng: Buffer;
/** What the image server saw of each response: whether it was cut off before its end. */
const served = new Map<string, { closedEarly: boolean; bytesWritten: number }>();
/** Every path the image server was asked for, in order. */
const hits: string[] = [];
let releaseSlow: () => void = () => {};

/** A 300 x 300 PNG of noise: about 270 KB, so the download reports progress on its way. */
const noise = () =>
  sharp(crypto.randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();

function startImageServer(): Promise<void> {
  images = http.createServer((request, response) => {
    const record = { closedEarly: false, bytesWritten: 0 };
    served.set(request.url!, record);
    hits.push(request.url!);
    response.on('close', () => (record.closedEarly = !response.writableFinished));
    const write = (chunk: Buffer) => {
      record.bytesWritten += chunk.length;
      return response.write(chunk);
    };
    switch (request.url) {
      case '/logo.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': noisyPng.length });
        return response.end(noisyPng);
      case '/notes.png': // not an image, whatever its name and type say
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end('<html><script>alert(1)</script></html>'.repeat(200));
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html></html>');
      case '/declared-huge.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 6 * MB });
        return response.end();
      case '/endless.png': {
        // A real PNG's start, then 64 KB chunks with no declared length, until the reader goes away.
        response.writeHead(200, { 'content-type': 'image/png' });
        write(noisyPng);
        const pump = () => {
          while (!response.destroyed && record.bytesWritten < 20 * MB) if (!write(Buffer.alloc(64 * 1024, 7))) return;
          if (!response.destroyed) response.end();
        };
        response.on('drain', pump);
        return pump();
      }
      case '/slow.png': {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': noisyPng.length });
        write(noisyPng.subarray(0, 100 * 1024));
        releaseSlow = () => response.end(noisyPng.subarray(100 * 1024));
        return;
      }
      case '/hang.png': // the start of an image, then nothing
        response.writeHead(200, { 'content-type': 'image/png' });
        write(noisyPng.subarray(0, 10_000));
        return;
      case '/trickle.png': {
        // A byte every 50 ms: never idle, never done.
        response.writeHead(200, { 'content-type': 'image/png' });
        write(noisyPng.subarray(0, 10_000));
        const timer = setInterval(() => write(Buffer.alloc(1)), 50);
        response.on('close', () => clearInterval(timer));
        return;
      }
      case '/to-loopback':
        response.writeHead(302, { location: `http://127.0.0.1:${imagesPort}/logo.png` });
        return response.end();
      case '/to-metadata':
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      case '/to-logo':
        response.writeHead(302, { location: '/logo.png' });
        return response.end();
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        return response.end();
      default:
        response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => images.listen(0, '127.0.0.1', () => resolve()));
}

beforeAll(async () => {
  noisyPng = await noise();
  await startImageServer();
  imagesPort = (images.address() as AddressInfo).port;
  t = await createTestApp({ URL_IMPORT_HOST_MAP: 'images.test=127.0.0.1' });
  cookie = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  site = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

const imageUrl = (path: string) => `http://images.test:${imagesPort}${path}`;

async function post(path: string, url: string, headers: Record<string, string> = { cookie }) {
  const response = await fetch(`http://${site}/api/companion/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ url, fileId: url }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Message = { action: 'progress' | 'success' | 'error'; payload: Record<string, unknown> };

/** Opens the job's socket as @uppy/core's RequestClient does and collects its messages until it closes. */
function openSocket(token: string, headers: Record<string, string> = { cookie }) {
  const socket = new WebSocket(`ws://${site}/api/companion/api/${token}`, { headers });
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  const closed = new Promise<Message[]>((resolve, reject) => {
    socket.on('close', () => resolve(messages));
    socket.on('error', reject);
  });
  return { socket, messages, closed };
}

async function importThroughSocket(url: string) {
  const got = await post('url/get', url);
  expect(got.status).toBe(200);
  return openSocket(got.body.token as string).closed;
}

const errorOf = (messages: Message[]) => {
  const last = messages.at(-1)!;
  expect(last.action).toBe('error');
  return (last.payload.error as { message: string }).message;
};

describe('POST url/meta and url/get (Companion URL provider)', () => {
  it('answer 401 without a session, and the socket refuses the upgrade', async () => {
    expect((await post('url/meta', imageUrl('/logo.png'), {})).status).toBe(401);
    expect((await post('url/get', imageUrl('/logo.png'), {})).status).toBe(401);
    expect(hits).toEqual([]);
    const got = await post('url/get', imageUrl('/logo.png'));
    await expect(openSocket(got.body.token as string, {}).closed).rejects.toThrow(/401/);
    // Nor from another site's page, with the organizer's cookie.
    await expect(openSocket(got.body.token as string, { cookie, origin: 'https://evil.example' }).closed).rejects.toThrow(/401/);
    // Only url/get's look at the headers reached the image server: no socket, no download.
    expect(hits).toEqual(['/logo.png']);
  });

  it('reads the name, type and size of an image through the allowed host mapping', async () => {
    const meta = await post('url/meta', imageUrl('/to-logo'));
    expect(meta).toEqual({ status: 200, body: { name: 'logo.png', type: 'image/png', size: noisyPng.length } });
  });

  it.each([
    ['loopback', 'http://127.0.0.1:1/logo.png'],
    ['loopback through the image server port', `http://127.0.0.1:${0}/logo.png`],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'http://10.0.0.5/logo.png'],
    ['a private address (192.168)', 'http://192.168.1.1/logo.png'],
    ['IPv6 loopback', 'http://[::1]/logo.png'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/logo.png'],
    ['the unspecified address', 'http://0.0.0.0/logo.png'],
    ['a name that resolves to loopback', 'http://localhost/logo.png'],
    ['Teredo (2001::/32)', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/logo.png'],
    ['ORCHIDv2 (2001:20::/28), spelled in full', 'http://[2001:0020:0000:0000:0000:0000:0000:0001]/logo.png'],
    ['IPv6 documentation (3fff::/20)', 'http://[3FFF:0ff::1]/logo.png'],
    ['NAT64 with loopback inside, dotted', 'http://[64:ff9b::127.0.0.1]/logo.png'],
    ['IPv4-mapped metadata address, in hex', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/'],
  ])('refuses %s', async (_what, url) => {
    for (const path of ['url/meta', 'url/get']) {
      const refused = await post(path, url.replace(':0/', `:${imagesPort}/`));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/private or local network/);
      // Uppy shows url/meta's `message`; on url/get a `message` would make it retry the refusal.
      expect(refused.body.message).toBe(path === 'url/meta' ? refused.body.error : undefined);
    }
  });

  it("documents url/meta's `message` (what Uppy shows) in the OpenAPI document, and url/get's refusals carry only the error shape", async () => {
    const refusedMeta = await post('url/meta', 'http://10.0.0.5/logo.png');
    expect(Object.keys(refusedMeta.body).sort()).toEqual(['error', 'message']);
    const refusedGet = await post('url/get', 'http://10.0.0.5/logo.png');
    expect(Object.keys(refusedGet.body)).toEqual(['error']);

    type Responses = Record<string, { content?: { 'application/json'?: { schema?: { properties?: Record<string, unknown>; required?: string[] } } } }>;
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { post: { responses: Responses } }> };
    const metaRefusal = document.paths['/api/companion/url/meta'].post.responses['4XX']?.content?.['application/json']?.schema;
    expect(Object.keys(metaRefusal?.properties ?? {}).sort()).toEqual(['error', 'issues', 'message']);
    expect(metaRefusal?.required).toEqual(['error']);
    expect(document.paths['/api/companion/url/get'].post.responses['4XX']).toBeUndefined();
  });

  it.each([
    ['a file: URL', 'file:///etc/passwd', /Only http/],
    ['an ftp: URL', 'ftp://example.com/logo.png', /Only http/],
    ['not a URL', 'logo.png', /full web address/],
    ['credentials in the URL', 'http://user:pass@example.com/logo.png', /user name or password/],
  ])('refuses %s', async (_what, url, message) => {
    const refused = await post('url/get', url);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
  });

  it('refuses redirects to loopback and to the metadata address, and redirect loops, in url/meta, url/get and the socket', async () => {
    const before = hits.length;
    for (const path of ['/to-loopback', '/to-metadata']) {
      for (const route of ['url/meta', 'url/get']) {
        const refused = await post(route, imageUrl(path));
        expect(refused.status).toBe(400);
        expect(refused.body.error).toMatch(/private or local network/);
      }
      // The socket checks every hop itself, whatever url/get said (a redirect may change in between).
      expect(errorOf(await openSocket(tokenForUrl(imageUrl(path))).closed)).toMatch(/private or local network/);
    }
    expect(hits.slice(before).filter((hit) => hit === '/logo.png')).toEqual([]);
    expect((await post('url/get', imageUrl('/loop'))).body.error).toMatch(/redirected more than 3 times/);
    expect(errorOf(await openSocket(tokenForUrl(imageUrl('/loop'))).closed)).toMatch(/redirected more than 3 times/);
  });
});

describe('the import socket (/api/{token} under the companion URL)', () => {
  it('downloads an image with progress, re-encodes it and answers success with the logo path', async () => {
    const messages = await importThroughSocket(imageUrl('/logo.png'));
    const progress = messages.filter((m) => m.action === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)!.payload).toEqual({ progress: '100.00', bytesUploaded: noisyPng.length, bytesTotal: noisyPng.length });
    const success = messages.at(-1)!;
    expect(success.action).toBe('success');
    const objectPath = success.payload.url as string;
    expect(objectPath).toMatch(/^\/objects\/logos\/[a-f0-9]{32}\.webp$/);
    expect(JSON.parse((success.payload.response as { responseText: string }).responseText)).toEqual({ objectPath });

    const logo = await t.app.inject({ method: 'GET', url: objectPath });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect((await sharp(logo.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a file that is not an image, whatever its type header says', async () => {
    expect(errorOf(await importThroughSocket(imageUrl('/notes.png')))).toBe('Only PNG, JPEG, WebP, GIF or AVIF images are accepted');
    // url/meta reports the type (Uppy's restrictions refuse it before any download); url/get refuses it.
    expect((await post('url/meta', imageUrl('/page.html'))).body.type).toBe('text/html');
    expect(await post('url/get', imageUrl('/page.html'))).toEqual({ status: 415, body: { error: 'Only PNG, JPEG, WebP, GIF or AVIF images are accepted' } });
  });

  it('refuses a file over 5 MB: at once when declared, mid-stream when not', async () => {
    expect(await post('url/get', imageUrl('/declared-huge.png'))).toEqual({ status: 413, body: { error: 'The image at this address is larger than 5 MB' } });
    expect(errorOf(await openSocket(tokenForUrl(imageUrl('/declared-huge.png'))).closed)).toBe('The image at this address is larger than 5 MB');
    expect(errorOf(await importThroughSocket(imageUrl('/endless.png')))).toBe('The image at this address is larger than 5 MB');
    const endless = served.get('/endless.png')!;
    await expect.poll(() => endless.closedEarly).toBe(true);
    // The reader stopped near the limit (plus what socket buffers held), far from the 20 MB on offer.
    expect(endless.bytesWritten).toBeLessThan(12 * MB);
  });

  it('pauses and resumes a download, and a cancel ends it', async () => {
    const got = await post('url/get', imageUrl('/slow.png'));
    const job = openSocket(got.body.token as string);
    await expect.poll(() => job.messages.some((m) => m.action === 'progress')).toBe(true);
    job.socket.send(JSON.stringify({ action: 'pause', payload: {} }));
    await new Promise((r) => setTimeout(r, 100));
    releaseSlow();
    await new Promise((r) => setTimeout(r, 400));
    expect(job.messages.some((m) => m.action === 'success')).toBe(false);
    job.socket.send(JSON.stringify({ action: 'resume', payload: {} }));
    expect((await job.closed).at(-1)!.action).toBe('success');

    const second = openSocket((await post('url/get', imageUrl('/slow.png'))).body.token as string);
    await expect.poll(() => second.messages.some((m) => m.action === 'progress')).toBe(true);
    second.socket.send(JSON.stringify({ action: 'cancel', payload: {} }));
    const messages = await second.closed;
    expect(messages.some((m) => m.action === 'success')).toBe(false);
    await expect.poll(() => served.get('/slow.png')!.closedEarly).toBe(true);
  });
});

describe('download time limits', () => {
  const policy = { hostMap: new Map([['images.test', '127.0.0.1']]) };
  const limits = { maxBytes: 5 * MB, totalTimeoutMs: 1500, idleTimeoutMs: 300 };

  it('ends a download when no byte comes for the idle time', async () => {
    const started = Date.now();
    await expect(downloadImage(imageUrl('/hang.png'), policy, () => {}, limits).done).rejects.toThrow('The address took too long to answer');
    expect(Date.now() - started).toBeLessThan(1400);
    await expect.poll(() => served.get('/hang.png')!.closedEarly).toBe(true);
  });

  it('ends a download that keeps trickling when the total time is up', async () => {
    await expect(downloadImage(imageUrl('/trickle.png'), policy, () => {}, limits).done).rejects.toThrow('The download took too long');
    await expect.poll(() => served.get('/trickle.png')!.closedEarly).toBe(true);
  });
});

describe('GET s3/sts', () => {
  it('answers 501 without STS credentials, and 401 without a session', async () => {
    const sts = await fetch(`http://${site}/api/companion/s3/sts`, { headers: { cookie } });
    expect(sts.status).toBe(501);
    expect(((await sts.json()) as { error: string }).error).toMatch(/Temporary S3 credentials are not offered/);
    expect((await fetch(`http://${site}/api/companion/s3/sts`)).status).toBe(401);
  });
});

describe('address rules', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'ff02::1',
  ])('%s is refused', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])('%s is allowed', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses a name when any of its addresses is private, and connects only to the address it checked', async () => {
    const policy = (addresses: string[]) => ({ hostMap: new Map(), resolve: async () => addresses });
    await expect(pinnedAddress(new URL('http://rebind.example/'), policy(['93.184.216.34', '127.0.0.1']))).rejects.toThrow(/private or local network/);
    await expect(pinnedAddress(new URL('http://ok.example/'), policy(['93.184.216.34', '1.1.1.1']))).resolves.toBe('93.184.216.34');
  });

  it('is refused in production', async () => {
    const { loadConfig } = await import('../../src/server/config.js');
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'demo', URL_IMPORT_HOST_MAP: 'images.test=127.0.0.1' })).toThrow(/URL_IMPORT_HOST_MAP/);
  });
});
