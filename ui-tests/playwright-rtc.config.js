/**
 * The real-time collaboration UI tests: the same Galata setup as playwright.config.js, against
 * a JupyterLab from .venv-rtc (`bash scripts/integration-envs rtc`), where jupyter-collaboration
 * is installed. Kept out of the main environment: collaboration changes how every notebook is
 * opened and saved, so the other UI tests would no longer test the plain setup users have.
 *
 * The server's port is free at run time (GPTINTERP_RTC_PORT, else chosen here once; the runner's
 * workers inherit it through the environment).
 */
const { execFileSync } = require('child_process');
const path = require('path');

const base = require('./playwright.config');

if (!process.env.GPTINTERP_RTC_PORT) {
  process.env.GPTINTERP_RTC_PORT = execFileSync('python3', [
    '-c',
    'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
  ])
    .toString()
    .trim();
}
const port = process.env.GPTINTERP_RTC_PORT;
const venv = path.resolve(__dirname, '..', '.venv-rtc', 'bin');

module.exports = {
  ...base,
  testDir: './tests-rtc',
  outputDir: './test-results-rtc',
  reporter: [
    ['list'],
    [
      'junit',
      {
        outputFile: process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE || 'junit-rtc.xml'
      }
    ],
    ['html', { open: 'never', outputFolder: 'playwright-report-rtc' }]
  ],
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    ...base.webServer,
    command: `${venv}/jupyter lab --config jupyter_server_test_config.py`,
    url: `http://localhost:${port}/lab`,
    env: {
      ...process.env,
      PATH: `${venv}:${process.env.PATH}`,
      GPTINTERP_UI_PORT: port
    }
  }
};
