import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { expect, it } from 'vitest';
import { openApiPaths } from '../../src/server/http/openapi.js';
import { createTestApp } from '../support/test-app.js';

it("passes Spectral's spectral:oas ruleset without an error or a warning", async () => {
  const t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: openApiPaths.document })).json();
  const spectral = new Spectral();
  // The rulesets package's own type misses `extends`, though the ruleset is whole.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const results = await spectral.run(JSON.stringify(document));
  // 0 is an error, 1 a warning: each listed with its rule and where, so a failure says what to fix.
  const findings = results.filter((result) => result.severity <= 1).map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`);
  expect(findings).toEqual([]);
});
