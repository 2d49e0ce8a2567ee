import { describe, expect, it } from 'vitest';
import { legalTextsVersion } from '../../src/shared/legal-version';
// @ts-expect-error: a plain script, no types
import { legalVersion } from '../../scripts/legal-version.mjs';

describe('the version of the legal texts stored with consent', () => {
  it('matches the sources of the terms, refund policy, privacy policy and rules', () => {
    // After editing a legal page, paste the value printed by `node scripts/legal-version.mjs` into src/shared/legal-version.ts.
    expect(legalTextsVersion).toBe(legalVersion());
  });
});
