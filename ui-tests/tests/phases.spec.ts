/**
 * Every wait has a name (issue 22): from Send on, the chat says what the turn does, with the
 * prompt's reading progress as the model reports it, and it never says "working" while a card
 * waits for the user. The fake model reads for 10 s before its first token.
 */
import { expect, test } from '@jupyterlab/galata';

import { newNotebook, openSidebar, runCode, script, send } from './helpers';

interface IRecord {
  t: number;
  text: string;
}

test('the phase shows at once, moves at least every 2 s until the first token, and names the wait for the user', async ({
  page,
  request
}) => {
  await script(request, [
    { text: 'Here it is.', first_token_delay: 10, prompt_tokens: 5200 },
    runCode('x = 1', 'set x'),
    { text: 'Done.' }
  ]);
  await newNotebook(page);
  const panel = await openSidebar(page);
  await panel
    .locator('.jp-gptinterp-composer textarea')
    .fill('Summarize the notebook');

  // The page records each change of the phase line from the click on: a check made from here
  // would see the page later than it changed on a busy machine.
  await page.evaluate(() => {
    const w = window as any;
    const sidebar = document.getElementById('jp-gptinterp-sidebar')!;
    w.__phases = [] as IRecord[];
    let last: string | null = null;
    const record = () => {
      const text =
        sidebar.querySelector('.jp-gptinterp-phase')?.textContent ?? '';
      if (text !== last) {
        last = text;
        w.__phases.push({ t: performance.now(), text });
      }
      if (
        w.__firstToken === undefined &&
        sidebar.querySelector('.jp-gptinterp-assistant')
      ) {
        w.__firstToken = performance.now();
      }
    };
    w.__phaseObserver = new MutationObserver(record);
    w.__phaseObserver.observe(sidebar, {
      subtree: true,
      childList: true,
      characterData: true
    });
    sidebar
      .querySelector('.jp-gptinterp-send')!
      .addEventListener('click', () => (w.__sentAt = performance.now()), {
        capture: true
      });
  });
  await panel.locator('.jp-gptinterp-send').click();
  await expect(panel.locator('.jp-gptinterp-assistant')).toContainText(
    'Here it is.',
    { timeout: 60_000 }
  );
  const seen = await page.evaluate(() => {
    const w = window as any;
    w.__phaseObserver.disconnect();
    return {
      sentAt: w.__sentAt as number,
      firstToken: w.__firstToken as number,
      phases: w.__phases as IRecord[]
    };
  });
  const shown = seen.phases.filter(p => p.text && p.t >= seen.sentAt);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown[0].t - seen.sentAt).toBeLessThan(500);
  // Until the first token the line never stands still for 2 s (elapsed time, tokens read).
  const times = [
    ...shown.filter(p => p.t < seen.firstToken).map(p => p.t),
    seen.firstToken
  ];
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  expect(seen.firstToken - seen.sentAt).toBeGreaterThan(9_000);
  expect(Math.max(...gaps)).toBeLessThan(2_000);
  expect(
    shown.some(p => /Reading the prompt: [\d,]+ of 5,200 tokens/.test(p.text))
  ).toBe(true);

  // A card waits: the chat and the header say so, not "working".
  await send(panel, 'Set x');
  const card = panel.locator('.jp-gptinterp-proposal');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(panel.locator('.jp-gptinterp-phase')).toHaveAttribute(
    'data-phase',
    'waiting'
  );
  await expect(panel.locator('.jp-gptinterp-activity')).toHaveText(
    'Waiting for you'
  );
  await card.locator('.jp-gptinterp-run').click();
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toHaveText(
    'Done.'
  );
  await expect(panel.locator('.jp-gptinterp-phase')).toHaveCount(0);
});

test('Stop keeps what the model had written, marked as stopped', async ({
  page,
  request
}) => {
  // About 50 s of streaming: a busy machine cannot reach its end before the click on Stop
  // (a Stop clicked after the turn has ended waits on a disabled button).
  const text =
    'First I will look at the columns of the table, then at the missing values, ' +
    // Each clause its own: a reply repeating one string is cut as a runaway.
    Array.from(
      { length: 40 },
      (_, i) => `then at the totals of month ${i + 1}, `
    ).join('') +
    'and finally I will plot the revenue by month.';
  await script(request, [{ text, chunk_chars: 4, delay: 0.15 }]);
  await newNotebook(page);
  const panel = await openSidebar(page);
  await send(panel, 'Explain your plan');
  const answer = panel.locator('.jp-gptinterp-assistant');
  await expect(answer).toContainText('First I will look');
  await panel.locator('.jp-gptinterp-stop').click();
  await expect(answer).toHaveAttribute('data-stopped', 'true');
  await expect(answer).toContainText('First I will look');
  await expect(answer).not.toContainText('plot the revenue by month');
  await expect(answer.locator('.jp-gptinterp-stopped')).toBeVisible();
  await expect(panel.locator('.jp-gptinterp-phase')).toHaveCount(0);
  await expect(panel.locator('.jp-gptinterp-send')).toBeDisabled(); // empty composer
  await expect(panel.locator('.jp-gptinterp-stop')).toBeDisabled();
});
