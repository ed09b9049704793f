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
