/**
 * A small model that writes a failed cell again is stopped at the line that failed and never shown
 * as a card: the sidebar says why it was declined, and the next card holds the model's next try.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  FakeRequest,
  fakeRequests,
  fencedChat,
  SCREENSHOTS,
  script,
  send
} from './helpers';

const BAD = "x = 6\nprint(x * seven)\nprint('done')";
const AGAIN =
  'x = 6\nprint(x * seven)\n' +
  Array.from({ length: 40 }, (_, i) => `y${i} = ${i}`).join('\n') +
  "\nprint('done')";
const FIXED = "x = 6\nprint(x * 7)\nprint('done')";

test('a repeat of failed code is cut at the line that failed and never shown as a card', async ({
  page,
  request
}) => {
  await script(request, [
    { text: `\`\`\`python\n${BAD}\n\`\`\`` },
    { text: `\`\`\`python\n${AGAIN}\n\`\`\``, chunk_chars: 4, delay: 0.02 },
    // The next try, slow enough for the declined repeat's status to be seen.
    { text: `\`\`\`python\n${FIXED}\n\`\`\``, first_token_delay: 4 },
    {
      text: JSON.stringify({
        parts: [{ part: 'six times seven', done: true }],
        answers: true,
        answer: '6 times 7 is 42.',
        missing: ''
      })
    }
  ]);
  const panel = await fencedChat(page);
  await send(panel, 'What is 6 times 7?');

  const cards = panel.locator('.jp-gptinterp-proposal');
  await expect(cards.first()).toHaveAttribute('data-status', 'pending');
  await cards.first().locator('.jp-gptinterp-run').click();
  await expect(cards.first()).toHaveAttribute('data-status', 'done');

  // The repeat is declined unseen, and the sidebar says so while the next try is written.
  await expect(panel).toContainText('fails where it failed before', {
    timeout: 20000
  });
  await expect(panel).not.toContainText('y0'); // the declined code went with its status
  await expect(cards).toHaveCount(1);
  await panel.screenshot({
    path: path.join(SCREENSHOTS, 'repeat-declined.png')
  });

  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1).locator('.cm-content')).toContainText(
    'print(x * 7)'
  );
  await expect(cards.nth(1).locator('.cm-content')).not.toContainText('y0 =');
  await cards.nth(1).locator('.jp-gptinterp-run').click();
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
    '6 times 7 is 42.'
  );
  await expect(panel).not.toContainText('y2 = 2'); // the reader stopped at the line that failed
  await panel.screenshot({ path: path.join(SCREENSHOTS, 'repeat-next.png') });

  const bodies = (await fakeRequests(request)) as Array<
    FakeRequest & { response_format?: unknown }
  >;
  expect(bodies.length).toBe(4);
  expect(bodies[2].response_format).toBeFalsy(); // the next try is a whole cell, not a line
  expect(bodies[3].response_format).toBeTruthy(); // the check on its output
});
