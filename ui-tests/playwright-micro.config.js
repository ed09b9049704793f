/**
 * The browser side of bench/micro.py (bench/micro_browser.sh runs it): the same Galata setup as
 * playwright.config.js over ui-tests/bench/, which the UI tests never run. A benchmark measures;
 * it is not a test, so it is neither run nor counted as skipped in CI.
 */
const base = require('./playwright.config');

module.exports = {
  ...base,
  testDir: './bench',
  outputDir: './test-results-micro'
};
