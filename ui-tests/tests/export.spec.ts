/**
 * Take the chat away (issue 22 item 7): after a card ran, the chat exports as Markdown and as a
 * notebook beside its notebook, and each opens in the main area; the chat itself moves to a
 * main-area tab and back.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  newNotebook,
  openSidebar,
  runCode,
  SCREENSHOTS,
  script,
  send
} from './helpers';

test('a chat exports as Markdown and as a notebook', async ({
  page,
  request,
  tmpPath
}) => {
  test.setTimeout(300_000);
  await newNotebook(page);
  const panel = await openSidebar(page);
  await script(request, [
    runCode("print('forty-two')", 'say it'),
    { text: 'It printed **forty-two**.' }
  ]);
  await send(panel, 'Say forty-two');
  const card = panel.locator('.jp-gptinterp-proposal');
  await expect(card).toHaveAttribute('data-status', 'pending', {
    timeout: 60_000
  });
  await card.locator('.jp-gptinterp-run').click();
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
    'forty-two',
    { timeout: 90_000 }
  );

  await page.evaluate(() =>
    (window as any).jupyterapp.commands.execute('gptinterp:export-markdown')
  );
  await expect(
    page
      .locator('#jp-main-dock-panel .lm-TabBar-tab', {
        hasText: 'Say forty-two.md'
      })
      .first()
  ).toBeVisible({ timeout: 60_000 });
  const md = await request.get(
    `/api/contents/${tmpPath}/Say forty-two.md?content=1`
  );
  const text = (await md.json()).content as string;
  expect(text).toContain('> **You:** Say forty-two');
  expect(text).toContain("```python\nprint('forty-two')\n```");
  expect(text).toContain('forty-two\n```');

  await page.evaluate(() =>
    (window as any).jupyterapp.commands.execute('gptinterp:export-notebook')
  );
  await expect(
    page
      .locator('#jp-main-dock-panel .lm-TabBar-tab', {
        hasText: 'Say forty-two.ipynb'
      })
      .first()
  ).toBeVisible({ timeout: 60_000 });
  const nb = await request.get(
    `/api/contents/${tmpPath}/Say forty-two.ipynb?content=1`
  );
  const cells = (await nb.json()).content.cells as any[];
  const code = cells.filter(c => c.cell_type === 'code');
  expect(code).toHaveLength(1);
  expect(code[0].source).toBe("print('forty-two')");
  expect(JSON.stringify(code[0].outputs)).toContain('forty-two');
});

test('the chat opens in a main-area tab, works there, and goes back to the sidebar when the tab closes', async ({
  page,
  request
}) => {
  test.setTimeout(300_000);
  await newNotebook(page);
  await openSidebar(page);
  await script(request, [
    runCode('print(6 * 7)', 'compute'),
    { text: 'It is 42.' }
  ]);
  await page.evaluate(() =>
    (window as any).jupyterapp.commands.execute('gptinterp:toggle-main-area')
  );
  const inMain = page.locator('#jp-main-dock-panel #jp-gptinterp-sidebar');
  await expect(inMain).toBeVisible();
  const tab = page.locator('#jp-main-dock-panel .lm-TabBar-tab', {
    hasText: 'GPT Interpreter'
  });
  await expect(tab).toBeVisible();
  // Wide, and still the one chat view: a card runs from there.
  expect((await inMain.boundingBox())!.width).toBeGreaterThan(300);
  await send(inMain, 'Compute it');
  const card = inMain.locator('.jp-gptinterp-proposal');
  await expect(card).toHaveAttribute('data-status', 'pending', {
    timeout: 60_000
  });
  await card.locator('.jp-gptinterp-run').click();
  await expect(inMain.locator('.jp-gptinterp-assistant').last()).toHaveText(
    'It is 42.',
    { timeout: 90_000 }
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, 'main-area-chat.png') });

  // Closing the tab puts the chat back in the sidebar, with its transcript.
  await tab.locator('.lm-TabBar-tabCloseIcon').click();
  await expect(inMain).toHaveCount(0);
  await page.sidebar.openTab('jp-gptinterp-sidebar');
  const back = page.locator('#jp-right-stack #jp-gptinterp-sidebar');
  await expect(back).toBeVisible();
  await expect(back.locator('.jp-gptinterp-proposal')).toHaveAttribute(
    'data-status',
    'done'
  );
});
