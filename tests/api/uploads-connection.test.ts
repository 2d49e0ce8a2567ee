import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pathOf, pngImage } from '../support/upload-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A refused upload on a real socket: the client must hear the answer, and the connection must not
// be left waiting for a body nobody reads (the next request on it would hang).

let t: TestApp;
let port: number;
let cookie: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

interface Outcome {
  status: number;
  headers: string;
  /** What became of a second request sent on the same socket after the first answer. */
  next: 'answered' | 'closed' | 'hung';
}

/** Sends `head` + `body` on one keep-alive socket, waits for the answer, then asks for /api/site on the same socket. */
function exchange(head: string, body: Buffer[] | Buffer, { answerRequired = true } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let first: { status: number; headers: string; end: number } | null = null;
    const finish = (next: Outcome['next']) => {
      clearTimeout(timer);
      socket.destroy();
      if (!first && answerRequired) return reject(new Error(`no answer to the upload (${next}): ${received.toString('latin1').slice(0, 200)}`));
      resolve({ status: first?.status ?? 0, headers: first?.headers ?? '', next });
    };
    const timer = setTimeout(() => finish('hung'), 5000);
    socket.on('error', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!first) {
        const text = received.toString('latin1');
        const headerEnd = text.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const headers = text.slice(0, headerEnd);
        const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
        if (received.length < headerEnd + 4 + length) return;
        first = { status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), end: headerEnd + 4 + length };
        socket.write('GET /api/site HTTP/1.1\r\nHost: localhost\r\n\r\n');
      }
      if (received.subarray(first.end).toString('latin1').startsWith('HTTP/1.1 200')) finish('answered');
    });
    socket.write(head);
    for (const chunk of [body].flat()) socket.write(chunk);
  });
}

async function signedUploadPath() {
  const signed = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  return pathOf((signed.json() as { uploadURL: string }).uploadURL);
}

const chunked = (chunks: Buffer[]) => [...chunks.flatMap((chunk) => [Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')];

describe('a refused upload on a keep-alive connection', () => {
  it('answers a logo over 5 MB with 413, then serves the next request on the same connection', async () => {
    const { payload, headers } = await multipartBody('logo', Buffer.concat([await pngImage(), Buffer.alloc(6 * MB)]));
    const outcome = await exchange(
      `POST /api/upload-logo HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      payload,
    );
    expect(outcome.status).toBe(413);
    expect(outcome.next).toBe('answered');
  });

  it('answers a logo in the wrong form field with 400, then serves the next request', async () => {
    const { payload, headers } = await multipartBody('file', Buffer.concat([await pngImage(), Buffer.alloc(3 * MB)]));
    const outcome = await exchange(
      `POST /api/upload-logo HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      payload,
    );
    expect(outcome.status).toBe(400);
    expect(outcome.next).toBe('answered');
  });

  it('answers a signed PUT over 5 MB (streamed, no Content-Length) with 413, then serves the next request', async () => {
    const outcome = await exchange(
      `PUT ${await signedUploadPath()} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunked(Array.from({ length: 7 }, () => Buffer.alloc(MB, 1))),
    );
    expect(outcome.status).toBe(413);
    expect(outcome.next).toBe('answered');
  });

  it('answers a signed PUT announcing more than 5 MB with 413, then serves the next request', async () => {
    const outcome = await exchange(
      `PUT ${await signedUploadPath()} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${6 * MB}\r\n\r\n`,
      Buffer.alloc(6 * MB, 1),
    );
    expect(outcome.status).toBe(413);
    expect(outcome.next).toBe('answered');
  });

  it('stops reading a streamed refused body once it passes the bound, and closes', async () => {
    const outcome = await exchange(
      `PUT ${await signedUploadPath()} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunked(Array.from({ length: 24 }, () => Buffer.alloc(MB, 1))),
      { answerRequired: false },
    );
    expect(outcome.next).toBe('closed');
  });

  it('closes, rather than reads, a refused body announced far over the limit', async () => {
    const outcome = await exchange(
      `PUT ${await signedUploadPath()} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${64 * MB}\r\n\r\n`,
      Buffer.alloc(MB, 1),
    );
    expect(outcome.status).toBe(413);
    expect(outcome.headers).toContain('connection: close');
    expect(outcome.next).toBe('closed');
  });
});
