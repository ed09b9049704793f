/**
 * Fixing a cell, at the model level: a replace_cell proposal, its approval without running,
 * and the stale rule that keeps a fix from overwriting the user's edit.
 */
import { ChatModel } from '../model';
import type { IProposalItem } from '../items';
import { isStale, replacementState } from '../replacement';
import { VIEW, ev, opened, recorder } from './events';

function setup() {
  const rec = recorder();
  const model = new ChatModel({ notebookPath: 'nb.ipynb', send: rec.send });
  model.applyServerMessage(opened());
  return { model, ...rec };
}

const fix = (seq: number) =>
  ev('proposal', {
    seq,
    proposal_id: 'p-fix',
    code: 'print(1)',
    reason: 'a parenthesis was missing',
    notebook_path: 'nb.ipynb',
    kernel_id: 'k-1',
    kind: 'replace_cell',
    cell_id: 'cell-b',
    old_source: 'print(1'
  });

describe('fixing a cell', () => {
  it('sends explain and fix requests with the cell id, keeping the draft', () => {
    const { model, sent } = setup();
    model.setDraft('half-typed');
    expect(
      model.sendMessage('Fix cell [3]: print(1', VIEW, {
        action: 'fix',
        cellId: 'cell-b'
      })
    ).toBe(true);
    expect(sent[0]).toMatchObject({
      type: 'send_message',
      text: 'Fix cell [3]: print(1',
      action: 'fix',
      cell_id: 'cell-b'
    });
    expect(model.draft).toBe('half-typed');
    expect(model.busy).toBe(true);
  });

  it('makes a replace_cell proposal a diff item with the old source', () => {
    const { model } = setup();
    model.applyServerMessage(fix(1));
    const item = model.items[0] as IProposalItem;
    expect(item).toMatchObject({
      kind: 'proposal',
      proposalKind: 'replace_cell',
      cellId: 'cell-b',
      oldSource: 'print(1',
      code: 'print(1)',
      reason: 'a parenthesis was missing',
      status: 'pending'
    });
  });

  it('accepts without running: approve with run false, once', () => {
    const { model, sent } = setup();
    model.applyServerMessage(fix(1));
    expect(model.approve('p-fix', 'print(1)', null, false)).toBe(true);
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'approve',
        chat_id: 'c-1',
        proposal_id: 'p-fix',
        code: 'print(1)',
        after_cell_id: null,
        run: false
      })
    ]);
    expect(model.proposal('p-fix')?.submitting).toBe(true);
    expect(model.approve('p-fix', 'print(1)', null, false)).toBe(false);

    model.applyServerMessage(
      ev('proposal_decided', {
        seq: 2,
        proposal_id: 'p-fix',
        decision: 'approved',
        code: 'print(1)',
        reason: '',
        run: false,
        after_cell_id: null
      })
    );
    expect(model.proposal('p-fix')).toMatchObject({
      status: 'approved',
      submitting: false
    });
  });

  it('does not send run for a run_code approval', () => {
    const { model, sent } = setup();
    model.applyServerMessage(
      ev('proposal', { ...fix(1), kind: 'run_code', cell_id: null })
    );
    model.approve('p-fix', 'print(1)', 'cell-a');
    expect(sent[0]).not.toHaveProperty('run');
  });
});

describe('replacementState', () => {
  it('is current while the cell holds the source the fix was made for', () => {
    expect(replacementState('print(1', 'print(1')).toBe('current');
    expect(replacementState(null, '')).toBe('current');
    expect(isStale('current')).toBe(false);
  });

  it('is changed when the user edited the cell', () => {
    expect(replacementState('print(1', 'print(2')).toBe('changed');
    expect(isStale('changed')).toBe(true);
  });

  it('is deleted when no cell has the id any more', () => {
    expect(replacementState('print(1', null)).toBe('deleted');
    expect(isStale('deleted')).toBe(true);
  });

  it('is unknown, not stale, when the notebook is not open here', () => {
    expect(replacementState('print(1', undefined)).toBe('unknown');
    expect(isStale('unknown')).toBe(false);
  });
});
