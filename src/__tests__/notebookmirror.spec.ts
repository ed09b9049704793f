import type { ICodeCellModel } from '@jupyterlab/cells';
import { NotebookModel } from '@jupyterlab/notebook';

import { NotebookMirror } from '../notebookmirror';
import { ev } from './events';

function setup(savedAt?: number) {
  const model = new NotebookModel();
  model.sharedModel.insertCells(0, [
    { cell_type: 'code', source: 'a = 1', id: 'c1' },
    { cell_type: 'code', source: 'b = 2', id: 'c2' }
  ]);
  // savedAt: the file's last save, in server seconds (the notebook is loaded).
  const loaded =
    savedAt === undefined
      ? {}
      : {
          isReady: true,
          contentsModel: {
            last_modified: new Date(savedAt * 1000).toISOString()
          }
        };
  const panel = {
    context: { path: 'nb.ipynb', ready: Promise.resolve(), ...loaded },
    content: { model, widgets: [] }
  };
  const tracker = { find: (match: (p: any) => boolean) => [panel].find(match) };
  const mirror = new NotebookMirror({
    tracker: tracker as any,
    label: 'generated'
  });
  return { model, mirror };
}

const started = (
  seq: number,
  proposal_id = 'p-1',
  after_cell_id: string | null = 'c1'
) =>
  ev('execution_started', {
    seq,
    proposal_id,
    kernel_id: 'k',
    notebook_path: 'nb.ipynb',
    code: 'print(1)',
    after_cell_id,
    cell_id: null
  });
const output = (
  seq: number,
  index: number,
  text: string,
  proposal_id = 'p-1'
) =>
  ev('execution_output', {
    seq,
    proposal_id,
    index,
    output: {
      output_type: 'execute_result',
      data: { 'text/plain': text },
      metadata: {},
      execution_count: 3
    }
  });
const done = (seq: number, proposal_id = 'p-1') =>
  ev('execution_done', {
    seq,
    proposal_id,
    status: 'ok',
    execution_count: 3,
    message: '',
    files: []
  });

const sources = (model: NotebookModel) =>
  Array.from(model.cells).map(c => c.sharedModel.getSource());

describe('NotebookMirror', () => {
  it('inserts the approved code below the given cell, fills outputs once, sets the count', () => {
    const { model, mirror } = setup();
    mirror.handle(started(1), false);
    expect(sources(model)).toEqual(['a = 1', 'print(1)', 'b = 2']);
    const cell = model.cells.get(1) as ICodeCellModel;
    expect(cell.getMetadata('gptinterp')).toEqual({
      chat_id: 'c-1',
      proposal_id: 'p-1'
    });

    mirror.handle(output(2, 0, "'x'"), false);
    mirror.handle(output(2, 0, "'x'"), false); // replayed: no duplicate
    mirror.handle(output(3, 1, "'y'"), false);
    mirror.handle(started(1), false); // replayed start: the same cell, no second one
    mirror.handle(done(4), false);
    expect(model.cells.length).toBe(3);
    expect(cell.outputs.length).toBe(2);
    expect(cell.executionCount).toBe(3);
  });

  it('does not mirror history again, but picks up an execution still running', () => {
    const { model, mirror } = setup();
    mirror.handle(started(1, 'p-old'), true);
    mirror.handle(output(2, 0, 'old', 'p-old'), true);
    mirror.handle(done(3, 'p-old'), true);
    mirror.handle(started(4, 'p-new', null), true);
    mirror.handle(output(5, 0, 'new', 'p-new'), true);
    expect(model.cells.length).toBe(2);

    mirror.endReplay('c-1');
    expect(sources(model)).toEqual(['a = 1', 'b = 2', 'print(1)']);
    const cell = model.cells.get(2) as ICodeCellModel;
    expect(cell.outputs.length).toBe(1);
    mirror.handle(output(6, 1, 'more', 'p-new'), false);
    expect(cell.outputs.length).toBe(2);
  });

  it('writes a replayed run again only when it went on after the notebook was last saved', () => {
    const { model, mirror } = setup(1000);
    const at = (e: any, ts: number) => ({ ...e, ts });
    // Saved after it: the file holds it, or the user deleted it since.
    mirror.handle(at(started(1, 'p-saved'), 990), true);
    mirror.handle(at(done(2, 'p-saved'), 995), true);
    // Finished after the last save: the page that wrote it was reloaded before a save.
    mirror.handle(at(started(3, 'p-lost', 'c2'), 1001), true);
    mirror.handle(at(output(4, 0, 'lost', 'p-lost'), 1002), true);
    mirror.handle(at(done(5, 'p-lost'), 1003), true);
    expect(model.cells.length).toBe(2);

    mirror.endReplay('c-1');
    expect(sources(model)).toEqual(['a = 1', 'b = 2', 'print(1)']);
    const cell = model.cells.get(2) as ICodeCellModel;
    expect(cell.outputs.get(0).data['text/plain']).toBe('lost');
    expect(cell.executionCount).toBe(3);
    mirror.endReplay('c-1'); // again (a reconnect): no second copy
    expect(model.cells.length).toBe(3);
  });

  it('reuses the cell a previous page inserted, refilling its outputs', () => {
    const { model, mirror } = setup();
    model.sharedModel.insertCell(1, {
      cell_type: 'code',
      source: 'print(1)',
      metadata: { gptinterp: { chat_id: 'c-1', proposal_id: 'p-1' } },
      outputs: [{ output_type: 'stream', name: 'stdout', text: 'stale' }]
    });
    mirror.handle(started(1), true);
    mirror.handle(output(2, 0, 'fresh'), true);
    mirror.endReplay('c-1');
    expect(model.cells.length).toBe(3);
    const cell = model.cells.get(1) as ICodeCellModel;
    expect(cell.outputs.length).toBe(1);
    expect(cell.outputs.get(0).data['text/plain']).toBe('fresh');
  });

  it('replaces an accepted fix’s cell source, never over the user’s edit', () => {
    const { model, mirror } = setup();
    const fix = {
      notebookPath: 'nb.ipynb',
      cellId: 'c2',
      oldSource: 'b = 2',
      code: 'b = 3'
    };
    expect(mirror.replaceCell(fix)).toBe(true);
    expect(model.cells.get(1).sharedModel.getSource()).toBe('b = 3');

    model.cells.get(1).sharedModel.setSource('b = 4');
    expect(
      mirror.replaceCell({ ...fix, oldSource: 'b = 3', code: 'b = 5' })
    ).toBe(false);
    expect(mirror.replaceCell({ ...fix, code: 'b = 6' })).toBe(false);
    expect(model.cells.get(1).sharedModel.getSource()).toBe('b = 4');

    expect(mirror.replaceCell({ ...fix, cellId: 'gone' })).toBe(false);
    expect(model.cells.length).toBe(2);
  });

  it('makes an accepted fix one undo step of its own, even right after typing', () => {
    const { model, mirror } = setup();
    const cell = model.cells.get(1).sharedModel;
    cell.setSource('b = 22'); // typed just now: well within Yjs's 500 ms capture window
    expect(
      mirror.replaceCell({
        notebookPath: 'nb.ipynb',
        cellId: 'c2',
        oldSource: 'b = 22',
        code: 'b = 3'
      })
    ).toBe(true);
    cell.undo();
    expect(cell.getSource()).toBe('b = 22');
    cell.undo();
    expect(cell.getSource()).toBe('b = 2');
  });

  it('runs an accepted fix in its cell, or below it when the user edited the cell meanwhile', () => {
    const inPlace = (seq: number, proposal_id: string) =>
      ev('execution_started', {
        seq,
        proposal_id,
        kernel_id: 'k',
        notebook_path: 'nb.ipynb',
        code: 'b = 3',
        after_cell_id: null,
        cell_id: 'c2'
      });
    const { model, mirror } = setup();
    mirror.handle(inPlace(1, 'p-1'), false, 'b = 2');
    expect(sources(model)).toEqual(['a = 1', 'b = 3']);
    expect(mirror.diverted('p-1')).toBe(false);

    // Between the click and the run, the user typed into the cell: their edit stays.
    model.cells.get(1).sharedModel.setSource('b = 2  # mine');
    mirror.handle(inPlace(2, 'p-2'), false, 'b = 3');
    expect(sources(model)).toEqual(['a = 1', 'b = 2  # mine', 'b = 3']);
    expect(mirror.diverted('p-2')).toBe(true);
    expect(model.cells.get(2).getMetadata('gptinterp')).toEqual({
      chat_id: 'c-1',
      proposal_id: 'p-2'
    });
  });
});
