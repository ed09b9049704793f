/**
 * A notebook's chats (issue 6): listed in the sidebar's chat menu, switched, renamed, deleted;
 * a chat follows its notebook through a rename. Also the quiet per-turn token usage (issue 7).
 */
import { expect, IJupyterLabPageFixture, test } from '@jupyterlab/galata';
import type { Locator } from '@playwright/test';
import * as path from 'path';

import {
  newNotebook,
  openSidebar,
  reloadedChat,
  SCREENSHOTS,
  script,
  send
} from './helpers';

async function chatMenu(page: IJupyterLabPageFixture, panel: Locator) {
  await panel.locator('.jp-gptinterp-chat-switcher').click();
  const menu = page.locator('.jp-gptinterp-chat-menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('chats of a notebook', () => {
  test('new, list, switch, rename, delete; usage shown after a turn', async ({
    page,
    request
  }) => {
    await script(request, [
      {
        text: 'Mean is in column b.',
        usage: { prompt_tokens: 1200, completion_tokens: 34 }
      },
      { text: 'Plots need matplotlib.' }
    ]);
    await newNotebook(page);
    const panel = await openSidebar(page);
    const switcher = panel.locator('.jp-gptinterp-chat-switcher');
    await expect(switcher).toHaveText('New chat');

    await send(panel, 'Which column has the mean?');
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Mean is in column b.'
    );
    await expect(switcher).toHaveText('Which column has the mean?');
    await expect(panel.locator('.jp-gptinterp-usage')).toContainText(
      '1,234 tokens · 1 call'
    );

    // A second chat, then both are listed; switching back shows the first transcript.
    await panel.locator('.jp-gptinterp-new-chat').click();
    await expect(panel.locator('.jp-gptinterp-user')).toHaveCount(0);
    await send(panel, 'Can you plot it?');
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Plots need matplotlib.'
    );
    let menu = await chatMenu(page, panel);
    await expect(menu.locator('.lm-Menu-item')).toContainText([
      /Can you plot it\?/,
      /Which column has the mean\?/,
      /New GPT Interpreter Chat/,
      /Rename GPT Interpreter Chat/,
      /Delete GPT Interpreter Chat/
    ]);
    await menu.screenshot({ path: path.join(SCREENSHOTS, 'chat-menu.png') });
    await menu.getByText(/Which column has the mean\?/).click();
    await expect(panel.locator('.jp-gptinterp-user')).toHaveText([
      'Which column has the mean?'
    ]);

    // Rename through the dialog.
    menu = await chatMenu(page, panel);
    await menu.getByText('Rename GPT Interpreter Chat…').click();
    const input = page.locator('.jp-Dialog input');
    await input.fill('Column means');
    await page.locator('.jp-Dialog .jp-mod-accept').click();
    await expect(switcher).toHaveText('Column means');

    // Delete it: the other chat is shown, and the list no longer has it.
    menu = await chatMenu(page, panel);
    await menu.getByText('Delete GPT Interpreter Chat…').click();
    await expect(page.locator('.jp-Dialog')).toContainText('Column means');
    await page.locator('.jp-Dialog .jp-mod-warn').click();
    await expect(panel.locator('.jp-gptinterp-user')).toHaveText([
      'Can you plot it?'
    ]);
    menu = await chatMenu(page, panel);
    await expect(menu.getByText(/Column means/)).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('a chat follows its notebook through a rename', async ({
    page,
    request
  }) => {
    await script(request, [
      { text: 'First answer.' },
      { text: 'Second answer.' }
    ]);
    await newNotebook(page);
    const panel = await openSidebar(page);
    await send(panel, 'Remember me');
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'First answer.'
    );
    const oldPath = await page.evaluate(
      () => (window as any).jupyterapp.shell.currentWidget.context.path
    );
    const newPath = oldPath.replace(/[^/]*$/, 'renamed.ipynb');
    await page.evaluate(
      ([from, to]) =>
        (window as any).jupyterapp.serviceManager.contents.rename(from, to),
      [oldPath, newPath]
    );
    await expect(panel.locator('.jp-gptinterp-header-title')).toHaveText(
      'renamed.ipynb'
    );
    await expect(panel.locator('.jp-gptinterp-user')).toHaveText([
      'Remember me'
    ]);
    await send(panel, 'Still here?');
    await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
      'Second answer.'
    );

    // After a reload the renamed notebook opens its chat again. It was not saved since the
    // chat began, so the chat is found by the server under the notebook's new path.
    await page.reload({ waitForIsReady: false });
    await expect(page.locator('#jupyterlab-splash')).toHaveCount(0, {
      timeout: 60_000
    });
    // The command resolves to the opened widget, which cannot be sent back from the page.
    await page.evaluate(async to => {
      await (window as any).jupyterapp.commands.execute('docmanager:open', {
        path: to
      });
    }, newPath);
    const again = await reloadedChat(page);
    await expect(again.locator('.jp-gptinterp-user')).toHaveText([
      'Remember me',
      'Still here?'
    ]);
  });
});

test.describe('kernel faults', () => {
  test('a notebook without a kernel: the notice offers to start one, then it works', async ({
    page,
    request
  }) => {
    await script(request, [{ text: 'Kernel is up.' }]);
    await newNotebook(page);
    await page.evaluate(() =>
      (window as any).jupyterapp.shell.currentWidget.sessionContext.shutdown()
    );
    await expect(
      page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    ).toHaveCount(0);
    const panel = await openSidebar(page);
    const composer = panel.locator('.jp-gptinterp-composer textarea');
    await composer.fill('Are you there?');
    await panel.locator('.jp-gptinterp-send').click();
    const notice = panel.locator('.jp-gptinterp-notice[data-code="no_kernel"]');
    await expect(notice).toContainText('no running kernel');
    await notice.screenshot({
      path: path.join(SCREENSHOTS, 'no-kernel-notice.png')
    });
    await notice.locator('.jp-gptinterp-start-kernel').click();
    await expect(
      page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    ).toHaveCount(1, { timeout: 60_000 });
    // The refused message came back to the box: send it again.
    await expect(composer).toHaveValue('Are you there?');
    await panel.locator('.jp-gptinterp-send').click();
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Kernel is up.'
    );
  });

  test('a notebook renamed while its kernel starts: its session follows it, and the chat works', async ({
    page,
    request,
    tmpPath
  }) => {
    // JupyterLab moves only a session it already has: the session asked for before the rename
    // (held here until the rename is done) would stay at Untitled.ipynb, the server would know
    // no kernel for named.ipynb and refuse the chat with wrong_kernel.
    let renamed!: () => void;
    const done = new Promise<void>(resolve => (renamed = resolve));
    const isSessions = (url: URL) => url.pathname.endsWith('/api/sessions');
    await page.route(isSessions, async route => {
      if (route.request().method() === 'POST') {
        await done;
      }
      await route.continue();
    });
    await script(request, [{ text: 'Kernel found.' }]);
    expect(await page.notebook.createNew('named.ipynb')).toBe('named.ipynb');
    renamed();
    await expect(
      page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    ).toHaveCount(1, { timeout: 60_000 });
    await page.unroute(isSessions);
    await expect
      .poll(async () =>
        ((await (await request.get('/api/sessions')).json()) as any[])
          .map(s => s.path)
          .filter(p => p.startsWith(`${tmpPath}/`))
      )
      .toEqual([`${tmpPath}/named.ipynb`]);
    const panel = await openSidebar(page);
    await send(panel, 'Is my kernel there?');
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Kernel found.'
    );
  });
});

test.describe('kernel recovery', () => {
  test('the server lost the kernel (as after its restart): the first click starts one and the stale notes go', async ({
    page,
    request
  }) => {
    await script(request, [{ text: 'Kernel is up.' }]);
    await newNotebook(page);
    const panel = await openSidebar(page);
    // The server forgets the notebook's session and kernel; the page still holds them.
    const sessionId = await page.evaluate(
      () =>
        (window as any).jupyterapp.shell.currentWidget.sessionContext.session
          .id as string
    );
    expect((await request.delete(`/api/sessions/${sessionId}`)).ok()).toBe(
      true
    );
    const composer = panel.locator('.jp-gptinterp-composer textarea');
    await composer.fill('Are you there?');
    await panel.locator('.jp-gptinterp-send').click();
    const notices = panel.locator('.jp-gptinterp-notice[data-level="error"]');
    await expect(notices.first()).toBeVisible({ timeout: 30_000 });
    await notices.first().locator('.jp-gptinterp-start-kernel').click();
    // One click: the notebook has a kernel again, and the notes about it are gone.
    await expect(
      page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    ).toHaveCount(1, { timeout: 60_000 });
    await expect(notices).toHaveCount(0);
    await panel.locator('.jp-gptinterp-send').click();
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'Kernel is up.',
      { timeout: 60_000 }
    );
  });
});

test.describe('two tabs', () => {
  test('a second tab on the same chat sees the same card and the decision made in the first', async ({
    page,
    request
  }) => {
    await script(request, [
      {
        tool_calls: [
          {
            name: 'run_code',
            arguments: {
              code: 'shared = 6 * 7\nprint(shared)',
              reason: 'compute'
            }
          }
        ]
      },
      { text: 'It is 42.' }
    ]);
    await newNotebook(page);
    const panel = await openSidebar(page);
    await send(panel, 'Compute it');
    const card = panel.locator('.jp-gptinterp-proposal');
    await expect(card).toHaveAttribute('data-status', 'pending');
    await page.notebook.save();

    // The same notebook in a second tab: the chat (found in the notebook's metadata) and its
    // pending card come back from the server.
    const other = await page.context().newPage();
    await other.goto(page.url());
    const panel2 = await reloadedChat(other);
    const card2 = panel2.locator('.jp-gptinterp-proposal');
    await expect(card2).toHaveAttribute('data-status', 'pending');

    // Decided in the second tab: the first tab's card follows, and its notebook gets one cell.
    await card2.locator('.jp-gptinterp-run').click();
    await expect(card).toHaveAttribute('data-status', 'done', {
      timeout: 30_000
    });
    await expect(card.locator('.jp-gptinterp-outputs')).toContainText('42');
    await expect(
      page.locator('.jp-Notebook .jp-Cell.jp-gptinterp-generated')
    ).toHaveCount(1);
    await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
      'It is 42.'
    );
    await other.close();
  });
});
