import { defineConfig, devices } from '@playwright/test'

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (Debian's package
 * chromium-headless-shell, the same Blink without the desktop browser around it, which .ci/run
 * installs), as Playwright's own headless runs use; these flags keep it off the closed network.
 * It spends about two thirds of the full browser's CPU on the same pages (6.4–6.8 s against
 * 10.3–10.4 s for twenty loads of the home, order, admin list and reviews pages, alternated).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
}

/**
 * The full browser, for what the headless shell does otherwise than a person's browser: having no
 * prompt to ask with, it denies notifications to every site, where a browser never asked offers them.
 */
export const fullChromiumLaunchOptions = { ...chromiumLaunchOptions, executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' }

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
    // A failed test's trace keeps its actions, console, network and errors, with the page's screenshot
    // at the failure beside it; not a copy of the page at every step (DOM snapshots, a screencast),
    // which is recorded for every test, passed or not: it took a quarter of the browser's and the
    // runner's CPU (7.6–8.1 s against 5.5–5.8 s for the same twenty page loads, alternated).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
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
