// Lint: typescript-eslint's recommended type-checked rules over every TypeScript file of the
// project; no-floating-promises in particular (a forgotten await loses an error or an ordering).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layers } from './eslint-layers.mjs';

const unsafeAny = [
  '@typescript-eslint/no-unsafe-argument',
  '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-member-access',
  '@typescript-eslint/no-unsafe-call',
  '@typescript-eslint/no-unsafe-return',
];
const off = (rules) => Object.fromEntries(rules.map((rule) => [rule, 'off']));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.stryker-tmp/',
      '.vscode-test/',
      'coverage/',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'src/api/client/motion-api.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // The three programs by name, not the project service: one program per tsconfig, built once,
    // lints the whole project in about two thirds of the time and memory the service needed.
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './src/webview/tsconfig.json', './bench/view-peer/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An async method that implements a Promise-returning interface need not await anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  ...layers,
  {
    // The reference server's handlers get their arguments already checked against the catalogue's
    // type strings (operations/dispatch.ts), so they read them as the documented types.
    files: ['server/scripting/operations/*-handlers.ts', 'server/scripting/operations/handler.ts'],
    rules: { ...off(unsafeAny), '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests and benchmarks read JSON replies and assert on their shape: `any` is the point there.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { ...off(unsafeAny), '@typescript-eslint/no-explicit-any': 'off' },
  },
);
