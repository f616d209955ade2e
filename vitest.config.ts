import { defineConfig } from 'vitest/config'

// Three tiers: pure rules, services against a real PostgreSQL (and the Kafka contract suite against
// a real broker, the object store's against a real S3 server), and browser tests against the portal started as `npm start` starts it.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/src/**/*.unit.test.ts', 'contracts/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/pg.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // The tier of servers infra/ installs and starts: Kafka, and SeaweedFS for the S3 object store.
          name: 'kafka',
          include: ['services/**/*.kafka.test.ts', 'services/**/*.s3.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/pg.global.ts', 'test/kafka.global.ts', 'test/seaweedfs.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
