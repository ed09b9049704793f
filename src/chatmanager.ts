/**
 * ChatManager: which chat belongs to which notebook, which one the sidebar shows, and the
 * user's intents on it (send, approve, reject, stop), sent with what the preferences and the
 * server allow.
 *
 * One chat per notebook path is shown. Its id is found, in order: in the notebook's metadata
 * (`gptinterp.chat_id`), as the notebook's most recently updated chat on the server, or a new
 * chat is opened. Chats stay open once opened (see ChatRouter), so a turn keeps mirroring into
 * its notebook while another notebook is shown.
 */
import { nullTranslator } from '@jupyterlab/translation';
import { ISignal, Signal } from '@lumino/signaling';

import type { ConnectionStatus } from './connection';
import { ChatModel } from './model';
import type { ApprovalMode } from './model';
import type { IPreferences, Preferences } from './preferences';
import type { ChatInfo, ModelInfo, NotebookView } from './protocol';
import type { ChatRouter } from './router';
import type { ServerInfo } from './serverinfo';

export class ChatManager {
  constructor(options: ChatManager.IOptions) {
    this._router = options.router;
    this._notebooks = options.notebooks;
    this._store = options.store;
    this._server = options.server;
    this._preferences = options.preferences;
    this._trans = options.trans ?? nullTranslator.load('jupyterlab_gptinterp');
    const changed = () => this._changed.emit();
    this._router.statusChanged.connect(changed);
    this._server.changed.connect(changed);
    this._preferences.changed.connect(changed);
    this._router.strayError.connect((_, msg) =>
      this._current?.applyServerMessage(msg)
    );
    this._router.opened.connect((_, { model, chatId, remember }) => {
      if (remember) {
        this._notebooks.rememberChat(model.notebookPath, chatId);
      }
    });
  }

  /** What the sidebar shows changed: the current chat, the connection, the server, settings. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }
  get current(): ChatModel | null {
    return this._current;
  }
  get status(): ConnectionStatus {
    return this._router.status;
  }
  get server(): ServerInfo {
    return this._server;
  }
  get preferences(): IPreferences {
    return this._preferences.values;
  }

  /** The model messages go to: the user's pick if the server offers it, else the default. */
  get model(): ModelInfo | null {
    return this._server.modelFor(this._preferences.values.model);
  }

  /** Whether the server lets a chat run proposed code without asking (the admin's lock). */
  get autoRunAllowed(): boolean {
    return this._server.allowsAutoRun;
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

  /** The chat shown for the notebook at `path`, if it has been shown. */
  chatOf(path: string): ChatModel | undefined {
    return this._byPath.get(path);
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
    this._router.open(model, await this._resolveChatId(path), false);
  }

  /** Start a new chat for the current notebook; the old one stays on the server. */
  newChat(): boolean {
    const path = this._current?.notebookPath;
    if (path === undefined) {
      return false;
    }
    const model = this._create(path);
    this._setCurrent(model);
    this._router.open(model, null, true);
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
    const known = this._router.model(chatId);
    const model = known ?? this._create(path);
    this._byPath.set(path, model);
    this._setCurrent(model);
    if (known) {
      this._notebooks.rememberChat(path, chatId);
    } else {
      this._router.open(model, chatId, true);
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
    this._router.forget(chatId);
    const path = model.notebookPath;
    const rest = (await this._store.list(path)).filter(
      c => c.chat_id !== chatId
    );
    const next = this._create(path);
    this._setCurrent(next);
    this._router.open(next, rest[0]?.chat_id ?? null, true);
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

  /** Send `text` (default: the composer's draft) in the current chat. */
  send(text?: string): boolean {
    const model = this._current;
    if (!model || model.chatId === null) {
      return false;
    }
    const sent = this.sendTo(model, text ?? model.draft);
    if (sent) {
      this._notebooks.rememberChat(model.notebookPath, model.chatId);
    }
    return sent;
  }

  /**
   * Send `text` in `model`'s chat with a fresh view of its notebook; with `cell`, as a request
   * to explain or fix that cell. False (and the chat says why) when it cannot go now.
   */
  sendTo(
    model: ChatModel,
    text: string,
    cell?: ChatModel.ICellAction
  ): boolean {
    const view = this._notebooks.view(model.notebookPath);
    if (!view) {
      model.addNotice(
        'error',
        this._trans.__('Open the notebook to chat about it.')
      );
      return false;
    }
    if (cell && model.busy) {
      model.addNotice(
        'warning',
        this._trans.__(
          'The assistant is busy; stop it or wait for its answer, then ask again.'
        )
      );
      return false;
    }
    return model.sendMessage(text, view, cell, {
      model: this.model?.id ?? null
    });
  }

  /**
   * Approve a proposal of the current chat with its code as the user edited it. For a cell
   * replacement, `run` says whether to run it after replacing (default: no).
   */
  approve(proposalId: string, run = false): boolean {
    const model = this._current;
    const item = model?.proposal(proposalId);
    if (!model || !item) {
      return false;
    }
    if (item.proposalKind === 'replace_cell') {
      return model.approve(item.proposalId, item.code, null, run);
    }
    if (item.proposalKind === 'mcp_tool') {
      return model.approve(item.proposalId, item.code, null); // no cell: it runs in no kernel
    }
    const after =
      this._preferences.values.generatedCells === 'end'
        ? null
        : this._notebooks.belowActiveCellId(item.notebookPath);
    return model.approve(item.proposalId, item.code, after);
  }

  /** Reject a proposal of the current chat; `reason` is told to the model. */
  reject(proposalId: string, reason = ''): boolean {
    const model = this._current;
    return !!model?.proposal(proposalId) && model.reject(proposalId, reason);
  }

  stop(): boolean {
    return !!this._current?.stop();
  }

  private _create(path: string): ChatModel {
    const model = new ChatModel({
      notebookPath: path,
      send: msg => this._router.send(msg)
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

  private _setCurrent(model: ChatModel | null): void {
    if (model !== this._current) {
      this._current = model;
      this._changed.emit();
    }
  }

  private _router: ChatRouter;
  private _notebooks: ChatManager.INotebooks;
  private _store: ChatManager.IChatStore;
  private _server: ServerInfo;
  private _preferences: Preferences;
  private _trans: ChatManager.ITranslation;
  private _current: ChatModel | null = null;
  private _byPath = new Map<string, ChatModel>();
  private _changed = new Signal<this, void>(this);
}

export namespace ChatManager {
  /** The open notebooks, by path. */
  export interface INotebooks {
    chatIdOf(path: string): string | null;
    rememberChat(path: string, chatId: string): void;
    view(path: string): NotebookView | null;
    belowActiveCellId(path: string): string | null;
  }

  export interface ITranslation {
    __(msgid: string, ...args: any[]): string;
  }

  export interface IOptions {
    router: ChatRouter;
    notebooks: INotebooks;
    store: IChatStore;
    server: ServerInfo;
    preferences: Preferences;
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
