import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// GET s3/sts through the real AWS SDK against a local stand-in of STS that speaks its query protocol
// (a form-encoded POST, an XML answer), as the S3 adapter is tested against s3rver.

const requests: URLSearchParams[] = [];
let sts: http.Server;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  sts = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const expiration = new Date(Date.now() + Number(form.get('DurationSeconds')) * 1000).toISOString();
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(`<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleResult>
    <Credentials>
      <AccessKeyId>ASIATEMPORARY${requests.length}</AccessKeyId>
      <SecretAccessKey>temporary-secret</SecretAccessKey>
      <SessionToken>session-token-${requests.length}</SessionToken>
      <Expiration>${expiration}</Expiration>
    </Credentials>
    <AssumedRoleUser><AssumedRoleId>AROA:logo-uploads</AssumedRoleId><Arn>arn:aws:sts::123456789012:assumed-role/logos/logo-uploads</Arn></AssumedRoleUser>
  </AssumeRoleResult>
  <ResponseMetadata><RequestId>stand-in</RequestId></ResponseMetadata>
</AssumeRoleResponse>`);
    });
  });
  await new Promise<void>((resolve) => sts.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    S3_BUCKET: 'tournament-objects',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIASITE',
    S3_SECRET_ACCESS_KEY: 'site-secret',
    S3_STS_ROLE_ARN: 'arn:aws:iam::123456789012:role/logos',
    S3_STS_ENDPOINT: `http://127.0.0.1:${(sts.address() as AddressInfo).port}`,
  });
  cookie = await t.login();
});

afterAll(async () => {
  await new Promise((resolve) => sts?.close(resolve));
});

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/companion/s3/sts', headers });

describe('GET s3/sts with a role to assume', () => {
  it('answers temporary credentials, the bucket and region, from one AssumeRole narrowed to raw uploads', async () => {
    const response = await get({ cookie });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { credentials: Record<string, string>; bucket: string; region: string };
    expect(body).toMatchObject({
      bucket: 'tournament-objects',
      region: 'eu-west-1',
      credentials: { AccessKeyId: 'ASIATEMPORARY1', SecretAccessKey: 'temporary-secret', SessionToken: 'session-token-1' },
    });
    expect(Date.parse(body.credentials.Expiration)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const [call] = requests;
    expect(call.get('Action')).toBe('AssumeRole');
    expect(call.get('RoleArn')).toBe('arn:aws:iam::123456789012:role/logos');
    expect(call.get('DurationSeconds')).toBe('900');
    const policy = JSON.parse(call.get('Policy')!) as { Statement: { Resource: string; Action: string[] }[] };
    expect(policy.Statement[0].Resource).toBe('arn:aws:s3:::tournament-objects/incoming/*');
    expect(policy.Statement[0].Action).toContain('s3:PutObject');
  });

  it('hands out the same credentials until five minutes before they expire, then asks again', async () => {
    const before = requests.length;
    expect((await get({ cookie })).json()).toMatchObject({ credentials: { SessionToken: 'session-token-1' } });
    expect(requests.length).toBe(before);
    t.clock.advance(11 * 60_000);
    const renewed = await get({ cookie: await t.login() });
    expect(renewed.json()).toMatchObject({ credentials: { SessionToken: `session-token-${before + 1}` } });
    expect(requests.length).toBe(before + 1);
  });

  it('answers 401 without a session and 403 to a role that cannot upload logos', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get({ cookie: await t.loginAs('staff') })).statusCode).toBe(403);
  });
});
