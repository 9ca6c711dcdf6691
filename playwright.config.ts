import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// PFC_E2E_PORT lets two runs on one machine use separate servers.
const PORT = Number(process.env.PFC_E2E_PORT || 3210);
const BASE_URL = `http://localhost:${PORT}`;

// System Chromium only: browsers cannot be downloaded on these machines.
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  throw new Error('Chromium not found: install it with `apt-get install -y chromium` or set CHROME_PATH');
}

// Workers load this file again; the variable makes them agree with the runner on one fresh folder.
process.env.PFC_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'pfc-e2e-'));
// The server creates this admin at start; tests/e2e/fixtures.ts signs in with it.
process.env.PFC_E2E_ADMIN_EMAIL ??= 'admin@propfirmclub.test';
process.env.PFC_E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';

const launchOptions = {
  executablePath: chromePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      // The stored-XSS spec writes hostile data into the shared database: it runs after the others.
      testIgnore: /xss\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'stored-xss',
      testMatch: /xss\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      testIgnore: /xss\.spec\.ts/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      // Each test's context speaks from a client address of its own (tests/e2e/fixtures.ts).
      TRUST_PROXY: 'true',
      DATA_DIR: process.env.PFC_E2E_DATA_DIR,
      ADMIN_EMAIL: process.env.PFC_E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.PFC_E2E_ADMIN_PASSWORD,
    },
  },
});
