/** Unit tests for the web client: @swc/jest + jsdom (see STACK-NOTES "Jest and import.meta.env"). */
module.exports = {
  testEnvironment: '<rootDir>/jest/jsdom-environment.cjs',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/jest/setup-tests.ts'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/jest/style-stub.cjs',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: {
            react: { runtime: 'automatic' },
            optimizer: { globals: { vars: { 'import.meta.env': 'process.env' } } },
          },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
};
