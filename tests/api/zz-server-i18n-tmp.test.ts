import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
it('answers refusals in the request language', async () => {
  for (const lang of ['es', 'pt-BR', 'en']) {
    const r = await t.app.inject({ method: 'GET', url: '/api/tournaments/00000000-0000-0000-0000-000000000000', headers: { 'accept-language': lang } });
    const s = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'accept-language': lang } });
    console.log(lang, r.statusCode, r.body, s.statusCode, s.body);
  }
  expect(true).toBe(true);
});
