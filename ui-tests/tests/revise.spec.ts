/**
 * Rejecting with a reason gets revised code, even from a small model that first only restates
 * the reason: the next card holds the revised code, and the model was told the user's words.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  contentText,
  fakeRequests,
  fencedChat,
  SCREENSHOTS,
  script,
  send
} from './helpers';

const FIRST = "total = sum(float(x) for x in ['$1,234.50', '$10.00'])";
const REVISED =
  "total = sum(float(x.replace('$', '').replace(',', '')) for x in ['$1,234.50', '$10.00'])\nprint(total)";
const REASON = 'amounts are text like $1,234.50: strip $ and commas first';

test('reject with a reason: the next card shows revised code', async ({
  page,
  request
}) => {
  await script(request, [
    { text: `I will add up the amounts.\n\`\`\`python\n${FIRST}\n\`\`\`` },
    // A small model's restatement of the reason, with no code: not an answer.
    { text: 'You are right, the amounts are text with a dollar sign.' },
    { text: `I will clean them first.\n\`\`\`python\n${REVISED}\n\`\`\`` }
  ]);
  const panel = await fencedChat(page); // its python block is the proposal
  await send(panel, 'What is the total of the amounts?');

  const cards = panel.locator('.jp-gptinterp-proposal');
  await expect(cards.first()).toHaveAttribute('data-status', 'pending');
  await cards.first().locator('.jp-gptinterp-reject').click();
  await cards.first().locator('.jp-gptinterp-reject-reason').fill(REASON);
  await cards.first().locator('.jp-gptinterp-reject-confirm').click();
  await expect(cards.first()).toHaveAttribute('data-status', 'rejected');

  // The second card is the revised code, waiting for the user.
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toHaveAttribute('data-status', 'pending');
  await expect(cards.nth(1).locator('.cm-content')).toContainText(
    "replace('$', '')"
  );

  await panel.screenshot({ path: path.join(SCREENSHOTS, 'revise.png') });

  // The model was told the reason, and after its restatement it was asked for the code.
  const bodies = await fakeRequests(request);
  expect(bodies.length).toBe(3);
  expect(
    contentText(bodies[1].messages[bodies[1].messages.length - 1])
  ).toContain(REASON);
  const askedAgain = contentText(
    bodies[2].messages[bodies[2].messages.length - 1]
  );
  expect(askedAgain).toContain(REASON);
  expect(askedAgain).toContain('revised code');
});
