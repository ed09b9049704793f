/**
 * An MCP tool call through the approval gate, in a real browser: the fake LLM calls the `add`
 * tool of the small MCP server that jupyter_server_test_config.py configures (tests/mcp_server.py
 * over stdio); the card shows the tool and its arguments; only after Call does the server call
 * it, and the result goes to the card and to the model. No cell is added to the notebook.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  contentText,
  fakeRequests,
  newNotebook,
  openSidebar,
  SCREENSHOTS,
  script,
  send
} from './helpers';

test('an MCP tool call: its card, the approval, the result', async ({
  page,
  request
}) => {
  await newNotebook(page);
  const cells = await page.locator('.jp-Notebook .jp-Cell').count();
  const panel = await openSidebar(page);
  await script(request, [
    { tool_calls: [{ name: 'calc__add', arguments: { a: 2, b: 3 } }] },
    { text: 'The tool says the sum is **5**.' }
  ]);
  await send(panel, 'Add 2 and 3 with the calculator tool');

  const card = panel.locator('.jp-gptinterp-proposal');
  // The first turn starts the MCP server: allow for a slow start on a loaded machine.
  await expect(card).toHaveAttribute('data-status', 'pending', {
    timeout: 90_000
  });
  await expect(card.locator('.jp-gptinterp-proposal-title')).toHaveText(
    'Tool call: calc › add'
  );
  await expect(card.locator('.jp-gptinterp-tool-description')).toContainText(
    'Add two integers'
  );
  const editor = card.locator('.jp-gptinterp-proposal-editor');
  await expect(editor).toHaveAttribute('data-editable', 'true');
  await expect(editor).toContainText('"a": 2');
  await expect(editor).toContainText('"b": 3');
  const call = card.locator('.jp-gptinterp-run');
  await expect(call).toHaveText('Call');
  // Nothing was called yet: the model has had one request only.
  expect((await fakeRequests(request)).length).toBe(1);

  await call.click();

  await expect(card).toHaveAttribute('data-status', 'done', {
    timeout: 60_000
  });
  await expect(card.locator('.jp-gptinterp-proposal-status')).toContainText(
    'Called'
  );
  await expect(card.locator('.jp-gptinterp-outputs')).toContainText(
    '2 + 3 = 5'
  );
  const answer = panel.locator('.jp-gptinterp-assistant').last();
  await expect(answer.locator('strong')).toHaveText('5');

  // The model's second request carries the tool's result; the notebook got no cell.
  const bodies = await fakeRequests(request);
  expect(bodies.length).toBe(2);
  const told = bodies[1].messages[bodies[1].messages.length - 1];
  expect(told.role).toBe('tool');
  expect(contentText(told)).toContain('2 + 3 = 5');
  await expect(page.locator('.jp-Notebook .jp-Cell')).toHaveCount(cells);

  await card.screenshot({ path: path.join(SCREENSHOTS, 'mcp-card.png') });
});
