import type { ChatItem } from '../items';
import { echoedReason, withoutNotices } from '../transcript';

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

describe('withoutNotices', () => {
  const notice = (key: string, code: string | null): ChatItem =>
    ({ kind: 'notice', key, level: 'error', text: key, code }) as ChatItem;

  it('drops the notices of the fixed fault and keeps everything else', () => {
    const items = [
      notice('n1', 'no_kernel'),
      said('Hello.'),
      notice('n2', 'kernel_not_found'),
      notice('n3', 'llm_error'),
      notice('n4', null)
    ];
    const kept = withoutNotices(
      items,
      new Set(['no_kernel', 'kernel_not_found'] as const)
    );
    expect(kept.map(i => i.key)).toEqual(['a', 'n3', 'n4']);
  });

  it('returns the same list when nothing is dropped', () => {
    const items = [said('Hello.')];
    expect(withoutNotices(items, new Set(['no_kernel'] as const))).toBe(items);
  });
});
