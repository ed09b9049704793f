import { streamHead } from '../components/OutputsView';
import { ChatModel } from '../model';
import type { IProposalItem } from '../items';
import { VIEW, errorReply, ev, opened, proposal, recorder } from './events';

function running() {
  const rec = recorder();
  const model = new ChatModel({ notebookPath: 'nb.ipynb', send: rec.send });
  model.applyServerMessage(opened());
  model.applyServerMessage(proposal(1));
  model.applyServerMessage({
    ...ev('execution_started', {
      seq: 2,
      proposal_id: 'p-1',
      kernel_id: 'k-1',
      notebook_path: 'nb.ipynb',
      code: 'print(1)',
      after_cell_id: null,
      cell_id: null
    }),
    ts: 1000
  });
  return model;
}

describe('execution timing and written files', () => {
  it('knows when a running execution started, and how long it ran once done', () => {
    const model = running();
    expect(model.proposal('p-1')).toMatchObject({
      status: 'running',
      startedAt: 1_000_000,
      elapsed: null,
      files: []
    });
    model.applyServerMessage({
      ...ev('execution_done', {
        seq: 3,
        proposal_id: 'p-1',
        status: 'ok',
        execution_count: 1,
        message: '',
        files: [
          {
            path: 'work/plot.png',
            name: 'plot.png',
            size: 123,
            mime: 'image/png',
            new: true
          }
        ]
      }),
      ts: 1002.5
    });
    const item = model.proposal('p-1') as IProposalItem;
    expect(item.elapsed).toBe(2500);
    expect(item.files.map(f => f.path)).toEqual(['work/plot.png']);
  });

  it('treats an execution_done without files (older history) as none', () => {
    const model = running();
    const done = ev('execution_done', {
      seq: 3,
      proposal_id: 'p-1',
      status: 'ok',
      execution_count: 1,
      message: '',
      files: []
    }) as any;
    delete done.files;
    model.applyServerMessage(done);
    expect(model.proposal('p-1')!.files).toEqual([]);
  });
});

describe('attachments', () => {
  const file = { path: 'work/sales.csv', name: 'sales.csv', size: 38 };

  it('go with the next message, then are cleared', () => {
    const rec = recorder();
    const model = new ChatModel({
      notebookPath: 'work/nb.ipynb',
      send: rec.send
    });
    model.applyServerMessage(opened());
    model.addAttachment(file);
    model.addAttachment(file); // once per path
    expect(model.attachments).toEqual([file]);
    expect(model.sendMessage('sum it', VIEW)).toBe(true);
    expect(rec.sent[0]).toMatchObject({ attachments: ['work/sales.csv'] });
    expect(model.attachments).toEqual([]);
  });

  it('come back when the server refuses the message', () => {
    const rec = recorder();
    const model = new ChatModel({
      notebookPath: 'work/nb.ipynb',
      send: rec.send
    });
    model.applyServerMessage(opened());
    model.addAttachment(file);
    model.sendMessage('sum it', VIEW);
    const requestId = (rec.sent[0] as { request_id: string }).request_id;
    model.applyServerMessage(
      errorReply('bad_attachment', 'refused: symlink', requestId)
    );
    expect(model.attachments).toEqual([file]);
    model.removeAttachment(file.path);
    expect(model.attachments).toEqual([]);
    model.sendMessage('again', VIEW);
    expect(rec.sent[1]).not.toHaveProperty('attachments');
  });
});

describe('the head of a long stream, for a collapsed card', () => {
  const stream = (n: number, from = 0) => ({
    output_type: 'stream' as const,
    name: 'stdout',
    text: Array.from({ length: n }, (_, i) => `line ${from + i}\n`).join('')
  });

  it('keeps a stream that fits, and cuts one that does not at a line', () => {
    expect(streamHead(stream(5), 60)).toEqual({ shown: stream(5), lines: 5 });
    const cut = streamHead(stream(10_000), 60);
    expect(cut.lines).toBe(60);
    expect((cut.shown as any).text).toBe(stream(60).text);
  });

  it('shows nothing of a stream once the room is used, and other outputs whole', () => {
    expect(streamHead(stream(3), 0)).toEqual({ shown: null, lines: 0 });
    const error = {
      output_type: 'error' as const,
      ename: 'E',
      evalue: 'v',
      traceback: []
    };
    expect(streamHead(error, 0)).toEqual({ shown: error, lines: 0 });
    const list = { ...stream(2), text: ['a\n', 'b\n', 'c'] };
    expect(streamHead(list, 2)).toEqual({
      shown: { ...list, text: 'a\nb\n' },
      lines: 2
    });
  });
});
