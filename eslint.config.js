// One lint setup for the workspace (TypeScript 6 + typescript-eslint; see docs/decisions/0002).
// Import direction (CONVENTIONS.md): shared -> features -> app. A feature uses another only through its public
// entry point, `<feature>/index.ts`, on the server and on the web (docs/decisions/0010, ARCHITECTURE.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER = 'apps/server/src';
/** Every folder of apps/server/src is a feature, except these: so a new feature folder is covered as it lands. */
const SERVER_NOT_FEATURES = new Set(['platform', 'test', 'demo', 'cli']);
const serverFeatures = readdirSync(new URL(`./${SERVER}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !SERVER_NOT_FEATURES.has(d.name))
  .map((d) => d.name);
/** What composes the features (app.ts, main.ts, the demo sample, the CLI, test helpers) uses their entry points too. */
const SERVER_COMPOSERS = ['app.ts', 'main.ts', 'demo', 'cli', 'test'].map((p) => `${SERVER}/${p}`);
// Every folder under features/ is a feature (read, not listed, so a new one is bounded from its first commit).
const webFeaturesRoot = 'apps/web/src/features';
const webFeatures = readdirSync(new URL(webFeaturesRoot, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webFeaturePaths = webFeatures.map((f) => `${webFeaturesRoot}/${f}`);

/** A server feature's insides are its own: everyone else imports it through `index.ts`. */
const publicEntryZones = (root, features, composers) =>
  features.map((f) => ({
    target: [...features.filter((o) => o !== f).map((o) => `${root}/${o}`), ...composers],
    from: `${root}/${f}`,
    except: ['./index.ts'],
    message: `Import the ${f} feature through its public entry point, ${f}/index.ts (docs/decisions/0010).`,
  }));

import i18next from 'eslint-plugin-i18next';

// A string replacement expands `$&`, `$\``, `$'` and `$n` wherever they are in it (no-restricted-syntax, below).
const NO_PATTERN_REPLACE = {
  selector:
    'CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type=/^(TemplateLiteral|Identifier|MemberExpression|CallExpression|BinaryExpression|ConditionalExpression|LogicalExpression)$/]',
  message:
    "Pass a function as the replacement (`() => value`): a string replacement expands $& $` $' and $n in the data.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // A string replacement expands `$&`, `$\``, `$'` and `$n` wherever they are in it: text built from data goes
      // in through a function (or platform/web.ts putAt), which takes it as it is (issue 28: a page titled
      // `Fees $\` here` copied the HTML template into itself).
      'no-restricted-syntax': ['error', NO_PATTERN_REPLACE],
      'import-x/no-cycle': ['error', { maxDepth: 5, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'packages/contract', from: ['apps'], message: 'The contract depends on nothing of ours.' },
            {
              target: `${SERVER}/platform`,
              from: serverFeatures.map((f) => `${SERVER}/${f}`).concat(`${SERVER}/app.ts`),
              message: 'platform/ is below the features.',
            },
            ...publicEntryZones(SERVER, serverFeatures, SERVER_COMPOSERS),
            {
              target: 'apps/web/src/ui',
              from: ['apps/web/src/features', 'apps/web/src/app', 'apps/web/src/lib'],
              message: 'ui/ is shared and presentational: it imports no feature, not the shell and not lib/.',
            },
            {
              target: 'apps/web/src/lib',
              from: ['apps/web/src/features', 'apps/web/src/app', 'apps/web/src/ui'],
              message: 'lib/ is below the features and the shell, and draws nothing: it imports neither, nor ui/.',
            },
            {
              target: 'apps/web/src/features',
              from: ['apps/web/src/app'],
              message: 'Features do not import the shell (app/): what they need from it belongs in lib/.',
            },
            ...webFeaturePaths.map((target) => ({
              target,
              from: webFeaturePaths.filter((o) => o !== target),
              except: ['./index.ts'],
              message: 'Another feature only through its public entry point (its index.ts), never a deep import.',
            })),
            {
              // The shell merges each feature's i18n catalogue (docs/decisions/0005); everything else goes
              // through the entry point.
              target: 'apps/web/src/app',
              from: webFeaturePaths,
              except: ['./index.ts', './en.json', './es.json', './i18n'],
              message: 'The shell uses a feature only through its public entry point (its index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': 'error' },
  },
  {
    // Every text a person reads goes through i18next (issue 31): no words written in JSX, nor in the attributes a
    // person reads or hears (a label, a title, a placeholder, an alt text, an accessible name).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-text-only', message: 'A text a person reads goes through i18next (t()), in English and Spanish.' },
      ],
      // (Repeated: a rule's options in a later block replace the earlier block's for these files.)
      'no-restricted-syntax': [
        'error',
        NO_PATTERN_REPLACE,
        {
          selector:
            'JSXAttribute[name.name=/^(label|title|placeholder|alt|description|aria-label|aria-description)$/] > Literal[value=/[A-Za-z]/]',
          message: 'A text a person reads or hears goes through i18next (t()), in English and Spanish.',
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'apps/server/src/main.ts',
      'apps/server/src/cli/**',
      'apps/server/build.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
);
