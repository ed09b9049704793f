/**
 * Models and setup (issue 7): the model picker lists what the server offers, the pick is used
 * for the next message and kept in the settings; without any model the sidebar explains how
 * to get one instead of failing.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  FAKE,
  newNotebook,
  openSidebar,
  SCREENSHOTS,
  script,
  send,
  showSent,
  SIDEBAR_ID
} from './helpers';

test.describe('models', () => {
  test('pick a model: the next message goes to it, and the pick is remembered', async ({
    page,
    request
  }) => {
    await script(request, [
      {
        text: 'Small model here.',
        usage: { prompt_tokens: 90, completion_tokens: 10 }
      }
    ]);
    await newNotebook(page);
    const panel = await openSidebar(page);
    const picker = panel.locator('.jp-gptinterp-model-picker select');
    await expect(picker).toHaveValue('fake/fake-model');
    await expect(picker.locator('option')).toContainText([
      'fake-model',
      'fake-small'
    ]);

    await picker.selectOption('fake/fake-small');
    await send(panel, 'Which model are you?');
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Small model here.'
    );
    await expect(panel.locator('.jp-gptinterp-usage')).toHaveText(
      'fake-small · 100 tokens · 1 call'
    );
    const sent = await (await request.get(`${FAKE}/_admin/requests`)).json();
    expect(sent.map((r: { model: string }) => r.model)).toEqual(['fake-small']);
    await panel.screenshot({
      path: path.join(SCREENSHOTS, 'model-picker.png')
    });

    // Kept in the settings registry: the settings editor and a reload see it.
    const stored = await page.evaluate(async () => {
      const registry = (window as any).galata.app.serviceManager.settings;
      const settings = await registry.fetch('jupyterlab-gptinterp:plugin');
      return settings.raw;
    });
    expect(stored).toContain('fake/fake-small');
  });

  test('with the setting on, each answer offers what the model was sent', async ({
    page,
    request
  }) => {
    await script(request, [{ text: 'Sent and answered.' }]);
    await newNotebook(page);
    await showSent(page);
    const panel = await openSidebar(page);
    await send(panel, 'What do you see?');
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Sent and answered.'
    );
    await panel.locator('.jp-gptinterp-show-sent').click();
    const dialog = page.locator('.jp-Dialog .jp-gptinterp-sent');
    await expect(dialog.locator('section[data-role="system"]')).toHaveCount(1);
    await expect(
      dialog.locator('section[data-role="user"]').last()
    ).toContainText('What do you see?');
    const sent = await (await request.get(`${FAKE}/_admin/requests`)).json();
    const system = sent[sent.length - 1].messages[0].content as string;
    await expect(dialog.locator('section[data-role="system"] pre')).toHaveText(
      system
    );
    await page.locator('.jp-Dialog').screenshot({
      path: path.join(SCREENSHOTS, 'what-was-sent.png')
    });
    await page.locator('.jp-Dialog .jp-mod-accept').click();
  });

  test('without a model the sidebar shows how to set one up', async ({
    page
  }) => {
    await page.route(/\/gptinterp\/info/, async route => {
      const response = await route.fetch();
      const info = await response.json();
      await route.fulfill({
        response,
        json: {
          ...info,
          provider: 'none',
          configured: false,
          model: '',
          models: [],
          default_model: '',
          setup_hint: 'No model is configured.'
        }
      });
    });
    await page.reload();
    await page.sidebar.openTab(SIDEBAR_ID);
    const setup = page.locator('.jp-gptinterp-setup');
    await expect(setup).toBeVisible();
    await expect(setup).toContainText(
      'pip install "jupyterlab-gptinterp[local]"'
    );
    await expect(setup).toContainText('OPENAI_API_KEY');
    await expect(setup).toContainText('c.GPTInterp.providers');
    await page
      .locator('.jp-gptinterp-panel')
      .screenshot({ path: path.join(SCREENSHOTS, 'setup-panel.png') });
  });
});
