import { can } from '../../../shared/permissions.js';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Actor } from '../../audit/log.js';
import { SESSION_COOKIE } from '../../auth/guard.js';
import type { SessionUser } from '../../auth/service.js';
import { AppError } from '../../http/errors.js';
import { downloadImage, type DownloadLimits } from './download.js';
import type { FetchPolicy } from './safe-fetch.js';
import { urlFromToken } from './token.js';

export interface ImportSocketOptions {
  /** Where the sockets live: Companion's `/api/{token}` under the companion URL. */
  pathPrefix: string;
  publicOrigin: string;
  resolveSession: (token: string) => Promise<SessionUser | null>;
  policy: FetchPolicy;
  limits?: DownloadLimits;
  /** Turns the downloaded bytes into a logo (sniffed, re-encoded, stored) and records it. */
  storeLogo: (bytes: Buffer, actor: Actor) => Promise<{ objectPath: string }>;
}

type ClientAction = 'pause' | 'resume' | 'cancel';
const send = (socket: WebSocket, action: 'progress' | 'success' | 'error', payload: unknown) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ action, payload }));
};

/**
 * Companion's remote-file websocket (what @uppy/core's RequestClient expects): the server sends
 * `{ action: 'progress' | 'success' | 'error', payload }`, the client may send pause, resume and
 * cancel. The token carries the address; the socket itself needs the organizer's session and the
 * site's origin, so any process behind the proxy can serve it and a stolen token is worth nothing.
 */
export function attachImportSocket(app: FastifyInstance, options: ImportSocketOptions): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });

  async function authorize(request: IncomingMessage): Promise<SessionUser | null> {
    const origin = request.headers.origin;
    if (origin) {
      let parsed: URL | null = null;
      try {
        parsed = new URL(origin);
      } catch {
        return null;
      }
      if (parsed.origin !== options.publicOrigin && parsed.host !== request.headers.host) return null;
    }
    const token = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    return token ? options.resolveSession(token) : null;
  }

  const refuse = (socket: Duplex, status: string) => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (!pathname.startsWith(options.pathPrefix)) return refuse(socket, '404 Not Found');
    const url = urlFromToken(pathname.slice(options.pathPrefix.length));
    if (!url) return refuse(socket, '404 Not Found');
    authorize(request).then(
      (user) => {
        if (!user) return refuse(socket, '401 Unauthorized');
        // The same permission as url/get: logos belong to whoever may edit tournaments and champions.
        if (user.mustEnrolTwoFactor || !can(user.role, 'tournaments')) return refuse(socket, '403 Forbidden');
        sockets.handleUpgrade(request, socket, head, (ws) => runImport(ws, url, user));
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'URL import socket refused');
        refuse(socket, '503 Service Unavailable');
      },
    );
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  });

  function runImport(ws: WebSocket, url: string, user: SessionUser) {
    const download = downloadImage(
      url,
      options.policy,
      ({ bytesDownloaded, bytesTotal }) => {
        const total = bytesTotal ?? bytesDownloaded;
        send(ws, 'progress', { progress: ((100 * bytesDownloaded) / Math.max(total, 1)).toFixed(2), bytesUploaded: bytesDownloaded, bytesTotal: total });
      },
      options.limits,
    );
    ws.on('message', (data) => {
      let action: ClientAction | undefined;
      try {
        action = (JSON.parse(String(data)) as { action?: ClientAction }).action;
      } catch {
        return;
      }
      if (action === 'pause') download.pause();
      else if (action === 'resume') download.resume();
      else if (action === 'cancel') {
        download.cancel();
        ws.close(1000);
      }
    });
    // The browser going away ends the download too.
    ws.on('close', () => download.cancel());

    const actor: Actor = { userId: user.id, username: user.username, requestId: crypto.randomUUID() };
    download.done
      .then((bytes) => options.storeLogo(bytes, actor))
      .then(
        ({ objectPath }) => {
          // Uppy parses responseText as the upload's response body; `url` becomes its uploadURL.
          send(ws, 'success', { url: objectPath, response: { status: 200, responseText: JSON.stringify({ objectPath }) } });
          ws.close(1000);
        },
        (error: unknown) => {
          if (!(error instanceof AppError)) app.log.error({ err: error }, 'URL import failed');
          const message = error instanceof AppError ? error.message : 'The import failed on our side. Please try again.';
          send(ws, 'error', { error: { message } });
          ws.close(1000);
        },
      );
  }
}
