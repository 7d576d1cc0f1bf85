/** Jest for the api: SWC with decorator metadata (type-graphql needs it), real services only. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  // Keep import() real so ESM-only packages (@tus/*) load under --experimental-vm-modules.
  module: { type: 'commonjs', ignoreDynamic: true },
};

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFiles: ['reflect-metadata'],
  testTimeout: 60000,
};
