import { defineConfig, devices } from '@playwright/test'

/** Debian's Chromium, never a downloaded browser; these flags keep it off the closed network. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.spec.ts',
  // Two workers, one a core: each gets a production server of its own on its own database, media
  // folder and mail server (global-setup.ts), so the files of one never see the other's data.
  workers: 2,
  fullyParallel: false,
  // No retries: a test that passes only sometimes is a bug to fix (in the test or the site), not to hide.
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    // A hung click or fill fails on its own line, with what it waited for, not as the test's timeout.
    actionTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunchOptions },
    },
  ],
})
