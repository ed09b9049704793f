/**
 * A small model decoding greedily can count instead of writing code (`df['0.1'] = …`,
 * `df['0.2'] = …`) until its token cap, or stop at the cap inside its code. Either reply is
 * asked for again, sampled: the user is shown a card with the new reply's code, never the
 * cut one.
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

const COUNTING =
  "```python\nimport pandas as pd\ndf = pd.read_csv('storms.txt')\n" +
  Array.from({ length: 40 }, (_, i) => {
    const n = ((i + 1) / 10).toFixed(1);
    return `df['${n}'] = df['${n}'].astype(float)`;
  }).join('\n') +
  '\n```';
const CAPPED = "```python\nrows = [\n    ('a', 1, 'x'),\n    ('b', 2, 'y'),\n";

test('a reply that counts, or ends at the token cap in its code, is asked again and only the new code is shown', async ({
  page,
  request
}) => {
  const answer = JSON.stringify({
    parts: [{ part: 'six times seven', done: true }],
    answers: true,
    answer: '6 times 7 is 42.',
    missing: ''
  });
  await script(request, [
    { text: COUNTING, chunk_chars: 4, delay: 0.01 },
    { text: '```python\nprint(6 * 7)\n```' },
    { text: answer },
    { text: CAPPED, finish_reason: 'length' },
    { text: '```python\nprint(6 * 7 + 1)\n```' },
    {
      text: answer.replace('42', '43').replace('6 times 7', '6 times 7 plus 1')
    }
  ]);
  const panel = await fencedChat(page);

  await send(panel, 'What is 6 times 7?');
  const cards = panel.locator('.jp-gptinterp-proposal');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('.cm-content')).toContainText(
    'print(6 * 7)'
  );
  await expect(panel).not.toContainText("df['3.5']"); // cut while it was written
  await expect(panel).not.toContainText('astype(float)'); // and not shown once cut
  await panel.screenshot({ path: path.join(SCREENSHOTS, 'runaway-card.png') });
  await cards.first().locator('.jp-gptinterp-run').click();
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
    '6 times 7 is 42.'
  );

  await send(panel, 'And plus one?');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1).locator('.cm-content')).toContainText(
    'print(6 * 7 + 1)'
  );
  await expect(panel).not.toContainText("('b', 2, 'y')");
  await cards.nth(1).locator('.jp-gptinterp-run').click();
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
    'plus 1 is 43.'
  );
  await panel.screenshot({
    path: path.join(SCREENSHOTS, 'runaway-capped.png')
  });

  // Asked again as it was, not sent back as words with a note.
  const bodies = (await fakeRequests(request)) as FakeRequest[];
  expect(bodies.length).toBe(6);
  expect(bodies[1].messages).toEqual(bodies[0].messages);
  expect(bodies[4].messages).toEqual(bodies[3].messages);
});
