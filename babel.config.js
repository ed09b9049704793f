// jest transforms the ES-module-only packages (jest.config.js esModules) with babel-jest.
module.exports = require('@jupyterlab/testing/lib/babel-config');
