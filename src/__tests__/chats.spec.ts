import { Signal } from '@lumino/signaling';

/**
 * The chat side as index.ts wires it (router, manager, mirror link, cell questions) against a
 * fake connection, notebooks, mirror and chat store.
 */
import { CellQuestions } from '../cellquestions';
import { ChatManager } from '../chatmanager';
import { MirrorLink } from '../mirrorlink';
import type { ConnectionStatus } from '../connection';
import type {
  ExecutionEvent,
  ICellReplacement,
  INotebookEdits
} from '../notebookedits';
import { Preferences } from '../preferences';
import { ChatRouter } from '../router';
import { ServerInfo } from '../serverinfo';
import { PROTOCOL_VERSION } from '../tokens';
import type {
  ChatInfo,
  Info,
  ClientMessage,
  OpenChat,
  ServerMessage
} from '../protocol';
import { VIEW, errorReply, ev, opened, proposal } from './events';

class FakeConnection implements ChatRouter.IConnection {
  status: ConnectionStatus = 'disconnected';
  sent: ClientMessage[] = [];
  statusChanged = new Signal<this, ConnectionStatus>(this);
  messageReceived = new Signal<this, ServerMessage>(this);
  send(message: ClientMessage): boolean {
    if (this.status !== 'connected') {
      return false;
    }
    this.sent.push(message);
    return true;
  }
  setStatus(status: ConnectionStatus) {
    this.status = status;
    this.statusChanged.emit(status);
  }
  receive(message: ServerMessage) {
    this.messageReceived.emit(message);
  }
  opens(): OpenChat[] {
    return this.sent.filter((m): m is OpenChat => m.type === 'open_chat');
  }
}

const model = (id: string) => ({
  id,
  provider: id.split('/')[0],
  name: id.split('/')[1],
  tool_mode: 'tools' as const,
  vision: false,
  context_window: 0,
  local: false
});

/** What /gptinterp/info says, with `changes`. */
function serverInfo(changes: Partial<Info> = {}): Info {
  return {
    server_version: '1',
    protocol_version: PROTOCOL_VERSION,
    model: 'b',
    tool_mode: 'tools',
    provider: 'remote',
    configured: true,
    setup_hint: '',
    models: [model('p/a'), model('p/b')],
    default_model: 'p/b',
    allow_auto_run: false,
    max_upload_mb: 50,
    ...changes
  };
}

function setup(remembered: string | null = null, listed: ChatInfo[] = []) {
  const connection = new FakeConnection();
  const renamed: Array<[string, string]> = [];
  const removed: string[] = [];
  const metadata = new Map<string, string>();
  if (remembered) {
    metadata.set('nb.ipynb', remembered);
  }
  const notebooks: ChatManager.INotebooks = {
    chatIdOf: path => metadata.get(path) ?? null,
    rememberChat: (path, id) => metadata.set(path, id),
    view: () => VIEW,
    belowActiveCellId: () => 'cell-a'
  };
  const mirrored: Array<[string, number, boolean]> = [];
  const replayEnded: string[] = [];
  const replaced: ICellReplacement[] = [];
  const mirror: INotebookEdits = {
    handle: (e: ExecutionEvent, replay) =>
      mirrored.push([e.type, e.seq, replay]),
    diverted: () => false,
    endReplay: chatId => replayEnded.push(chatId),
    replaceCell: r => {
      replaced.push(r);
      return r.oldSource !== 'edited';
    }
  };
  const router = new ChatRouter({ connection });
  const trans = { __: (s: string) => s };
  new MirrorLink({ router, mirror, trans });
  const server = new ServerInfo();
  const preferences = new Preferences();
  const manager = new ChatManager({
    router,
    notebooks,
    server,
    preferences,
    store: {
      list: async () => listed,
      rename: async (chatId, title) => {
        renamed.push([chatId, title]);
        return { ...listed[0], chat_id: chatId, title: title.trim() };
      },
      remove: async chatId => {
        removed.push(chatId);
        listed = listed.filter(c => c.chat_id !== chatId);
      }
    }
  });
  const questions = new CellQuestions({ manager, router });
  return {
    connection,
    manager,
    questions,
    server,
    preferences,
    metadata,
    mirrored,
    replayEnded,
    replaced,
    renamed,
    removed
  };
}

const started = (seq: number, chat_id = 'c-1') =>
  ev('execution_started', {
    seq,
    chat_id,
    proposal_id: 'p-1',
    kernel_id: 'k',
    notebook_path: 'nb.ipynb',
    code: '1',
    after_cell_id: null,
    cell_id: null
  });

describe('ChatManager', () => {
  it('opens the remembered chat once connected, and does not mirror its history', async () => {
    const { connection, manager, mirrored, replayEnded } = setup('c-1');
    await manager.show('nb.ipynb');
    expect(connection.sent).toHaveLength(0); // not connected yet
    connection.setStatus('connected');
    const [open] = connection.opens();
    expect(open).toMatchObject({
      chat_id: 'c-1',
      after_seq: 0,
      notebook_path: 'nb.ipynb'
    });

    connection.receive(opened('c-1', 2, open.request_id));
    connection.receive(ev('user_message', { seq: 1, text: 'hi' }));
    connection.receive(started(2));
    expect(replayEnded).toEqual(['c-1']);
    connection.receive(
      ev('execution_output', {
        seq: 3,
        proposal_id: 'p-1',
        index: 0,
        output: { output_type: 'stream', name: 'stdout', text: 'x' }
      })
    );
    expect(mirrored).toEqual([
      ['execution_started', 2, true],
      ['execution_output', 3, false]
    ]);
    expect(manager.current?.chatId).toBe('c-1');
    expect(manager.current?.items).toHaveLength(1);
  });

  it('re-opens its chats after a reconnect, asking only for what it missed', async () => {
    const { connection, manager } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    connection.receive(ev('user_message', { seq: 1, text: 'hi' }));
    connection.receive(ev('turn_started', { seq: 2, turn_id: 't' }));

    connection.setStatus('disconnected');
    connection.setStatus('connected');
    const reopen = connection.opens()[1];
    expect(reopen).toMatchObject({ chat_id: 'c-1', after_seq: 2 });
    connection.receive(opened('c-1', 3, reopen.request_id));
    connection.receive(ev('user_message', { seq: 1, text: 'hi' })); // replayed again: ignored
    connection.receive(started(3));
    expect(manager.current?.items.map(i => i.kind)).toEqual(['user']);
    expect(manager.current?.lastSeq).toBe(3);
  });

  it('falls back to the newest listed chat, or a new one it remembers', async () => {
    const listed = [
      {
        chat_id: 'c-9',
        notebook_path: 'nb.ipynb',
        title: '',
        created: 0,
        updated: 5
      }
    ];
    const a = setup(null, listed);
    a.connection.setStatus('connected');
    await a.manager.show('nb.ipynb');
    expect(a.connection.opens()[0].chat_id).toBe('c-9');

    const b = setup('gone');
    b.connection.setStatus('connected');
    await b.manager.show('nb.ipynb');
    const first = b.connection.opens()[0];
    b.connection.receive(
      errorReply(
        'unknown_chat',
        'There is no such chat.',
        first.request_id,
        null
      )
    );
    const second = b.connection.opens()[1];
    expect(second.chat_id).toBeNull();
    b.connection.receive(opened('c-new', 0, second.request_id));
    expect(b.metadata.get('nb.ipynb')).toBe('c-new');
    expect(b.manager.current?.items).toHaveLength(0);
  });

  it('switches between a notebook’s chats, renames and deletes them', async () => {
    const info = (chat_id: string, updated: number): ChatInfo => ({
      chat_id,
      notebook_path: 'nb.ipynb',
      title: chat_id,
      created: 0,
      updated
    });
    const { connection, manager, metadata, renamed, removed } = setup('c-1', [
      info('c-2', 9),
      info('c-1', 5)
    ]);
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    const first = manager.current!;

    expect((await manager.chats()).map(c => c.chat_id)).toEqual(['c-2', 'c-1']);
    expect(manager.switchTo('c-2')).toBe(true);
    const open = connection.opens()[1];
    expect(open).toMatchObject({ chat_id: 'c-2', after_seq: 0 });
    connection.receive(opened('c-2', 0, open.request_id));
    expect(manager.current?.chatId).toBe('c-2');
    expect(metadata.get('nb.ipynb')).toBe('c-2');
    // Back to the first: the model is reused, nothing is opened again.
    expect(manager.switchTo('c-1')).toBe(true);
    expect(manager.current).toBe(first);
    expect(connection.opens()).toHaveLength(2);
    expect(metadata.get('nb.ipynb')).toBe('c-1');

    await manager.rename('  Plots ');
    expect(renamed).toEqual([['c-1', '  Plots ']]);
    expect(manager.current?.title).toBe('Plots');

    await manager.deleteCurrent();
    expect(removed).toEqual(['c-1']);
    const next = connection.opens()[2];
    expect(next.chat_id).toBe('c-2'); // the most recent remaining chat
    connection.receive(opened('c-2', 0, next.request_id));
    expect(manager.current?.chatId).toBe('c-2');
    // Events of the deleted chat reach no model.
    connection.receive(
      ev('user_message', { seq: 1, text: 'late', chat_id: 'c-1' })
    );
    expect(first.items).toHaveLength(0);
  });

  it('sends with the picked model if offered', async () => {
    const { connection, manager, server, preferences } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    server.setInfo(serverInfo());
    const sent = () =>
      connection.sent.filter(m => m.type === 'send_message').pop() as any;

    preferences.set({ model: 'gone/model' });
    expect(manager.model?.id).toBe('p/b'); // not offered any more: the default
    manager.current!.setDraft('hi');
    expect(manager.send()).toBe(true);
    expect(sent()).toMatchObject({ model: 'p/b' });
    expect('auto_run' in sent()).toBe(false); // the chat's mode is the server's, not the message's
    connection.receive(ev('user_message', { seq: 1, text: 'hi' }));

    preferences.set({ model: 'p/a', generatedCells: 'end' });
    expect(manager.send('again')).toBe(true);
    expect(sent()).toMatchObject({ model: 'p/a' });
  });

  it('sets a chat’s approval mode only where the admin allows it, as the server says', async () => {
    const { connection, manager, server } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    const modes = () =>
      connection.sent.filter(m => m.type === 'set_approval_mode') as any[];

    server.setInfo(serverInfo({ allow_auto_run: false }));
    expect(manager.approvalMode).toBe('ask');
    expect(manager.setApprovalMode('auto')).toBe(false); // locked: nothing is sent
    expect(modes()).toHaveLength(0);

    server.setInfo(serverInfo({ allow_auto_run: true }));
    expect(manager.setApprovalMode('auto')).toBe(true);
    expect(modes()).toEqual([
      expect.objectContaining({ chat_id: 'c-1', mode: 'auto' })
    ]);
    expect(manager.approvalMode).toBe('ask'); // not before the server records it
    connection.receive(
      ev('approval_mode', { seq: 1, mode: 'auto', user: 'alice' })
    );
    expect(manager.approvalMode).toBe('auto');
    const items = manager.current!.items;
    expect(items[items.length - 1]).toMatchObject({
      kind: 'notice',
      level: 'warning'
    });
    // Replayed (a reconnect): applied once.
    connection.receive(
      ev('approval_mode', { seq: 1, mode: 'auto', user: 'alice' })
    );
    expect(
      manager.current!.items.filter(i => i.kind === 'notice')
    ).toHaveLength(1);

    // The admin turns it off later: the chat asks again, whatever it was set to.
    server.setInfo(serverInfo({ allow_auto_run: false }));
    expect(manager.approvalMode).toBe('ask');
  });

  it('keeps the attachments within the server’s limit', () => {
    const { server } = setup('c-1');
    expect(server.maxUploadBytes(50 * 1024 * 1024)).toBe(50 * 1024 * 1024);
    server.setInfo(serverInfo({ max_upload_mb: 1 }));
    expect(server.maxUploadBytes(50 * 1024 * 1024)).toBe(1024 * 1024);
    expect(server.maxUploadBytes(1024)).toBe(1024);
  });

  it('keeps a notebook’s chat when the notebook is renamed', async () => {
    const { connection, manager } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    const model = manager.current!;
    manager.notebookMoved('nb.ipynb', 'renamed.ipynb');
    expect(model.notebookPath).toBe('renamed.ipynb');
    await manager.show('renamed.ipynb');
    expect(manager.current).toBe(model);
    expect(connection.opens()).toHaveLength(1);
  });

  it('approves the pending proposal below the active cell', async () => {
    const { connection, manager } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    connection.receive(proposal(1, 'p-1', 'x = 1'));
    manager.current!.setProposalCode('p-1', 'x = 2');
    expect(manager.approve('p-1')).toBe(true);
    expect(connection.sent[connection.sent.length - 1]).toMatchObject({
      type: 'approve',
      proposal_id: 'p-1',
      code: 'x = 2',
      after_cell_id: 'cell-a'
    });
  });

  it('asks about a cell in a notebook without a chat: starts one, then sends', async () => {
    const { connection, questions } = setup();
    connection.setStatus('connected');
    const asked = questions.ask(
      'nb.ipynb',
      { action: 'fix', cellId: 'cell-b' },
      'Fix cell [3]: 1/0'
    );
    expect(await asked).toBe(true);
    const open = connection.opens()[0];
    expect(open.chat_id).toBeNull();
    expect(connection.sent.some(m => m.type === 'send_message')).toBe(false);
    connection.receive(opened('c-2', 0, open.request_id));
    expect(connection.sent[connection.sent.length - 1]).toMatchObject({
      type: 'send_message',
      chat_id: 'c-2',
      text: 'Fix cell [3]: 1/0',
      action: 'fix',
      cell_id: 'cell-b'
    });
  });

  it('asks about a cell in a chat in progress right away', async () => {
    const { connection, manager, questions } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    expect(
      await questions.ask(
        'nb.ipynb',
        { action: 'explain', cellId: 'cell-a' },
        'Explain cell [1]: x = 1'
      )
    ).toBe(true);
    expect(connection.sent[connection.sent.length - 1]).toMatchObject({
      type: 'send_message',
      action: 'explain',
      cell_id: 'cell-a'
    });
  });

  it('accepts a fix without running it, then replaces the cell’s source', async () => {
    const { connection, manager, replaced } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    connection.receive(fixProposal(1));
    expect(manager.approve('p-fix', false)).toBe(true);
    expect(connection.sent[connection.sent.length - 1]).toMatchObject({
      type: 'approve',
      proposal_id: 'p-fix',
      code: 'print(1)',
      run: false
    });
    expect(replaced).toEqual([]);
    connection.receive(decided(2, false));
    expect(replaced).toEqual([
      {
        notebookPath: 'nb.ipynb',
        cellId: 'cell-b',
        oldSource: 'print(1',
        code: 'print(1)'
      }
    ]);
    expect(manager.current!.items.map(i => i.kind)).toEqual(['proposal']);
  });

  it('says so when an accepted fix could not be applied (the cell changed)', async () => {
    const { connection, manager, replaced } = setup('c-1');
    connection.setStatus('connected');
    await manager.show('nb.ipynb');
    connection.receive(opened('c-1', 0, connection.opens()[0].request_id));
    connection.receive({ ...fixProposal(1), old_source: 'edited' });
    connection.receive(decided(2, false));
    expect(replaced).toHaveLength(1);
    const notice = manager.current!.items[1];
    expect(notice).toMatchObject({ kind: 'notice', level: 'warning' });
  });

  it('leaves the source to the execution when the fix runs, and to history on replay', async () => {
    const a = setup('c-1');
    a.connection.setStatus('connected');
    await a.manager.show('nb.ipynb');
    a.connection.receive(opened('c-1', 0, a.connection.opens()[0].request_id));
    a.connection.receive(fixProposal(1));
    expect(a.manager.approve('p-fix', true)).toBe(true);
    expect(a.connection.sent[a.connection.sent.length - 1]).toMatchObject({
      run: true
    });
    a.connection.receive(decided(2, true));
    expect(a.replaced).toEqual([]);

    const b = setup('c-1');
    b.connection.setStatus('connected');
    await b.manager.show('nb.ipynb');
    b.connection.receive(opened('c-1', 2, b.connection.opens()[0].request_id));
    b.connection.receive(fixProposal(1));
    b.connection.receive(decided(2, false));
    expect(b.replaced).toEqual([]);
  });
});

function fixProposal(seq: number) {
  return ev('proposal', {
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
}

function decided(seq: number, run: boolean) {
  return ev('proposal_decided', {
    seq,
    proposal_id: 'p-fix',
    decision: 'approved',
    code: 'print(1)',
    reason: '',
    run,
    after_cell_id: null
  });
}
