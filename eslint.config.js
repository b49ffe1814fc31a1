// Lint rules, including the import boundaries (README, "Where things are") and "no literal user-visible strings".
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

const ui = [
  'react',
  'react-dom',
  'react-dom/*',
  '@blueprintjs/*',
  'ag-grid-*',
  '@fullcalendar/*',
  'recharts',
  'leaflet',
  'react-leaflet',
];
const nodeOnly = [
  'node:*',
  'fs',
  'path',
  'crypto',
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
  'nodemailer',
];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      '.tmp/**',
      'dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The isomorphic core: no UI, no Node, no server, nothing above it.
  {
    files: ['src/entities/**', 'src/domain/**'],
    rules: restrict(
      [...ui, ...nodeOnly, '**/server/**', '**/grids/**', '**/views/**', '**/app/**', '**/api/**'],
      'src/entities and src/domain are the isomorphic core (README, "Where things are").',
    ),
  },
  // The server never imports browser code.
  {
    files: ['server/**'],
    rules: restrict(
      [
        ...ui,
        '**/grids/**',
        '**/views/**',
        '**/src/app/**',
        '**/src/api/**',
        '**/src/components/**',
        '**/src/state/**',
        '**/src/auth/**',
      ],
      'server imports only src/entities and src/domain from the client tree.',
    ),
  },
  // Browser code never imports the server.
  {
    files: ['src/**', 'grids/**', 'views/**'],
    rules: restrict(
      [...nodeOnly.filter((p) => p !== 'crypto'), '**/server/**'],
      'browser code never imports the server or Node modules.',
    ),
  },
  {
    files: ['grids/**'],
    rules: restrict(
      [...nodeOnly.filter((p) => p !== 'crypto'), '**/server/**', '**/views/**', '**/src/app/**'],
      'grids sit below views and the app (README, "Where things are").',
    ),
  },
  {
    files: ['views/**'],
    rules: restrict(
      [...nodeOnly.filter((p) => p !== 'crypto'), '**/server/**', '**/src/app/**'],
      'views sit below the app (README, "Where things are").',
    ),
  },
  // React code: hooks rules and no literal strings in JSX (use i18n keys).
  {
    files: ['src/**/*.tsx', 'grids/**/*.tsx', 'views/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['title', 'label', 'placeholder', 'text', 'aria-label', 'alt'] },
        },
      ],
    },
  },
);
