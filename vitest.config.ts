import { defineConfig } from 'vitest/config';
import { icons } from './vite.config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        // Web modules under test import compiled icons.
        plugins: [icons()],
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['tests/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker, not per file: each file builds its own app and database
          // (tests/setup/test-app.ts), and nothing of the server is module state, so files cannot
          // see each other; importing the server afresh for every file was most of the suite's time.
          isolate: false,
        },
      },
      {
        // Properties of the whole API (fuzzing, authorisation, races, faults): docs/architecture.md, "Reliability suite".
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/setup/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
      {
        // HAProxy, two app processes, PostgreSQL, Redis and an S3 server (`npm run test:topology`,
        // its own CI stage): docs/architecture.md, "Topology test".
        test: {
          name: 'topology',
          include: ['tests/topology/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
    ],
  },
});
