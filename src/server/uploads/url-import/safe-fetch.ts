import dns from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { AppError } from '../../http/errors.js';
import { isPublicAddress } from './address-policy.js';
import { msg } from '../../../shared/i18n/msg.js';
import { withValues } from '../../http/message-values.js';

export const MAX_REDIRECTS = 3;

export interface FetchPolicy {
  /**
   * Test-only host mapping (URL_IMPORT_HOST_MAP, refused in production): these hostnames resolve to
   * the given address, which is then allowed even when private. Every other name is checked as usual.
   */
  hostMap: ReadonlyMap<string, string>;
  /** Resolves a hostname to its addresses; DNS by default. */
  resolve?: (hostname: string) => Promise<string[]>;
}

export const refused = (message: string) => new AppError('validation', message);
export const notAllowedMessage = msg('This address cannot be imported from: it points to a private or local network');

/** A URL the importer may fetch: http or https, no credentials, a host. Throws a 400 otherwise. */
export function parseImportUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refused(msg('Enter a full web address starting with http:// or https://'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(msg('Only http:// and https:// addresses can be imported'));
  if (url.username || url.password) throw refused(msg('Addresses with a user name or password cannot be imported'));
  if (!url.hostname) throw refused(msg('Enter a full web address starting with http:// or https://'));
  return url;
}

const defaultResolve = async (hostname: string) => (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The one address we will connect to for this URL's host: resolved once, every answer checked
 * (a name that also resolves to a private address is refused), and the connection then pinned to
 * it, so a second DNS answer (rebinding) cannot send us elsewhere.
 */
export async function pinnedAddress(url: URL, policy: FetchPolicy): Promise<string> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const mapped = policy.hostMap.get(hostname);
  if (mapped) return mapped;
  let addresses: string[];
  if (net.isIP(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(hostname);
    } catch {
      throw refused(withValues(msg('The host {hostname} could not be found'), { hostname }));
    }
  }
  if (addresses.length === 0) throw refused(withValues(msg('The host {hostname} could not be found'), { hostname }));
  if (!addresses.every(isPublicAddress)) throw refused(notAllowedMessage);
  return addresses[0];
}

export interface OpenOptions {
  method: 'GET' | 'HEAD';
  signal: AbortSignal;
  /** No byte for this long (while not paused) ends the request. */
  idleTimeoutMs: number;
  /** Told when the idle time ran out (after the response started, the stream's own error says less). */
  onIdle?: (error: AppError) => void;
}

/**
 * GETs a URL with the address rules applied to it and to each redirect (at most MAX_REDIRECTS,
 * followed by hand). Resolves with the final 2xx response, unread; refuses any other status.
 */
export async function openChecked(start: string, policy: FetchPolicy, options: OpenOptions): Promise<{ response: IncomingMessage; url: URL }> {
  let url = parseImportUrl(start);
  for (let hop = 0; ; hop += 1) {
    const address = await pinnedAddress(url, policy);
    const response = await requestPinned(url, address, options);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      if (hop >= MAX_REDIRECTS) throw refused(msg('The address redirected more than 3 times') satisfies `The address redirected more than ${typeof MAX_REDIRECTS} times`);
      url = parseImportUrl(new URL(response.headers.location, url).toString());
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw refused(withValues(msg('The server answered {status} for this address'), { status: String(status) }));
    }
    return { response, url };
  }
}

function requestPinned(url: URL, address: string, options: OpenOptions): Promise<IncomingMessage> {
  const family = net.isIP(address);
  // The socket goes to the checked address; the Host header and TLS (SNI, certificate) keep the name.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: options.method,
      lookup,
      signal: options.signal,
      agent: false,
      headers: { 'user-agent': 'tournament-site logo import', accept: 'image/*' },
    });
    request.setTimeout(options.idleTimeoutMs, () => {
      const error = refused(msg('The address took too long to answer'));
      options.onIdle?.(error);
      request.destroy(error);
    });
    request.once('response', resolve);
    request.once('error', (error) =>
      reject(
        error instanceof AppError
          ? error
          : options.signal.aborted
            ? refused(msg('The address took too long to answer'))
            : refused(msg('The address could not be reached')),
      ),
    );
    request.end();
  });
}
