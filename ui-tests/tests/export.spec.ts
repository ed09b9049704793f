/**
 * Take the chat away (issue 22 item 7): after a card ran, the chat exports as Markdown and as a
 * notebook beside its notebook, and each opens in the main area.
 */
import { expect, test } from '@jupyterlab/galata';

import { newNotebook, openSidebar, runCode, script, send } from './helpers';

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
