/**
 * ChatManager: which chat belongs to which notebook, and the routing of server messages to
 * chat models and to the notebook mirror.
 *
 * One chat per notebook path in this version. Its id is found, in order: in the notebook's
 * metadata (`gptinterp.chat_id`), as the notebook's most recently updated chat on the server,
 * or a new chat is opened. Chats stay subscribed once opened, so a turn keeps mirroring into
 * its notebook while another notebook is shown. On every (re)connection each chat is
 * re-opened with `after_seq` = the last seq its model saw, and the server replays the rest.
 */
import { ISignal, Signal } from '@lumino/signaling';

import type { ConnectionStatus } from './connection';
import { ChatModel } from './model';
import type { ApprovalMode } from './model';
import type { ExecutionEvent } from './notebook';
import type {
  ChatInfo,
  ChatOpened,
  ClientMessage,
  Error as ErrorReply,
  Info,
  ModelInfo,
  NotebookView,
  ProposalDecided,
  ServerMessage
} from './protocol';

interface IOpening {
  readonly model: ChatModel;
  readonly chatId: string | null;
  /** Opened by "New chat": remember it in the notebook right away. */
  readonly remember: boolean;
}

export class ChatManager {
  constructor(options: ChatManager.IOptions) {
    this._connection = options.connection;
    this._notebooks = options.notebooks;
    this._mirror = options.mirror;
    this._store = options.store;
    this._trans = options.trans ?? { __: (s: string) => s };
    this._connection.messageReceived.connect((_, msg) => this._route(msg));
    this._connection.statusChanged.connect(this._onStatus, this);
  }

  /** The current chat, the connection status or the problem changed. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }
  get current(): ChatModel | null {
    return this._current;
  }
  get status(): ConnectionStatus {
    return this._connection.status;
  }
  /** Why the chat cannot work at all (version mismatch, server extension missing), or ''. */
  get problem(): string {
    return this._problem;
  }

  /** What the server offers: its models, its default, whether auto-run may be turned on. */
  get info(): Info | null {
    return this._info;
  }

  setInfo(info: Info): void {
    this._info = info;
    this._changed.emit();
  }

  /** The user's choices (from the settings registry). */
  get preferences(): ChatManager.IPreferences {
    return this._preferences;
  }

  setPreferences(preferences: ChatManager.IPreferences): void {
    this._preferences = preferences;
    this._changed.emit();
  }

  /** The model messages go to: the user's pick if the server offers it, else the default. */
  get model(): ModelInfo | null {
    const models = this._info?.models ?? [];
    return (
      models.find(m => m.id === this._preferences.model) ??
      models.find(m => m.id === this._info?.default_model) ??
      null
    );
  }

  /** Whether the server lets a chat run proposed code without asking (the admin's lock). */
  get autoRunAllowed(): boolean {
    return !!this._info?.allow_auto_run;
  }

  /**
   * The current chat's approval mode as the server applies it: 'auto' only while the admin
   * allows it (a chat set to 'auto' asks again once the admin turns it off).
   */
  get approvalMode(): ApprovalMode {
    return this.autoRunAllowed && this._current?.approvalMode === 'auto'
      ? 'auto'
      : 'ask';
  }

  /** Set the current chat's approval mode (refused by the server where the admin forbids it). */
  setApprovalMode(mode: ApprovalMode): boolean {
    const model = this._current;
    if (!model || (mode === 'auto' && !this.autoRunAllowed)) {
      return false;
    }
    return model.setApprovalMode(mode);
  }

  /** The largest attachment, in bytes: the user's setting, within the server's limit. */
  maxUploadBytes(userMB: number): number {
    const serverMB = this._info?.max_upload_mb ?? 0;
    const mb = serverMB > 0 ? Math.min(userMB, serverMB) : userMB;
    return mb * 1024 * 1024;
  }

  private _sendOptions(): ChatModel.ISendOptions {
    return { model: this.model?.id ?? null };
  }

  setProblem(problem: string): void {
    if (problem !== this._problem) {
      this._problem = problem;
      this._changed.emit();
    }
  }

  /** Show the chat of the notebook at `path` (null: no notebook is current). */
  async show(path: string | null): Promise<void> {
    const existing = path === null ? null : this._byPath.get(path);
    if (path === null || existing) {
      this._setCurrent(existing ?? null);
      return;
    }
    const model = this._create(path);
    this._setCurrent(model);
    this._open(model, await this._resolveChatId(path), false);
  }

  /** Start a new chat for the current notebook; the old one stays on the server. */
  newChat(): boolean {
    const path = this._current?.notebookPath;
    if (path === undefined) {
      return false;
    }
    const model = this._create(path);
    this._setCurrent(model);
    this._open(model, null, true);
    return true;
  }

  /** The chats of the current notebook, most recently updated first. */
  async chats(): Promise<ChatInfo[]> {
    const path = this._current?.notebookPath;
    return path === undefined ? [] : this._store.list(path);
  }

  /** Show another chat of the current notebook, and remember it in the notebook. */
  switchTo(chatId: string): boolean {
    const current = this._current;
    if (!current || current.chatId === chatId) {
      return false;
    }
    const path = current.notebookPath;
    const known = this._byChat.get(chatId);
    const model = known ?? this._create(path);
    this._byPath.set(path, model);
    this._setCurrent(model);
    if (known) {
      this._notebooks.rememberChat(path, chatId);
    } else {
      this._open(model, chatId, true);
    }
    return true;
  }

  /** Rename the current chat on the server. */
  async rename(title: string): Promise<void> {
    const model = this._current;
    if (!model?.chatId) {
      return;
    }
    const info = await this._store.rename(model.chatId, title);
    model.setTitle(info.title);
  }

  /**
   * Delete the current chat (its turn stops, its pending code can never run), then show the
   * notebook's most recent other chat, or a new one.
   */
  async deleteCurrent(): Promise<void> {
    const model = this._current;
    if (!model?.chatId) {
      return;
    }
    const chatId = model.chatId;
    await this._store.remove(chatId);
    this._byChat.delete(chatId);
    this._replayUntil.delete(chatId);
    const path = model.notebookPath;
    const rest = (await this._store.list(path)).filter(
      c => c.chat_id !== chatId
    );
    const next = this._create(path);
    this._setCurrent(next);
    this._open(next, rest[0]?.chat_id ?? null, true);
  }

  /** A notebook was renamed (the server moves its chats itself): keep its chat with it. */
  notebookMoved(oldPath: string, newPath: string): void {
    const model = this._byPath.get(oldPath);
    if (model && !this._byPath.has(newPath)) {
      this._byPath.delete(oldPath);
      model.setNotebookPath(newPath);
      this._byPath.set(newPath, model);
      this._changed.emit();
    }
  }

  send(text?: string): boolean {
    const model = this._current;
    if (!model || model.chatId === null) {
      return false;
    }
    const view = this._notebooks.view(model.notebookPath);
    if (!view) {
      model.addNotice(
        'error',
        this._trans.__('Open the notebook to chat about it.')
      );
      return false;
    }
    const sent = model.sendMessage(
      text ?? model.draft,
      view,
      undefined,
      this._sendOptions()
    );
    if (sent) {
      this._notebooks.rememberChat(model.notebookPath, model.chatId);
    }
    return sent;
  }

  /**
   * Ask about one cell of the notebook at `path`: show its chat (starting one if it has
   * none) and send `text` with the action, once the chat is open.
   */
  async ask(
    path: string,
    cell: ChatModel.ICellAction,
    text: string
  ): Promise<boolean> {
    await this.show(path);
    const model = this._byPath.get(path);
    if (!model) {
      return false;
    }
    if (model.chatId === null) {
      this._asked.set(model, { cell, text });
      return true;
    }
    return this._sendAsked(model, cell, text);
  }

  /**
   * Approve a proposal (default: the pending one) with its code as the user edited it. For
   * a cell replacement, `run` says whether to run it after replacing (default: no).
   */
  approve(proposalId?: string, run?: boolean): boolean {
    const model = this._current;
    const item = proposalId
      ? model?.proposal(proposalId)
      : model?.pendingProposal();
    if (!model || !item) {
      return false;
    }
    if (item.proposalKind === 'replace_cell') {
      return model.approve(item.proposalId, item.code, null, !!run);
    }
    const after =
      this._preferences.generatedCells === 'end'
        ? null
        : this._notebooks.belowActiveCellId(item.notebookPath);
    return model.approve(item.proposalId, item.code, after);
  }

  reject(proposalId?: string, reason = ''): boolean {
    const model = this._current;
    const item = proposalId
      ? model?.proposal(proposalId)
      : model?.pendingProposal();
    return !!model && !!item && model.reject(item.proposalId, reason);
  }

  stop(): boolean {
    return !!this._current?.stop();
  }

  private _sendAsked(
    model: ChatModel,
    cell: ChatModel.ICellAction,
    text: string
  ): boolean {
    const view = this._notebooks.view(model.notebookPath);
    if (!view) {
      model.addNotice(
        'error',
        this._trans.__('Open the notebook to chat about it.')
      );
      return false;
    }
    if (model.busy) {
      model.addNotice(
        'warning',
        this._trans.__(
          'The assistant is busy; stop it or wait for its answer, then ask again.'
        )
      );
      return false;
    }
    return model.sendMessage(text, view, cell, this._sendOptions());
  }

  private _create(path: string): ChatModel {
    const model = new ChatModel({
      notebookPath: path,
      send: msg => this._connection.send(msg)
    });
    this._byPath.set(path, model);
    return model;
  }

  private async _resolveChatId(path: string): Promise<string | null> {
    const remembered = this._notebooks.chatIdOf(path);
    if (remembered) {
      return remembered;
    }
    try {
      const chats = await this._store.list(path);
      return chats[0]?.chat_id ?? null;
    } catch (reason) {
      console.warn('gptinterp: could not list the chats of', path, reason);
      return null;
    }
  }

  private _open(
    model: ChatModel,
    chatId: string | null,
    remember: boolean
  ): void {
    if (this._connection.status !== 'connected') {
      this._waiting.set(model, { model, chatId, remember });
      return;
    }
    const requestId = `open-${++this._requests}`;
    this._opening.set(requestId, { model, chatId, remember });
    const message: ClientMessage = {
      type: 'open_chat',
      request_id: requestId,
      notebook_path: model.notebookPath,
      chat_id: chatId,
      after_seq: chatId !== null && chatId === model.chatId ? model.lastSeq : 0
    };
    this._connection.send(message);
  }

  private _onStatus(_: unknown, status: ConnectionStatus): void {
    if (status === 'connected') {
      const todo = new Map<ChatModel, IOpening>(this._waiting);
      for (const opening of this._opening.values()) {
        todo.set(opening.model, opening);
      }
      for (const model of this._byChat.values()) {
        todo.set(model, { model, chatId: model.chatId, remember: false });
      }
      this._waiting.clear();
      this._opening.clear();
      todo.forEach(o => this._open(o.model, o.chatId, o.remember));
    }
    this._changed.emit();
  }

  private _route(msg: ServerMessage): void {
    if (msg.type === 'chat_opened' || msg.type === 'error') {
      const opening = msg.request_id
        ? this._opening.get(msg.request_id)
        : undefined;
      if (opening) {
        this._opening.delete(msg.request_id!);
        if (msg.type === 'chat_opened') {
          this._opened(opening, msg);
        } else {
          this._openFailed(opening, msg);
        }
        return;
      }
      if (msg.type === 'error') {
        const model =
          (msg.chat_id && this._byChat.get(msg.chat_id)) || this._current;
        model?.applyServerMessage(msg);
      }
      return;
    }
    const model = this._byChat.get(msg.chat_id);
    if (!model) {
      return;
    }
    const until = this._replayUntil.get(msg.chat_id);
    const replay = until !== undefined && msg.seq > 0 && msg.seq <= until;
    const fresh = model.applyServerMessage(msg);
    if (fresh && msg.type.startsWith('execution_')) {
      const event = msg as ExecutionEvent;
      const item = model.proposal(event.proposal_id);
      this._mirror.handle(
        event,
        replay,
        item?.proposalKind === 'replace_cell' ? (item.oldSource ?? '') : null
      );
      if (
        event.type === 'execution_started' &&
        this._mirror.diverted(event.proposal_id)
      ) {
        model.addNotice(
          'warning',
          this._trans.__(
            'The cell changed before the fix ran: your edit is kept, and the fix ran in a new cell below it.'
          )
        );
      }
    }
    if (fresh && !replay && msg.type === 'proposal_decided') {
      this._accepted(model, msg);
    }
    if (until !== undefined && msg.seq >= until) {
      this._endReplay(msg.chat_id);
    }
  }

  private _opened(opening: IOpening, msg: ChatOpened): void {
    const { model } = opening;
    const chatId = msg.chat.chat_id;
    const firstOpen = model.chatId !== chatId;
    model.applyServerMessage(msg);
    this._byChat.set(chatId, model);
    if (opening.remember) {
      this._notebooks.rememberChat(model.notebookPath, chatId);
    }
    if (firstOpen && msg.last_seq > 0) {
      // Events up to last_seq are history: shown in the chat, not mirrored again.
      this._replayUntil.set(chatId, msg.last_seq);
    }
    const asked = this._asked.get(model);
    if (asked) {
      this._asked.delete(model);
      this._sendAsked(model, asked.cell, asked.text);
    }
  }

  /** An accepted cell replacement that does not run: replace the source here. */
  private _accepted(model: ChatModel, msg: ProposalDecided): void {
    const item = model.proposal(msg.proposal_id);
    if (
      msg.decision === 'approved' &&
      !msg.run &&
      item?.proposalKind === 'replace_cell' &&
      item.cellId !== null
    ) {
      const replaced = this._mirror.replaceCell({
        notebookPath: item.notebookPath,
        cellId: item.cellId,
        oldSource: item.oldSource ?? '',
        code: msg.code ?? item.code
      });
      if (!replaced) {
        model.addNotice(
          'warning',
          this._trans.__(
            'The fix was not applied: the cell changed since it was proposed, was deleted, or its notebook is not open.'
          )
        );
      }
    }
  }

  private _openFailed(opening: IOpening, msg: ErrorReply): void {
    if (msg.code === 'unknown_chat' && opening.chatId !== null) {
      // The remembered chat is gone (e.g. another server): start afresh.
      this._open(opening.model, null, true);
      return;
    }
    opening.model.applyServerMessage(msg);
  }

  private _endReplay(chatId: string): void {
    this._replayUntil.delete(chatId);
    this._mirror.endReplay(chatId);
  }

  private _setCurrent(model: ChatModel | null): void {
    if (model !== this._current) {
      this._current = model;
      this._changed.emit();
    }
  }

  private _connection: ChatManager.IConnection;
  private _notebooks: ChatManager.INotebooks;
  private _mirror: ChatManager.IMirror;
  private _store: ChatManager.IChatStore;
  private _trans: ChatManager.ITranslation;
  private _current: ChatModel | null = null;
  private _problem = '';
  private _info: Info | null = null;
  private _preferences: ChatManager.IPreferences = {
    model: '',
    generatedCells: 'below-active'
  };
  private _requests = 0;
  private _byPath = new Map<string, ChatModel>();
  private _byChat = new Map<string, ChatModel>();
  private _opening = new Map<string, IOpening>();
  private _waiting = new Map<ChatModel, IOpening>();
  private _replayUntil = new Map<string, number>();
  /** Explain/fix requests waiting for their chat to open. */
  private _asked = new Map<
    ChatModel,
    { cell: ChatModel.ICellAction; text: string }
  >();
  private _changed = new Signal<this, void>(this);
}

export namespace ChatManager {
  /** The user settings the chat follows (schema/plugin.json). */
  export interface IPreferences {
    /** A model id the server offers, or '' for its default. */
    model: string;
    /** Where approved code goes: below the active cell, or at the end of the notebook. */
    generatedCells: 'below-active' | 'end';
    /** Offer, after each turn, to show what the model was sent. */
    showSent?: boolean;
  }

  /** The websocket, as far as the manager needs it (a fake in tests). */
  export interface IConnection {
    readonly status: ConnectionStatus;
    readonly statusChanged: ISignal<any, ConnectionStatus>;
    readonly messageReceived: ISignal<any, ServerMessage>;
    send(message: ClientMessage): boolean;
  }

  /** The open notebooks, by path. */
  export interface INotebooks {
    chatIdOf(path: string): string | null;
    rememberChat(path: string, chatId: string): void;
    view(path: string): NotebookView | null;
    belowActiveCellId(path: string): string | null;
  }

  export interface IMirror {
    /** `oldSource`: for a fix run in place, the source it was made for. */
    handle(
      event: ExecutionEvent,
      replay: boolean,
      oldSource?: string | null
    ): void;
    /** Whether that fix ran in a new cell because the user had edited its cell. */
    diverted(proposalId: string): boolean;
    endReplay(chatId: string): void;
    /**
     * Replace a cell's source with an accepted fix, unless the user changed it since; false
     * when it was not replaced.
     */
    replaceCell(replacement: ICellReplacement): boolean;
  }

  export interface ICellReplacement {
    notebookPath: string;
    cellId: string;
    oldSource: string;
    code: string;
  }

  export interface ITranslation {
    __(msgid: string, ...args: any[]): string;
  }

  export interface IOptions {
    connection: IConnection;
    notebooks: INotebooks;
    mirror: IMirror;
    store: IChatStore;
    trans?: ITranslation;
  }

  /** The server's chat list (REST), a fake in tests. */
  export interface IChatStore {
    /** A notebook's chats, most recently updated first. */
    list(path: string): Promise<ChatInfo[]>;
    rename(chatId: string, title: string): Promise<ChatInfo>;
    remove(chatId: string): Promise<void>;
  }
}
