import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against a running `keyshop serve` (the Makefile starts it and passes
 * KEYSHOP_URL); this config never starts a server. Debian's Chromium, no browser download:
 * run with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
 */
const baseURL = process.env.KEYSHOP_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  testDir: './e2e',
  // screenshots.spec.ts saves pictures for people to look at; `npm run screenshots` runs it.
  testIgnore: process.env.KEYSHOP_SCREENSHOTS
    ? []
    : ['screenshots.spec.ts', 'staff-screenshots.spec.ts'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
      },
    },
  ],
});
