import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../src/server/uploads/s3.js';
import { createAppWithStorage, pngHtmlPolyglot, pngImage, svgWithScript, multipartBody } from '../support/upload-fixtures.js';

// The S3 adapter through the real AWS SDK against s3rver, a local S3-compatible server. s3rver checks
// neither signatures nor sizes, so what is tested here is our side: keys, presigned URLs the SDK
// makes, the sniffing and size checks before an upload becomes a logo, and serving from the bucket.

const bucket = 'tournament-objects';
const MB = 1024 * 1024;
let directory: string;
let server: S3rver;
let endpoint: string;
let t: Awaited<ReturnType<typeof createAppWithStorage>>;
let cookie: string;
let s3: S3Client;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  t = await createAppWithStorage(() => createS3Storage({ bucket, endpoint, region: 'us-east-1', ...credentials }));
  cookie = await t.login();
});

afterAll(async () => {
  s3?.destroy();
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(`/${bucket}/`, '');

async function signedUpload() {
  const response = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { uploadURL: string; method: 'PUT' };
}

describe('S3 storage', () => {
  it('stores the wizard logo in the bucket and streams it from /objects with its type and nosniff', async () => {
    const { payload, headers } = await multipartBody('logo', await pngHtmlPolyglot());
    const response = await t.app.inject({ method: 'POST', url: '/api/upload-logo', payload, headers });
    expect(response.statusCode).toBe(201);
    const { logoUrl } = response.json() as { logoUrl: string };
    const key = logoUrl.replace('/objects/', '');

    const stored = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(stored.ContentType).toBe('image/webp');

    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.toString('latin1')).not.toContain('<script');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    expect((await t.app.inject({ method: 'GET', url: '/objects/logos/0123456789abcdef0123456789abcdef.webp' })).statusCode).toBe(404);
  });

  it('hands out a presigned PUT to the bucket; the upload becomes a logo and the raw file is removed', async () => {
    const { uploadURL, method } = await signedUpload();
    expect(method).toBe('PUT');
    expect(uploadURL.startsWith(`${endpoint}/${bucket}/incoming/`)).toBe(true);
    expect(uploadURL).toContain('X-Amz-Signature=');
    // No checksum of an empty body baked into the URL: a real S3 would refuse the upload.
    expect(uploadURL).not.toContain('x-amz-checksum');

    const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(await pngImage(640, 640)), headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);

    const logo = await t.app.inject({ method: 'PUT', url: '/api/team-logos', headers: { cookie }, payload: { logoImageURL: uploadURL.split('?')[0] } });
    expect(logo.statusCode).toBe(200);
    const { objectPath } = logo.json() as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/logos\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });

    await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(uploadURL) }))).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('checks size and type on our side before an upload becomes a logo', async () => {
    const big = await signedUpload();
    await fetch(big.uploadURL, { method: 'PUT', body: new Uint8Array(Buffer.concat([await pngImage(), Buffer.alloc(6 * MB)])) });
    const tooLarge = await t.app.inject({ method: 'PUT', url: '/api/team-logos', headers: { cookie }, payload: { logoImageURL: big.uploadURL } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('Logo must be 5 MB or smaller');

    const svg = await signedUpload();
    await fetch(svg.uploadURL, { method: 'PUT', body: new Uint8Array(svgWithScript), headers: { 'content-type': 'image/png' } });
    const notImage = await t.app.inject({ method: 'PUT', url: '/api/team-logos', headers: { cookie }, payload: { logoImageURL: svg.uploadURL } });
    expect(notImage.statusCode).toBe(415);

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/team-logos',
      headers: { cookie },
      payload: { logoImageURL: (await signedUpload()).uploadURL },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('never serves raw uploads, even ones that exist in the bucket', async () => {
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'incoming/0123456789abcdef0123456789abcdef', Body: '<script>alert(1)</script>', ContentType: 'text/html' }),
    );
    const response = await t.app.inject({ method: 'GET', url: '/objects/incoming/0123456789abcdef0123456789abcdef' });
    expect(response.statusCode).toBe(404);
  });

  it('signs single-request and multipart uploads for Uppy against the bucket', async () => {
    const params = await t.app.inject({ method: 'GET', url: '/api/companion/s3/params?filename=a.png&type=image%2Fpng', headers: { cookie } });
    expect(params.statusCode).toBe(200);
    const single = params.json() as { method: string; url: string; fields: object; headers: Record<string, string> };
    expect(single).toMatchObject({ method: 'PUT', fields: {}, headers: { 'content-type': 'image/png' } });
    expect((await fetch(single.url, { method: 'PUT', body: new Uint8Array(await pngImage()), headers: single.headers })).status).toBe(200);
    const stored = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(single.url) }));
    expect(stored.ContentType).toBe('image/png');

    const image = await pngImage(200, 100);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companion/s3/multipart',
      headers: { cookie },
      payload: { filename: 'a.png', type: 'image/png', metadata: {} },
    });
    expect(created.statusCode).toBe(200);
    const { key, uploadId } = created.json() as { key: string; uploadId: string };
    expect(key).toMatch(/^incoming\/[a-f0-9]{32}$/);
    const part = await t.app.inject({ method: 'GET', url: `/api/companion/s3/multipart/${uploadId}/1?key=${encodeURIComponent(key)}`, headers: { cookie } });
    expect(part.statusCode).toBe(200);
    const put = await fetch((part.json() as { url: string }).url, { method: 'PUT', body: new Uint8Array(image) });
    expect(put.status).toBe(200);
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/companion/s3/multipart/${uploadId}/complete?key=${encodeURIComponent(key)}`,
      headers: { cookie },
      payload: { parts: [{ PartNumber: 1, ETag: put.headers.get('etag') }] },
    });
    expect(completed.statusCode).toBe(200);
    const { location } = completed.json() as { location: string };
    const logo = await t.app.inject({ method: 'PUT', url: '/api/team-logos', headers: { cookie }, payload: { logoImageURL: location } });
    expect(logo.statusCode).toBe(200);

    // s3rver implements neither ListParts nor AbortMultipartUpload (405): those are covered below
    // against a stand-in that answers with S3's errors, and end to end on local disk.
  });

  it('maps S3 "no such key/upload" answers to 404 or a missing object, through the SDK', async () => {
    // A stand-in answering every request the way S3 does for an unknown key or upload id.
    const errors = http.createServer((request, response) => {
      request.resume();
      const code = new URL(request.url!, 'http://x').searchParams.has('uploadId') ? 'NoSuchUpload' : 'NoSuchKey';
      response.writeHead(404, { 'content-type': 'application/xml', 'x-amz-request-id': 'test' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>Not there</Message><RequestId>test</RequestId></Error>`);
    });
    await new Promise<void>((resolve) => errors.listen(0, '127.0.0.1', resolve));
    const storage = createS3Storage({
      bucket,
      endpoint: `http://127.0.0.1:${(errors.address() as AddressInfo).port}`,
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    try {
      const key = 'incoming/0123456789abcdef0123456789abcdef';
      expect(await storage.get(key)).toBeNull();
      await expect(storage.listParts(key, 'gone')).rejects.toMatchObject({ code: 'not_found' });
      await expect(storage.completeMultipartUpload(key, 'gone', [{ PartNumber: 1, ETag: '"x"' }])).rejects.toMatchObject({ code: 'not_found' });
      await expect(storage.abortMultipartUpload(key, 'gone')).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await storage.close?.();
      errors.close();
    }
  });
});
