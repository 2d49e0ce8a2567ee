import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { untranslatedText } from './eslint-untranslated-text.js';

// Dependencies point one way: shared imports neither side; server and web never import each other.
const boundary = (from, forbidden, message, paths = []) => ({
  files: [`src/${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', { paths, patterns: forbidden.map((dir) => ({ group: [`**/${dir}/**`, `**/${dir}`], message })) }],
  },
});

// React's Node renderers run each render inside an AsyncLocalStorage: from the first page on, Node 20
// then calls a promise hook on every promise of every request. The browser builds render the same HTML.
const nodeRendererMessage = "Render with React's browser build (react-dom/static.browser or react-dom/server.browser): the Node build turns on a process-wide promise hook.";
const nodeRenderers = ['react-dom/static', 'react-dom/static.node', 'react-dom/server', 'react-dom/server.node'].map((name) => ({ name, message: nodeRendererMessage }));

/** Where a person reads what the code writes: every component of the web client, and the captain's mail. */
const translatedFiles = ['src/web/**/*.tsx', 'src/server/mail/**/*.tsx'];

const apiPathMessage = 'Call the API through its declaration in src/shared/api (callApi, endpointUrl, queryKeyOf), not a hand-typed /api/ path.';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', '.tmp/**', 'backups/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // TypeScript checks names; the scripts run on Node and in the browser alike.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  boundary('shared', ['server', 'web'], 'src/shared is pure: it imports neither the server nor the web client.'),
  boundary('server', ['web'], 'The server never imports the web client.'),
  boundary('web', ['server'], 'The web client never imports the server; share code through src/shared.', nodeRenderers),
  // The web client reaches the API through its declarations (src/shared/api: callApi, endpointUrl,
  // queryKeyOf), so a path typed by hand cannot drift from the route the server registers.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: apiPathMessage },
        { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]', message: apiPathMessage },
      ],
    },
  },
  // Every text a person reads comes from the catalogs (src/shared/i18n, docs/translating.md).
  {
    files: translatedFiles,
    plugins: { local: { rules: { 'untranslated-text': untranslatedText } } },
    rules: { 'local/untranslated-text': 'error' },
  },
);
