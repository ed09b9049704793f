/**
 * A small model asked about a data file first gets the question's parts listed (one short call
 * that sees the question alone); they reach the model's prompt, and "what was sent" shows them.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  fakeRequests,
  fencedChat,
  SCREENSHOTS,
  script,
  send,
  showSent
} from './helpers';

const CSV = 'day,amount\n2023-12-30,5.5\n2024-01-02,7.25\n2024-02-11,3\n';
const PARTS = ['only orders of 2024', 'the total of amount'];
const CODE =
  "import pandas as pd\ndf = pd.read_csv('orders.csv', parse_dates=['day'])\n" +
  "print(df[df['day'].dt.year == 2024]['amount'].sum())";

test('the parts of a data question reach the prompt before any code', async ({
  page,
  request,
  tmpPath
}) => {
  await page.contents.uploadContent(CSV, 'text', `${tmpPath}/orders.csv`);
  await script(request, [
    { text: JSON.stringify({ parts: PARTS }) },
    { text: `I will add up the 2024 amounts.\n\`\`\`python\n${CODE}\n\`\`\`` },
    {
      text: JSON.stringify({
        parts: PARTS.map(part => ({ part, done: true })),
        answers: true,
        answer: 'The orders of 2024 total 10.25.',
        missing: ''
      })
    }
  ]);
  await showSent(page);
  const panel = await fencedChat(page);
  await send(panel, 'What was the total amount in orders.csv in 2024?');

  const card = panel.locator('.jp-gptinterp-proposal');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await card.locator('.jp-gptinterp-run').click();
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
    'The orders of 2024 total 10.25.'
  );

  const bodies = await fakeRequests(request);
  expect(bodies.length).toBe(3);
  // The first call saw the question alone; the model's call had the parts under the file's preview.
  const asked = bodies[0].messages;
  expect(asked[asked.length - 1].content).toBe(
    'Question: What was the total amount in orders.csv in 2024?'
  );
  expect(JSON.stringify(asked)).not.toContain("orders.csv'"); // no preview, no load line
  const system = bodies[1].messages[0].content as string;
  expect(system).toContain('orders.csv');
  expect(system).toContain(`- ${PARTS[0]}\n- ${PARTS[1]}`);

  await panel.locator('.jp-gptinterp-show-sent').last().click();
  const sent = page.locator('.jp-Dialog .jp-gptinterp-sent');
  await expect(sent.locator('section[data-role="system"] pre')).toContainText(
    `- ${PARTS[0]}`
  );
  // The parts are at the prompt's end: scroll whatever holds it there for the screenshot.
  await sent.locator('section[data-role="system"] pre').evaluate(pre => {
    for (let el: HTMLElement | null = pre; el; el = el.parentElement) {
      el.scrollTop = el.scrollHeight;
    }
  });
  await page
    .locator('.jp-Dialog')
    .screenshot({ path: path.join(SCREENSHOTS, 'parts-sent.png') });
});
