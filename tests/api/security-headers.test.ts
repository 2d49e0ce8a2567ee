import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let plain: TestApp;
let https: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  https = await createTestApp({ PUBLIC_URL: 'https://cup.example.org' });
});

describe('security headers', () => {
  it('send pages a CSP that allows only our origin, Stripe and the video embeds, with no inline scripts', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/rules' });
    const csp = response.headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive('script-src')).not.toContain('unsafe-inline');
    expect(directive('frame-src')).toContain('https://hooks.stripe.com');
    expect(directive('frame-src')).toContain('https://www.youtube.com');
    expect(directive('frame-src')).toContain('https://player.twitch.tv');
    expect(directive('frame-src')).toContain('https://streamable.com');
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('send JSON answers only the headers that apply to them', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/tournaments/active' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('send HSTS and Secure cookies when the site is served over HTTPS', async () => {
    for (const url of ['/healthz', '/api/site']) {
      const response = await https.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const page = await https.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const login = await https.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'organizer', password: 'correct horse battery staple' } });
    expect(login.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });

  it('never leak a stack trace from an unexpected error', async () => {
    const broken = await createTestApp();
    // Outside /api/: the app refuses an /api/ route its contract does not declare (src/shared/api).
    broken.app.get('/broken', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    const response = await broken.app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toMatch(/at .+\.(js|ts):\d+/);

    // A database that went away is expected, not unexpected: 503, and no stack either.
    await broken.database.close();
    broken.database.close = async () => {};
    const away = await broken.app.inject({ method: 'GET', url: '/api/tournaments' });
    expect(away.statusCode).toBe(503);
    expect(away.body).not.toMatch(/at .+\.(js|ts):\d+/);
  });
});

describe('requests the router refuses before any route', () => {
  // An id past the router's length limit, and a percent-escape that is not UTF-8 (an overlong "."):
  // find-my-way answers these itself, before the app's hooks and error handler.
  const longId = 'a'.repeat(120);
  const refused = [
    { url: `/api/tournaments/${longId}/teams`, isApi: true },
    { url: '/api/tournaments/%C0%AE/teams', isApi: true },
    { url: `/api/manage/${longId}`, isApi: true },
    { url: '/objects/%C0%AE', isApi: false },
    { url: '/%C0%AE', isApi: false },
  ];

  it('answer in the documented error shape, without the path, with the request id and the security headers', async () => {
    for (const { url, isApi } of refused) {
      const response = await plain.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(Object.keys(body), url).toEqual(['error']);
      expect(body.error, url).toMatch(/^Malformed request/);
      expect(response.body, url).not.toContain(longId);
      expect(response.body, url).not.toContain('%C0');
      expect(response.body, url).not.toContain('FST_');
      expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      if (isApi) expect(response.headers['content-security-policy'], url).toBeUndefined();
      else expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    const overHttps = await https.app.inject({ method: 'GET', url: '/api/tournaments/%C0%AE/teams' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('requests Node cannot parse', () => {
  /** Sends raw bytes to a listening app and reads the answer until the server closes the connection. */
  async function raw(app: TestApp['app'], request: string) {
    const { port } = app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.write(request);
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  it('answer in the documented error shape, with a request id and the JSON security headers', async () => {
    await https.app.listen({ port: 0, host: '127.0.0.1' });
    const tooLarge = await raw(https.app, `GET /api/site HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    const garbage = await raw(https.app, 'NOT HTTP AT ALL\r\n\r\n');
    for (const [answer, status] of [
      [tooLarge, 431],
      [garbage, 400],
    ] as const) {
      expect(answer.status).toBe(status);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['error']);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
