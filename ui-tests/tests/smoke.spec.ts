import { expect, test } from '@jupyterlab/galata';

const PREFIX = 'jupyterlab-gptinterp:';

/**
 * Don't load JupyterLab before the test: the error listener must be attached first.
 */
test.use({ autoGoto: false });

test('JupyterLab loads with the extension activated and no page error', async ({
  page
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', error => pageErrors.push(error.message));

  await page.goto();

  // The extension's plugins are registered, and the auto-started ones are active.
  const plugins = await page.evaluate(prefix => {
    const app = (window as any).jupyterapp;
    return (app.listPlugins() as string[])
      .filter(id => id.startsWith(prefix))
      .map(id => ({ id, active: app.isPluginActivated(id) as boolean }));
  }, PREFIX);
  expect(plugins.length).toBeGreaterThan(0);
  expect(plugins.filter(p => p.active).length).toBeGreaterThan(0);

  // Loading the extension raised nothing in the page.
  expect(pageErrors).toEqual([]);
});
