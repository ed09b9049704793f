import { ChatModel } from '../model';
import type { IAssistantItem, IProposalItem } from '../items';
import {
  CHAT,
  VIEW,
  errorReply,
  ev,
  opened,
  proposal,
  recorder
} from './events';

function setup() {
  const rec = recorder();
  const model = new ChatModel({ notebookPath: 'nb.ipynb', send: rec.send });
  model.applyServerMessage(opened());
  return { model, ...rec };
}

const kinds = (model: ChatModel) => model.items.map(i => i.kind);

describe('ChatModel', () => {
  it('streams deltas into one message that the final message replaces', () => {
    const { model } = setup();
    model.applyServerMessage(
      ev('assistant_delta', { seq: 0, message_id: 'm', delta: 'Hel' })
    );
    model.applyServerMessage(
      ev('assistant_delta', { seq: 0, message_id: 'm', delta: 'lo' })
    );
    let item = model.items[0] as IAssistantItem;
    expect(model.items).toHaveLength(1);
    expect(item).toMatchObject({
      kind: 'assistant',
      text: 'Hello',
      streaming: true
    });

    model.applyServerMessage(
      ev('assistant_message', {
        seq: 1,
        message_id: 'm',
        text: 'Hello, **world**',
        model: 'x',
        ungrounded: ['7']
      })
    );
    item = model.items[0] as IAssistantItem;
    expect(model.items).toHaveLength(1);
    expect(item).toMatchObject({
      text: 'Hello, **world**',
      streaming: false,
      model: 'x',
      ungrounded: ['7']
    });

    // A late delta cannot reopen or extend the final message.
    model.applyServerMessage(
      ev('assistant_delta', { seq: 0, message_id: 'm', delta: '!' })
    );
    expect((model.items[0] as IAssistantItem).text).toBe('Hello, **world**');
  });

  it('drops the streamed code of a declined proposal when the status says why', () => {
    const { model } = setup();
    model.applyServerMessage(
      ev('assistant_delta', { seq: 0, message_id: 'm', delta: '```python\nx' })
    );
    expect(kinds(model)).toEqual(['assistant']);
    model.applyServerMessage(
      ev('status', {
        seq: 0,
        text: 'The model proposed code that already failed.'
      })
    );
    expect(kinds(model)).toEqual([]);
    expect(model.status).toBe('The model proposed code that already failed.');
  });

  it('drops streamed text that got no final message when a proposal follows', () => {
    const { model } = setup();
    model.applyServerMessage(
      ev('assistant_delta', { seq: 0, message_id: 'm', delta: '```python\n1' })
    );
    model.applyServerMessage(proposal(1));
    expect(kinds(model)).toEqual(['proposal']);
  });

  it('sends the code as edited on Run, with the cell to insert after', () => {
    const { model, sent } = setup();
    model.applyServerMessage(proposal(1, 'p-1', 'print(1)'));
    model.setProposalCode('p-1', 'print(2)');
    expect(model.approve('p-1', model.proposal('p-1')!.code, 'cell-a')).toBe(
      true
    );

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'approve',
      chat_id: CHAT,
      proposal_id: 'p-1',
      code: 'print(2)',
      after_cell_id: 'cell-a'
    });
    expect(model.proposal('p-1')).toMatchObject({
      submitting: true,
      proposedCode: 'print(1)'
    });
    // No second decision while the first is on its way.
    expect(model.approve('p-1', 'print(3)', null)).toBe(false);
    expect(sent).toHaveLength(1);

    model.applyServerMessage(
      ev('proposal_decided', {
        seq: 2,
        proposal_id: 'p-1',
        decision: 'approved',
        code: 'print(2)',
        reason: '',
        after_cell_id: 'cell-a',
        run: true
      })
    );
    expect(model.proposal('p-1')).toMatchObject({
      status: 'approved',
      submitting: false
    });
    // Edits after the decision are refused: what ran is what was approved.
    model.setProposalCode('p-1', 'print(4)');
    expect(model.proposal('p-1')!.code).toBe('print(2)');
  });

  it('rejects with a reason, and shows the decision', () => {
    const { model, sent } = setup();
    model.applyServerMessage(proposal(1));
    expect(model.reject('p-1', '  too slow  ')).toBe(true);
    expect(sent[0]).toMatchObject({
      type: 'reject',
      chat_id: CHAT,
      proposal_id: 'p-1',
      reason: 'too slow'
    });
    model.applyServerMessage(
      ev('proposal_decided', {
        seq: 2,
        proposal_id: 'p-1',
        decision: 'rejected',
        code: null,
        reason: 'too slow',
        after_cell_id: null,
        run: true
      })
    );
    expect(model.proposal('p-1')).toMatchObject({
      status: 'rejected',
      decisionReason: 'too slow',
      code: 'print(1)'
    });
    expect(model.pendingProposal()).toBeUndefined();
  });

  it('builds outputs by index, idempotently when events are replayed', () => {
    const { model } = setup();
    const out = (index: number, text: string) => ({
      index,
      proposal_id: 'p-1',
      output: { output_type: 'stream', name: 'stdout', text }
    });
    model.applyServerMessage(proposal(1));
    model.applyServerMessage(
      ev('execution_started', {
        seq: 2,
        proposal_id: 'p-1',
        kernel_id: 'k-1',
        notebook_path: 'nb.ipynb',
        code: 'print(1)',
        after_cell_id: null,
        cell_id: null,
        kernel_busy: true
      })
    );
    expect(model.proposal('p-1')!.status).toBe('running');
    expect(model.proposal('p-1')!.kernelBusy).toBe(true);
    model.applyServerMessage(
      ev('execution_output', { seq: 3, ...out(0, 'a\n') })
    );
    model.applyServerMessage(
      ev('execution_output', { seq: 4, ...out(1, 'b\n') })
    );
    // The same events again (a reconnect replay), and the same index under a new seq.
    expect(
      model.applyServerMessage(
        ev('execution_output', { seq: 3, ...out(0, 'a\n') })
      )
    ).toBe(false);
    model.applyServerMessage(
      ev('execution_output', { seq: 5, ...out(1, 'b\n') })
    );
    model.applyServerMessage(
      ev('execution_done', {
        seq: 6,
        proposal_id: 'p-1',
        status: 'ok',
        execution_count: 7,
        message: '',
        files: []
      })
    );
    const item = model.proposal('p-1') as IProposalItem;
    expect(item.outputs.map(o => o.text)).toEqual(['a\n', 'b\n']);
    expect(item).toMatchObject({
      status: 'done',
      result: 'ok',
      executionCount: 7
    });
  });

  it('follows an MCP tool call from its card to what the tool returned', () => {
    const { model, sent } = setup();
    model.applyServerMessage(
      ev('proposal', {
        ...proposal(1, 'p-t', '{\n  "a": 2\n}'),
        kind: 'mcp_tool',
        tool_server: 'calc',
        tool_name: 'add',
        tool_description: 'Add two integers.'
      })
    );
    expect(model.proposal('p-t')).toMatchObject({
      proposalKind: 'mcp_tool',
      toolServer: 'calc',
      toolName: 'add',
      toolDescription: 'Add two integers.',
      status: 'pending'
    });
    model.setProposalCode('p-t', '{"a": 40}');
    expect(model.approve('p-t', model.proposal('p-t')!.code, null)).toBe(true);
    expect(sent[sent.length - 1]).toMatchObject({
      type: 'approve',
      proposal_id: 'p-t',
      code: '{"a": 40}'
    });
    model.applyServerMessage(
      ev('tool_call_started', {
        seq: 2,
        proposal_id: 'p-t',
        tool_server: 'calc',
        tool_name: 'add',
        arguments: '{"a": 40}'
      })
    );
    expect(model.proposal('p-t')!.status).toBe('running');
    model.applyServerMessage(
      ev('tool_call_done', {
        seq: 3,
        proposal_id: 'p-t',
        status: 'ok',
        output: { output_type: 'stream', name: 'stdout', text: '42' }
      })
    );
    expect(model.proposal('p-t')).toMatchObject({
      status: 'done',
      result: 'ok',
      code: '{"a": 40}',
      outputs: [{ output_type: 'stream', name: 'stdout', text: '42' }]
    });
  });

  it('ignores events it has already seen, and other chats’ events', () => {
    const { model } = setup();
    expect(
      model.applyServerMessage(ev('user_message', { seq: 1, text: 'hi' }))
    ).toBe(true);
    expect(
      model.applyServerMessage(ev('user_message', { seq: 1, text: 'hi' }))
    ).toBe(false);
    expect(
      model.applyServerMessage(
        ev('user_message', { seq: 2, text: 'x', chat_id: 'other' })
      )
    ).toBe(false);
    expect(model.lastSeq).toBe(1);
    expect(kinds(model)).toEqual(['user']);
  });

  it('is busy during a turn; a step cap ends it with a notice', () => {
    const { model, sent } = setup();
    model.setDraft('plot it');
    expect(model.sendMessage(model.draft, VIEW)).toBe(true);
    expect(sent[0]).toMatchObject({
      type: 'send_message',
      text: 'plot it',
      notebook: VIEW
    });
    expect(model.busy).toBe(true);
    expect(model.draft).toBe('');
    expect(model.sendMessage('again', VIEW)).toBe(false);

    model.applyServerMessage(ev('user_message', { seq: 1, text: 'plot it' }));
    model.applyServerMessage(ev('turn_started', { seq: 2, turn_id: 't' }));
    expect(model.busy).toBe(true);
    model.applyServerMessage(
      ev('turn_ended', {
        seq: 3,
        turn_id: 't',
        reason: 'step_cap',
        message: 'I stopped after 10 steps.',
        error_code: null,
        llm_calls: 10,
        prompt_tokens: 5000,
        completion_tokens: 300
      })
    );
    expect(model.busy).toBe(false);
    const [notice, usage] = model.items.slice(-2);
    expect(notice).toMatchObject({
      kind: 'notice',
      level: 'warning',
      text: 'I stopped after 10 steps.'
    });
    expect(usage).toMatchObject({
      kind: 'usage',
      calls: 10,
      promptTokens: 5000,
      completionTokens: 300
    });
  });

  it('an answer ends the turn without a notice', () => {
    const { model } = setup();
    model.applyServerMessage(ev('turn_started', { seq: 1, turn_id: 't' }));
    model.applyServerMessage(
      ev('turn_ended', {
        seq: 2,
        turn_id: 't',
        reason: 'answer',
        message: '',
        error_code: null,
        llm_calls: 0,
        prompt_tokens: 0,
        completion_tokens: 0
      })
    );
    expect(model.busy).toBe(false);
    expect(model.items).toHaveLength(0);
  });

  it('an error reply becomes a notice and gives the refused message back', () => {
    const { model, sent } = setup();
    model.sendMessage('run it', VIEW);
    const requestId = (sent[0] as { request_id: string }).request_id;
    model.applyServerMessage(
      errorReply('no_kernel', 'This notebook has no running kernel.', requestId)
    );
    expect(model.busy).toBe(false);
    expect(model.draft).toBe('run it');
    expect(model.items[0]).toMatchObject({
      kind: 'notice',
      level: 'error',
      code: 'no_kernel',
      text: 'This notebook has no running kernel.'
    });
  });

  it('an error reply to Run makes the card decidable again', () => {
    const { model, sent } = setup();
    model.applyServerMessage(proposal(1));
    model.approve('p-1', 'print(1)', null);
    const requestId = (sent[0] as { request_id: string }).request_id;
    model.applyServerMessage(
      errorReply('kernel_not_found', 'No kernel.', requestId)
    );
    expect(model.proposal('p-1')).toMatchObject({
      status: 'pending',
      submitting: false
    });
    expect(model.approve('p-1', 'print(1)', null)).toBe(true);
  });

  it('says so when it cannot send', () => {
    const { model, state } = setup();
    state.connected = false;
    expect(model.stop()).toBe(false);
    expect(model.items[0]).toMatchObject({ kind: 'notice', level: 'error' });
  });

  it('stop sends a stop for its chat', () => {
    const { model, sent } = setup();
    expect(model.stop()).toBe(true);
    expect(sent[0]).toMatchObject({ type: 'stop', chat_id: CHAT });
  });

  it('shows transient status until the next persisted event', () => {
    const { model } = setup();
    model.applyServerMessage(
      ev('status', { seq: 0, text: 'Loading the model…' })
    );
    expect(model.status).toBe('Loading the model…');
    expect(model.items).toHaveLength(0);
    model.applyServerMessage(ev('turn_started', { seq: 1, turn_id: 't' }));
    expect(model.status).toBe('');
  });

  it('starts afresh when another chat is opened', () => {
    const { model } = setup();
    model.applyServerMessage(ev('user_message', { seq: 1, text: 'hi' }));
    model.applyServerMessage(opened('c-2'));
    expect(model.chatId).toBe('c-2');
    expect(model.items).toHaveLength(0);
    expect(model.lastSeq).toBe(0);
    // Reopening the same chat (a reconnect) keeps what was seen.
    model.applyServerMessage(
      ev('user_message', { seq: 1, text: 'again', chat_id: 'c-2' })
    );
    model.applyServerMessage(opened('c-2', 1));
    expect(model.items).toHaveLength(1);
  });

  it('is loaded once the history it was opened with has arrived', () => {
    const model = new ChatModel({ notebookPath: 'nb.ipynb', send: () => true });
    expect(model.loaded).toBe(false); // not open yet
    model.applyServerMessage(opened(CHAT, 2));
    expect(model.loaded).toBe(false);
    model.applyServerMessage(ev('user_message', { seq: 1, text: 'hi' }));
    expect(model.loaded).toBe(false);
    model.applyServerMessage(ev('turn_started', { seq: 2, turn_id: 't' }));
    expect(model.loaded).toBe(true);
    // A reconnect that finds nothing new keeps it loaded; a new chat starts over.
    model.applyServerMessage(opened(CHAT, 2));
    expect(model.loaded).toBe(true);
    model.applyServerMessage(opened('c-2', 0));
    expect(model.loaded).toBe(true);
    model.applyServerMessage(opened('c-3', 4));
    expect(model.loaded).toBe(false);
  });

  it('keeps a stopped answer in place of its stream, marked as stopped', () => {
    const { model } = setup();
    model.applyServerMessage(
      ev('assistant_delta', {
        seq: 0,
        message_id: 'm',
        delta: 'The first half'
      })
    );
    model.applyServerMessage(
      ev('assistant_message', {
        seq: 1,
        message_id: 'm',
        text: 'The first half',
        stopped: true
      })
    );
    expect(model.items).toHaveLength(1);
    expect(model.items[0]).toMatchObject({
      kind: 'assistant',
      text: 'The first half',
      streaming: false,
      stopped: true
    });
  });
});
