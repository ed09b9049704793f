/**
 * Jest configuration: JupyterLab's own testing preset, plus what this repo needs.
 */
const jestJupyterLab = require('@jupyterlab/testing/lib/jest-config');

// Packages shipped as ES modules only: jest must transform them (see TOOLCHAIN.md, pitfall 3).
const esModules = [
  '@codemirror',
  '@jupyter/react-components',
  '@jupyter/web-components',
  '@jupyter/ydoc',
  '@jupyterlab/',
  '@lezer',
  '@marijn',
  '@microsoft',
  'color',
  'exenv-es6',
  'lib0',
  'marked',
  'nanoid',
  'style-mod',
  'vscode-ws-jsonrpc',
  'w3c-keyname',
  'y-protocols',
  'y-websocket',
  'yjs'
].join('|');

const baseConfig = jestJupyterLab(__dirname);

module.exports = {
  ...baseConfig,
  automock: false,
  collectCoverageFrom: [
    'src/**/*.{ts,tsx}',
    '!src/**/*.d.ts',
    '!src/**/__tests__/**',
    '!src/**/.ipynb_checkpoints/*'
  ],
  coverageReporters: ['lcov', 'text-summary'],
  modulePathIgnorePatterns: [
    '<rootDir>/jupyterlab_gptinterp/labextension',
    '<rootDir>/.venv',
    '<rootDir>/ui-tests'
  ],
  // Only src/ holds modules and specs: keeps jest's file map out of .venv and ui-tests.
  roots: ['<rootDir>/src'],
  // jest-junit writes junit.xml in the root unless JEST_JUNIT_OUTPUT_DIR is set.
  reporters: ['default', 'jest-junit'],
  testRegex: 'src/.*/?__tests__/.*\\.spec\\.tsx?$',
  transform: {
    ...baseConfig.transform,
    '^.+\\.tsx?$': ['ts-jest/legacy', { tsconfig: './tsconfig.json' }]
  },
  transformIgnorePatterns: [`/node_modules/(?!${esModules}).+`]
};
