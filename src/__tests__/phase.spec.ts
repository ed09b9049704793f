import { ChatModel } from '../model';
import { phaseFrom, phaseLabel, phaseText } from '../phase';
import { CHAT, VIEW, ev, opened, proposal, recorder } from './events';

const trans = {
  __: (s: string, ...args: any[]) =>
    s.replace(/%(\d)/g, (_, n) => String(args[Number(n) - 1]))
};

function setup() {
  const rec = recorder();
  const model = new ChatModel({ notebookPath: 'nb.ipynb', send: rec.send });
  model.applyServerMessage(opened());
  return { model, ...rec };
}

const phase = (
  name: 'reading' | 'writing' | 'waiting' | 'running',
  fields: {
    processed?: number;
    total?: number;
    since?: number;
    ts?: number;
  } = {}
) =>
  ev('phase', {
    seq: 0,
    turn_id: 't',
    phase: name,
    detail: '',
    processed: fields.processed ?? 0,
    total: fields.total ?? 0,
    since: fields.since ?? 0,
    ...(fields.ts ? { ts: fields.ts } : {})
  });

describe('turn phases', () => {
  it('names the wait from Send on, with the prompt read so far', () => {
    const { model } = setup();
    expect(model.phase).toBeNull();
    model.setDraft('Load the data');
    expect(model.sendMessage('Load the data', VIEW)).toBe(true);
    expect(model.phase?.phase).toBe('sending'); // before the server has said anything
    model.applyServerMessage(
      ev('user_message', { seq: 1, text: 'Load the data' })
    );
    model.applyServerMessage(ev('turn_started', { seq: 2, turn_id: 't' }));
    model.applyServerMessage(
      phase('reading', { processed: 3100, total: 5200 })
    );
    expect(phaseText(model.phase!, trans)).toBe(
      'Reading the prompt: 3,100 of 5,200 tokens'
    );
    expect(phaseLabel(model.phase!, trans)).toBe('Reading…');
    model.applyServerMessage(
      ev('turn_ended', {
        seq: 3,
        turn_id: 't',
        reason: 'answer',
        message: '',
        error_code: null
      })
    );
    expect(model.phase).toBeNull();
  });

  it('says it waits for the user while a card waits, and forgets that once it is decided', () => {
    const { model } = setup();
    model.applyServerMessage(ev('turn_started', { seq: 1, turn_id: 't' }));
    model.applyServerMessage(proposal(2, 'p-1', 'x = 1'));
    model.applyServerMessage(phase('waiting'));
    expect(phaseLabel(model.phase!, trans)).toBe('Waiting for you');
    model.applyServerMessage(
      ev('proposal_decided', {
        seq: 3,
        proposal_id: 'p-1',
        decision: 'approved',
        code: 'x = 1',
        reason: '',
        after_cell_id: null,
        run: true
      })
    );
    expect(model.phase).toBeNull();
    model.applyServerMessage(phase('running'));
    expect(model.phase?.phase).toBe('running');
  });

  it('ignores another chat’s phase', () => {
    const { model } = setup();
    expect(
      model.applyServerMessage({ ...phase('writing'), chat_id: 'c-other' })
    ).toBe(false);
    expect(model.phase).toBeNull();
    expect(CHAT).not.toBe('c-other');
  });

  it('times a phase from its start on the server, corrected for the server’s clock', () => {
    // The server's clock is 5 s behind this page's: the phase began 12 s before the event.
    const now = 1_000_000_000;
    const event = phase('reading', {
      since: (now - 5_000 - 12_000) / 1000,
      ts: (now - 5_000) / 1000
    });
    expect(now - phaseFrom(event, now).startedAt).toBe(12_000);
  });
});
