/**
 * The version of the legal texts (terms, refund policy, privacy policy, rules) that a captain accepts
 * at registration, stored with the consent. It is a hash of their sources: `node scripts/legal-version.mjs`
 * prints the current one, and a unit test fails until this line is updated after a change to them.
 */
export const legalTextsVersion = 'a7ee421665ec';
