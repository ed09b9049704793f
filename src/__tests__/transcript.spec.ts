import type { ChatItem } from '../items';
import { echoedReason } from '../transcript';

const said = (text: string): ChatItem => ({
  kind: 'assistant',
  key: 'a',
  messageId: 'm',
  text,
  streaming: false,
  model: '',
  ungrounded: [],
  stopped: false
});

const card = (reason: string) =>
  ({ kind: 'proposal', key: 'p', reason }) as unknown as ChatItem;

describe('echoedReason', () => {
  it('is true when the assistant just said the card’s reason', () => {
    const items = [
      said('Let me look.\nI will load the file first.'),
      card('I will load the file first.')
    ];
    expect(echoedReason(items, 1)).toBe(true);
  });

  it('is false for another sentence, an empty reason, or no message just before', () => {
    expect(echoedReason([said('Hello.'), card('Load it.')], 1)).toBe(false);
    expect(echoedReason([said('Hello.'), card('')], 1)).toBe(false);
    expect(echoedReason([card('Load it.')], 0)).toBe(false);
  });
});
