/**
 * Playwright configuration: Galata's defaults plus what this machine needs
 * (see shared TOOLCHAIN.md, pitfalls 4-6).
 *
 * - The browser is Debian's chromium (never `playwright install`); CHROMIUM_PATH overrides it.
 * - Galata's server config fixes the port to 8888; GPTINTERP_UI_PORT moves it (and the fake
 *   LLM's port with GPTINTERP_FAKE_LLM_PORT), so two checkouts can run their UI tests at once.
 */
const baseConfig = require('@jupyterlab/galata/lib/playwright-config');

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const port = process.env.GPTINTERP_UI_PORT || '8888';

module.exports = {
  ...baseConfig,
  // tests-rtc/ needs jupyter-collaboration's own server (playwright-rtc.config.js runs it).
  testDir: './tests',
  timeout: 120 * 1000,
  expect: { timeout: 15 * 1000 },
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    [
      'junit',
      { outputFile: process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE || 'junit.xml' }
    ],
    ['html', { open: 'never' }]
  ],
  use: {
    ...baseConfig.use,
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run'
      ]
    },
    // Video needs Playwright's own ffmpeg download, which cannot be fetched here.
    video: 'off',
    trace: 'retain-on-failure'
  },
  webServer: {
    command: 'jlpm start',
    url: `http://localhost:${port}/lab`,
    timeout: 120 * 1000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe'
  }
};
