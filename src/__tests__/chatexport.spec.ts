import { chatToMarkdown, chatToNotebook, exportName } from '../chatexport';
import type { ChatItem, IProposalItem } from '../items';

const user = (text: string): ChatItem => ({ kind: 'user', key: 'u', text });
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
const card = (over: Partial<IProposalItem>): ChatItem =>
  ({
    kind: 'proposal',
    key: 'p',
    proposalId: 'p1',
    proposalKind: 'run_code',
    cellId: null,
    oldSource: null,
    code: 'print(6 * 7)',
    proposedCode: 'print(6 * 7)',
    reason: 'compute it',
    notebookPath: 'a.ipynb',
    status: 'done',
    decisionReason: '',
    submitting: false,
    outputs: [{ output_type: 'stream', name: 'stdout', text: '42\n' }],
    executionCount: 3,
    result: 'ok',
    message: '',
    startedAt: null,
    kernelBusy: false,
    elapsed: 10,
    files: [],
    ...over
  }) as unknown as ChatItem;

const chat = [
  user('What is 6 times 7?'),
  said('I will compute it.'),
  card({}),
  card({
    proposalId: 'p2',
    code: 'import os\nos.remove("x")',
    status: 'rejected',
    decisionReason: 'no deleting',
    outputs: [],
    executionCount: null
  }),
  said('It is **42**.')
];

describe('chatToMarkdown', () => {
  it('has the messages, the code with its outputs, and what was rejected and why', () => {
    const md = chatToMarkdown('Sums', chat);
    expect(md.startsWith('# Sums\n')).toBe(true);
    expect(md).toContain('> **You:** What is 6 times 7?');
    expect(md).toContain('**Code** (ran [3])');
    expect(md).toContain('```python\nprint(6 * 7)\n```');
    expect(md).toContain('```\n42\n```');
    expect(md).toContain('**Code** (rejected: no deleting)');
    expect(md).toContain('It is **42**.');
  });

  it('fences code that holds a fence', () => {
    const md = chatToMarkdown('t', [card({ code: 'x = """\n```\n"""' })]);
    expect(md).toContain('````python\nx = """\n```\n"""\n````');
  });
});

describe('chatToNotebook', () => {
  it('makes only code that ran a code cell, with its outputs and count', () => {
    const nb = chatToNotebook('Sums', chat);
    expect(nb.nbformat).toBe(4);
    const kinds = nb.cells.map(c => c.cell_type);
    expect(kinds).toEqual([
      'markdown',
      'markdown',
      'markdown',
      'code',
      'markdown',
      'markdown'
    ]);
    const code = nb.cells[3];
    expect(code.source).toBe('print(6 * 7)');
    expect(code.execution_count).toBe(3);
    expect(code.outputs).toEqual([
      { output_type: 'stream', name: 'stdout', text: '42\n' }
    ]);
    expect(nb.cells[4].source).toContain('rejected: no deleting');
  });
});

describe('exportName', () => {
  it('keeps the title, without what paths cannot hold', () => {
    expect(exportName('Plot a/b: revenue?', '.md')).toBe('Plot a b revenue.md');
    expect(exportName('  ', '.ipynb')).toBe('chat.ipynb');
  });
});
