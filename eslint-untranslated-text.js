/**
 * A text a person reads, written in a component outside the catalogs: JSX text with words, or a
 * string literal in an attribute that is read (aria-label, title, placeholder, alt, label). Write it
 * as `t('…')` (src/web/i18n/i18n.tsx) so every language has it. Brand names and symbols pass.
 */
const readAttributes = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
// Words that are the same in every language: names of things, not sentences.
const sameEverywhere = /^(?:Discord|YouTube|Twitch|TikTok|Riot ID|VALORANT|Stripe|OpenAPI|Español|English|Português \(Brasil\)|vs|VS|BO\d|TBD)$/;
const hasWords = (text) => /\p{L}{2,}/u.test(text) && !sameEverywhere.test(text.trim());

export const untranslatedText = {
  meta: { type: 'problem', messages: { literal: 'Untranslated text "{{text}}": show it through t() so the catalogs have it.' }, schema: [] },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!readAttributes.has(name) || !node.value) return;
        if (node.value.type === 'Literal' && typeof node.value.value === 'string' && hasWords(node.value.value)) report(node.value, node.value.value);
        if (node.value.type === 'JSXExpressionContainer' && node.value.expression.type === 'Literal' && typeof node.value.expression.value === 'string' && hasWords(node.value.expression.value))
          report(node.value, node.value.expression.value);
      },
    };
  },
};
