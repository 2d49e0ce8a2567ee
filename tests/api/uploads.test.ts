import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pathOf, pngClaimingSize, pngHtmlPolyglot, pngImage, svgWithScript } from '../support/upload-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The local disk adapter, which buildApp uses (in a temporary folder) when given no storage.

let t: TestApp;
let cookie: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

async function uploadLogo(bytes: Buffer, field = 'logo', type = 'image/png') {
  const { payload, headers } = await multipartBody(field, bytes, 'logo.png', type);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-logo',
    payload,
    headers,
  });
}

async function getObject(url: string) {
  return t.app.inject({ method: 'GET', url });
}

/** The admin flow up to the raw upload: a signed URL from /api/objects/upload, the bytes PUT to it. */
async function uploadThroughSignedUrl(bytes: Buffer, contentType = 'image/png') {
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    payload: {},
  });
  expect(signed.statusCode).toBe(200);
  const { uploadURL } = signed.json() as { uploadURL: string };
  const put = await t.app.inject({
    method: 'PUT',
    url: pathOf(uploadURL),
    payload: bytes,
    headers: { 'content-type': contentType },
  });
  return { uploadURL, put };
}

describe('POST /api/upload-logo (registration wizard)', () => {
  it('stores a re-encoded logo under a random key and serves it with its type and nosniff', async () => {
    const response = await uploadLogo(await pngImage(64, 48));
    expect(response.statusCode).toBe(201);
    const { logoUrl } = response.json() as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/objects\/logos\/[a-f0-9]{32}\.webp$/);

    const object = await getObject(logoUrl);
    expect(object.statusCode).toBe(200);
    expect(object.headers['content-type']).toBe('image/webp');
    expect(object.headers['x-content-type-options']).toBe('nosniff');
    expect(object.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(object.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });

    const again = await uploadLogo(await pngImage(64, 48));
    expect((again.json() as { logoUrl: string }).logoUrl).not.toBe(logoUrl);
  });

  it('bounds the logo inside 512 x 512', async () => {
    const response = await uploadLogo(await pngImage(1200, 600));
    const object = await getObject((response.json() as { logoUrl: string }).logoUrl);
    expect(await sharp(object.rawPayload).metadata()).toMatchObject({
      width: 512,
      height: 256,
    });
  });

  it('accepts JPEG, WebP, GIF and AVIF', async () => {
    const base = sharp({
      create: { width: 20, height: 20, channels: 3, background: '#336699' },
    });
    for (const bytes of [
      await base.clone().jpeg().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      expect((await uploadLogo(bytes, 'logo', 'application/octet-stream')).statusCode).toBe(201);
    }
  });

  it('turns a photo upright by its EXIF orientation and drops the metadata', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'captain@example.com' } } })
      .toBuffer();
    const response = await uploadLogo(sideways);
    const object = await getObject((response.json() as { logoUrl: string }).logoUrl);
    const metadata = await sharp(object.rawPayload).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(object.rawPayload.toString('latin1')).not.toContain('captain@example.com');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(6 * MB)]);
    const response = await uploadLogo(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Logo must be 5 MB or smaller' });
  });

  it('accepts a file of exactly 5 MB as far as size goes', async () => {
    const image = await pngImage();
    const exact = Buffer.concat([image, Buffer.alloc(5 * MB - image.length)]);
    expect(exact.length).toBe(5242880);
    expect((await uploadLogo(exact)).statusCode).toBe(201);
  });

  it('refuses SVG (with a script) with 415, whatever type the browser claims', async () => {
    const response = await uploadLogo(svgWithScript, 'logo', 'image/svg+xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'Only PNG, JPEG, WebP, GIF or AVIF images are accepted',
    });
    expect((await uploadLogo(svgWithScript, 'logo', 'image/png')).statusCode).toBe(415);
  });

  it('refuses other files: HTML, text, PDF, empty, a damaged PNG', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    for (const bytes of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('just text'), pdf]) {
      const response = await uploadLogo(bytes);
      expect(response.statusCode).toBe(415);
    }
    expect((await uploadLogo(Buffer.alloc(0))).statusCode).toBe(400);
    const damaged = (await pngImage(300, 300)).subarray(0, 80);
    const response = await uploadLogo(damaged);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/could not be read/);
  });

  it('re-encodes a PNG/HTML polyglot into a clean image', async () => {
    const polyglot = await pngHtmlPolyglot();
    const response = await uploadLogo(polyglot);
    expect(response.statusCode).toBe(201);
    const object = await getObject((response.json() as { logoUrl: string }).logoUrl);
    expect(object.rawPayload.equals(polyglot)).toBe(false);
    expect(object.rawPayload.toString('latin1')).not.toContain('<script');
    expect(object.rawPayload.toString('latin1')).not.toContain('<html');
    expect((await sharp(object.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a decompression bomb (a 20000 x 20000 header in a tiny file) without decoding it', async () => {
    const bomb = pngClaimingSize(20000, 20000);
    expect(bomb.length).toBeLessThan(1024);
    const started = Date.now();
    const response = await uploadLogo(bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/at most 40 megapixels/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 415 to a body that is not multipart and 400 to a missing or misnamed field', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload-logo',
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/upload-logo',
      payload: await pngImage(),
      headers: { 'content-type': 'image/png' },
    });
    expect(raw.statusCode).toBe(415);
    const misnamed = await uploadLogo(await pngImage(), 'file');
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().error).toBe('Send the logo in the form field "logo"');
    const form = new FormData();
    form.append('teamName', 'No Logo');
    const empty = new Response(form);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/upload-logo',
      payload: Buffer.from(await empty.arrayBuffer()),
      headers: { 'content-type': empty.headers.get('content-type')! },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Choose a logo image to upload');
  });

  it('answers 4xx, never 500, to broken multipart bodies', async () => {
    const { payload, headers } = await multipartBody('logo', await pngImage());
    const cases: [string, Buffer | string, Record<string, string>][] = [
      ['truncated', payload.subarray(0, payload.length - 30), headers],
      ['cut in the headers', payload.subarray(0, 60), headers],
      ['no boundary', payload, { 'content-type': 'multipart/form-data' }],
      ['wrong boundary', payload, { 'content-type': 'multipart/form-data; boundary=nope' }],
      ['garbage', 'garbage', headers],
      ['empty', '', headers],
    ];
    for (const [name, body, requestHeaders] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/upload-logo', payload: body, headers: requestHeaders });
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
    }
  });

  it('refuses a cross-site upload', async () => {
    const { payload, headers } = await multipartBody('logo', await pngImage());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload-logo',
      payload,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/upload-logo rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'on' });
  });

  it('limits uploads per address', async () => {
    const { payload, headers } = await multipartBody('logo', svgWithScript);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/upload-logo', payload, headers })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 415)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('GET /objects/*', () => {
  it('answers 404 for unknown keys, raw uploads and anything that looks like a path trick', async () => {
    const { uploadURL, put } = await uploadThroughSignedUrl(await pngImage());
    expect(put.statusCode).toBe(200);
    const incomingKey = new URL(uploadURL).pathname.replace('/api/uploads/', '');
    for (const url of [
      '/objects/logos/00000000000000000000000000000000.webp',
      `/objects/${incomingKey}`,
      '/objects/../package.json',
      '/objects/%2e%2e/%2e%2e/package.json',
      '/objects/logos/',
      '/objects/',
    ]) {
      const response = await getObject(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('admin logo upload on local disk (signed URL to the app itself)', () => {
  it('runs end to end: signed URL, PUT, team-logos, object served', async () => {
    const { uploadURL, put } = await uploadThroughSignedUrl(await pngImage(800, 400));
    expect(uploadURL).toMatch(/^http:\/\/localhost:80\/api\/uploads\/incoming\/[a-f0-9]{32}\?expires=\d+&sig=[a-f0-9]{64}$/);
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).toMatch(/^"[a-f0-9]{32}"$/);

    // Uppy reports the URL without its query as the upload's location.
    const location = uploadURL.split('?')[0];
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: { logoImageURL: location },
    });
    expect(logo.statusCode).toBe(200);
    const { objectPath } = logo.json() as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/logos\/[a-f0-9]{32}\.webp$/);
    // The Activity tab says who uploaded it.
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=1', headers: { cookie } });
    expect(audit.json().entries[0]).toMatchObject({ action: 'upload.logo', actor: 'organizer', targetId: objectPath });
    const object = await getObject(objectPath);
    expect(object.headers['content-type']).toBe('image/webp');
    expect(object.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(object.rawPayload).metadata()).toMatchObject({
      width: 512,
      height: 256,
    });

    // The raw upload is gone once it became a logo.
    const twice = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: { logoImageURL: uploadURL },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('accepts the PUT from the browser: same origin, no session needed', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie, origin: 'http://localhost:5000' },
    });
    expect(signed.statusCode).toBe(200);
    const { uploadURL } = signed.json() as { uploadURL: string };
    const put = await t.app.inject({
      method: 'PUT',
      url: pathOf(uploadURL),
      payload: await pngImage(),
      headers: { 'content-type': 'image/png', origin: 'http://localhost:5000' },
    });
    expect(put.statusCode).toBe(200);
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: pathOf(uploadURL),
      payload: await pngImage(),
      headers: { 'content-type': 'image/png', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('refuses a tampered, missing or reused-for-another-key signature with 403', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie },
    });
    const url = new URL((signed.json() as { uploadURL: string }).uploadURL);
    const sig = url.searchParams.get('sig')!;
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const otherKey = new URL(url);
    otherKey.pathname = '/api/uploads/incoming/0123456789abcdef0123456789abcdef';
    for (const target of [tampered, longer, otherKey]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: pathOf(target.toString()),
        payload: await pngImage(),
        headers: { 'content-type': 'image/png' },
      });
      expect(response.statusCode, target.toString()).toBe(403);
      expect(response.json().error).toBe('This upload link is not valid. Request a new one.');
    }
    const unsigned = await t.app.inject({
      method: 'PUT',
      url: url.pathname,
      payload: await pngImage(),
      headers: { 'content-type': 'image/png' },
    });
    expect(unsigned.statusCode).toBe(403);
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/logos/x.webp${url.search}`,
      payload: await pngImage(),
      headers: { 'content-type': 'image/png' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses an expired signature with 403', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie },
    });
    const { uploadURL } = signed.json() as { uploadURL: string };
    t.clock.advance(11 * 60_000);
    try {
      const response = await t.app.inject({
        method: 'PUT',
        url: pathOf(uploadURL),
        payload: await pngImage(),
        headers: { 'content-type': 'image/png' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('This upload link has expired. Request a new one.');
    } finally {
      t.clock.set(new Date());
    }
  });

  it('refuses a raw upload over 5 MB while receiving it, with or without a Content-Length', async () => {
    const { put } = await uploadThroughSignedUrl(Buffer.alloc(6 * MB));
    expect(put.statusCode).toBe(413);
    expect(put.json().error).toBe('Uploads must be 5 MB or smaller');

    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie },
    });
    const { Readable } = await import('node:stream');
    const chunks = Array.from({ length: 7 }, () => Buffer.alloc(MB, 1));
    const streamed = await t.app.inject({
      method: 'PUT',
      url: pathOf((signed.json() as { uploadURL: string }).uploadURL),
      payload: Readable.from(chunks),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(streamed.statusCode).toBe(413);
  });

  it('refuses to turn a non-image upload into a logo (415), and a URL that is not an upload (400)', async () => {
    const { uploadURL, put } = await uploadThroughSignedUrl(svgWithScript, 'image/svg+xml');
    expect(put.statusCode).toBe(200);
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: { logoImageURL: uploadURL },
    });
    expect(logo.statusCode).toBe(415);
    expect(logo.json().error).toBe('Only PNG, JPEG, WebP, GIF or AVIF images are accepted');

    for (const logoImageURL of ['https://evil.example/x.png', '/objects/logos/0123456789abcdef0123456789abcdef.webp', 'not a url at all', '']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/team-logos',
        headers: { cookie },
        payload: { logoImageURL },
      });
      expect(response.statusCode, logoImageURL).toBe(400);
    }
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: {
        logoImageURL: '/api/uploads/incoming/0123456789abcdef0123456789abcdef',
      },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('companion signing endpoints on local disk', () => {
  it('signs a single-request upload for Uppy', async () => {
    const params = await t.app.inject({
      method: 'GET',
      url: '/api/companion/s3/params?filename=team.png&type=image%2Fpng',
      headers: { cookie },
    });
    expect(params.statusCode).toBe(200);
    const body = params.json() as {
      method: string;
      url: string;
      fields: object;
      headers: Record<string, string>;
    };
    expect(body).toMatchObject({
      method: 'PUT',
      fields: {},
      headers: { 'content-type': 'image/png' },
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: pathOf(body.url),
      payload: await pngImage(),
      headers: body.headers,
    });
    expect(put.statusCode).toBe(200);
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: { logoImageURL: body.url },
    });
    expect(logo.statusCode).toBe(200);
  });

  it('refuses to sign uploads of types that are not accepted images', async () => {
    const svg = await t.app.inject({
      method: 'GET',
      url: '/api/companion/s3/params?filename=x.svg&type=image%2Fsvg%2Bxml',
      headers: { cookie },
    });
    expect(svg.statusCode).toBe(415);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/companion/s3/params?filename=x.png',
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(400);
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/companion/s3/multipart',
      headers: { cookie },
      payload: { filename: 'x.html', type: 'text/html' },
    });
    expect(multipart.statusCode).toBe(415);
  });

  it('runs a multipart upload: create, sign and PUT parts, list, complete, then a logo', async () => {
    const image = await pngImage(300, 300);
    const halves = [image.subarray(0, 500), image.subarray(500)];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companion/s3/multipart',
      headers: { cookie },
      payload: { filename: 'team.png', type: 'image/png', metadata: {} },
    });
    expect(created.statusCode).toBe(200);
    const { key, uploadId } = created.json() as {
      key: string;
      uploadId: string;
    };
    expect(key).toMatch(/^incoming\/[a-f0-9]{32}$/);

    const parts: { PartNumber: number; ETag: string }[] = [];
    for (const [index, bytes] of halves.entries()) {
      const signed = await t.app.inject({
        method: 'GET',
        url: `/api/companion/s3/multipart/${uploadId}/${index + 1}?key=${encodeURIComponent(key)}`,
        headers: { cookie },
      });
      expect(signed.statusCode).toBe(200);
      const put = await t.app.inject({
        method: 'PUT',
        url: pathOf((signed.json() as { url: string }).url),
        payload: bytes,
      });
      expect(put.statusCode).toBe(200);
      parts.push({ PartNumber: index + 1, ETag: put.headers.etag as string });
    }

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`,
      headers: { cookie },
    });
    expect(listed.json()).toEqual(parts.map((part, i) => ({ ...part, Size: halves[i].length })));

    const badOrder = await t.app.inject({
      method: 'POST',
      url: `/api/companion/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      headers: { cookie },
      payload: { parts: [...parts].reverse() },
    });
    expect(badOrder.statusCode).toBe(400);
    const badEtag = await t.app.inject({
      method: 'POST',
      url: `/api/companion/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      headers: { cookie },
      payload: { parts: [{ ...parts[0], ETag: '"nope"' }, parts[1]] },
    });
    expect(badEtag.statusCode).toBe(400);

    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/companion/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      headers: { cookie },
      payload: { parts },
    });
    expect(completed.statusCode).toBe(200);
    const { location } = completed.json() as { location: string };
    expect(location).toBe(`/api/uploads/${key}`);

    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: { logoImageURL: location },
    });
    expect(logo.statusCode).toBe(200);
    const object = await getObject((logo.json() as { objectPath: string }).objectPath);
    expect(await sharp(object.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 300,
    });

    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps a multipart upload within 5 MB in total', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companion/s3/multipart',
      headers: { cookie },
      payload: { filename: 'big.png', type: 'image/png' },
    });
    const { key, uploadId } = created.json() as {
      key: string;
      uploadId: string;
    };
    const sign = async (n: number) =>
      pathOf(
        (
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/companion/s3/multipart/${uploadId}/${n}?key=${encodeURIComponent(key)}`,
              headers: { cookie },
            })
          ).json() as { url: string }
        ).url,
      );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: await sign(1),
          payload: Buffer.alloc(4 * MB),
        })
      ).statusCode,
    ).toBe(200);
    const second = await t.app.inject({
      method: 'PUT',
      url: await sign(2),
      payload: Buffer.alloc(2 * MB),
    });
    expect(second.statusCode).toBe(413);
  });

  it('aborts a multipart upload', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companion/s3/multipart',
      headers: { cookie },
      payload: { filename: 'x.png', type: 'image/png' },
    });
    const { key, uploadId } = created.json() as {
      key: string;
      uploadId: string;
    };
    const aborted = await t.app.inject({
      method: 'DELETE',
      url: `/api/companion/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`,
      headers: { cookie },
    });
    expect(aborted.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/companion/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it('says what a multipart call is missing, and never signs a key that is not an upload', async () => {
    const uploadId = '0123456789abcdef0123456789abcdef';
    const noKey = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}/1`,
      headers: { cookie },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error).toBe('Signing a multipart part needs key, uploadId and partNumber');
    const badPart = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}/0?key=incoming%2F${uploadId}`,
      headers: { cookie },
    });
    expect(badPart.statusCode).toBe(400);
    const foreignKey = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}/1?key=logos%2Fx.webp`,
      headers: { cookie },
    });
    expect(foreignKey.statusCode).toBe(400);
    expect(foreignKey.json().error).toBe('Not a valid upload key');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}/1?key=incoming%2F${uploadId}`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const noParts = await t.app.inject({
      method: 'POST',
      url: `/api/companion/s3/multipart/${uploadId}/complete?key=incoming%2F${uploadId}`,
      headers: { cookie },
      payload: {},
    });
    expect(noParts.statusCode).toBe(400);
    expect(noParts.json().error).toBe('Completing a multipart upload needs key, uploadId and parts');
    const listNoKey = await t.app.inject({
      method: 'GET',
      url: `/api/companion/s3/multipart/${uploadId}`,
      headers: { cookie },
    });
    expect(listNoKey.json().error).toBe('Listing parts needs key and uploadId');
  });
});

describe('admin upload routes', () => {
  const adminRoutes: [string, string, unknown?][] = [
    ['POST', '/api/objects/upload', {}],
    [
      'PUT',
      '/api/team-logos',
      {
        logoImageURL: '/api/uploads/incoming/0123456789abcdef0123456789abcdef',
      },
    ],
    ['GET', '/api/companion/s3/params?filename=a.png&type=image%2Fpng'],
    ['POST', '/api/companion/s3/multipart', { filename: 'a.png', type: 'image/png' }],
    ['GET', '/api/companion/s3/multipart/abc?key=incoming%2F0123456789abcdef0123456789abcdef'],
    ['GET', '/api/companion/s3/multipart/abc/1?key=incoming%2F0123456789abcdef0123456789abcdef'],
    ['POST', '/api/companion/s3/multipart/abc/complete?key=incoming%2F0123456789abcdef0123456789abcdef', { parts: [{ PartNumber: 1, ETag: 'x' }] }],
    ['DELETE', '/api/companion/s3/multipart/abc?key=incoming%2F0123456789abcdef0123456789abcdef'],
  ];

  it('answer 401 without a session', async () => {
    for (const [method, url, payload] of adminRoutes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        payload: payload as object,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answer 403 to a cross-site request, even with a session', async () => {
    for (const [method, url, payload] of adminRoutes.filter(([method]) => method !== 'GET')) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        payload: payload as object,
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
