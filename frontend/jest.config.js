/** Jest: jsdom + @swc/jest, the same `@/` and `@locales/` aliases as webpack. */
/** @type {import('jest').Config} */
const config = {
  testEnvironment: '<rootDir>/jest.environment.js',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/testing/style-stub.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    // Jest reads whole catalogues; webpack splits the console's texts off (`?console`).
    '^@locales/(.*)\\?console$': '<rootDir>/../locales/$1',
    '^@locales/(.*)$': '<rootDir>/../locales/$1',
  },
  clearMocks: true,
  restoreMocks: true,
};

export default config;
