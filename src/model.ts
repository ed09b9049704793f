/**
 * ChatModel: the state of one chat as the sidebar shows it, built only from server messages
 * and the user's intents. No DOM and no socket (messages go out through an injected `send`),
 * so every transition is unit-testable.
 *
 * Replays are expected (a reconnect asks for the events after the last seq seen, a second tab
 * sees the same events), so applying an event is idempotent by `seq`. The ephemeral events
 * (seq 0) are `assistant_delta`, folded into a streaming message that the final
 * `assistant_message` replaces, `status`, a transient progress line, and `phase`, what the
 * running turn does now.
 */
import { ISignal, Signal } from '@lumino/signaling';

import type {
  ChatItem,
  IAttachment,
  IProposalItem,
  NoticeLevel
} from './items';
import type {
  ApprovalModeEvent,
  ChatEvent,
  ChatOpened,
  ClientMessage,
  Error as ErrorReply,
  ErrorCode,
  NotebookView,
  ServerMessage
} from './protocol';
import { ITurnPhase, phaseFrom } from './phase';
import {
  addNotice,
  applyEvent,
  findProposal,
  updateProposal,
  withoutNotices,
  withoutStreamed
} from './transcript';

export * from './items';

/** How a chat's proposed code is approved. */
export type ApprovalMode = ApprovalModeEvent['mode'];

/** Sends one message to the server; false when it could not be sent (not connected). */
export type SendFunction = (message: ClientMessage) => boolean;

/** What a request was for, so that an `error` reply can undo its optimistic effect. */
type PendingRequest =
  | { kind: 'send'; text: string; attachments?: ReadonlyArray<IAttachment> }
  | { kind: 'decide'; proposalId: string }
  | { kind: 'other' };

/** At most one repaint per frame while tokens stream in. */
const FRAME_MS = 16;

export class ChatModel {
  constructor(options: ChatModel.IOptions) {
    this._notebookPath = options.notebookPath;
    this._send = options.send;
  }

  /** Emitted after any change of what the view shows. */
  get changed(): ISignal<this, void> {
    return this._changed;
  }
  get chatId(): string | null {
    return this._chatId;
  }
  get notebookPath(): string {
    return this._notebookPath;
  }
  get title(): string {
    return this._title;
  }
  setTitle(title: string): void {
    if (title !== this._title) {
      this._title = title;
      this._changed.emit();
    }
  }
  /** The notebook was renamed. */
  setNotebookPath(path: string): void {
    if (path !== this._notebookPath) {
      this._notebookPath = path;
      this._changed.emit();
    }
  }
  get lastSeq(): number {
    return this._lastSeq;
  }
  get items(): ReadonlyArray<ChatItem> {
    return this._items;
  }
  /** A turn is running, or a message was sent and its turn has not started yet. */
  get busy(): boolean {
    return this._turnActive || this._sending;
  }
  /**
   * The chat is open and its history, up to where the server was when it was opened, has
   * arrived (the view says "loading" until then, not "empty").
   */
  get loaded(): boolean {
    return this._chatId !== null && this._lastSeq >= this._historyUntil;
  }
  /**
   * What the turn is doing (the server names each phase; "sending" until it has the message),
   * or null when no turn runs or the server has not said.
   */
  get phase(): ITurnPhase | null {
    if (this._phase) {
      return this._phase;
    }
    return this._sending
      ? {
          phase: 'sending',
          detail: '',
          processed: 0,
          total: 0,
          startedAt: this._sentAt
        }
      : null;
  }
  /** Transient progress from the server (e.g. "loading the model"), or ''. */
  get status(): string {
    return this._status;
  }
  /**
   * How this chat's proposed code is approved: 'ask' (every time) or 'auto' (as proposed, only
   * while the server allows it). Server-held: set by any tab, replayed on reload.
   */
  get approvalMode(): ApprovalMode {
    return this._approvalMode;
  }

  /** Files uploaded for the next message (paths relative to the server root). */
  get attachments(): ReadonlyArray<IAttachment> {
    return this._attachments;
  }

  addAttachment(file: IAttachment): void {
    this._attachments = [
      ...this._attachments.filter(a => a.path !== file.path),
      file
    ];
    this._changed.emit();
  }

  removeAttachment(path: string): void {
    this._attachments = this._attachments.filter(a => a.path !== path);
    this._changed.emit();
  }

  /** The composer's text, kept here so a refused message can be given back to the user. */
  get draft(): string {
    return this._draft;
  }

  setDraft(text: string): void {
    if (text !== this._draft) {
      this._draft = text;
      this._changed.emit();
    }
  }

  proposal(proposalId: string): IProposalItem | undefined {
    return findProposal(this._items, proposalId);
  }

  /** The proposal awaiting a decision, if any (the loop asks one at a time). */
  pendingProposal(): IProposalItem | undefined {
    for (let i = this._items.length - 1; i >= 0; i--) {
      const item = this._items[i];
      if (item.kind === 'proposal' && item.status === 'pending') {
        return item;
      }
    }
    return undefined;
  }

  /**
   * Apply one server message. Returns true when it changed the state, false for a replayed
   * or foreign event (callers use this to mirror each event into the notebook only once).
   */
  applyServerMessage(msg: ServerMessage): boolean {
    if (msg.type === 'ack') {
      return false; // the events the request causes follow
    }
    if (msg.type === 'chat_opened') {
      this._opened(msg);
    } else if (msg.type === 'error') {
      this._errorReply(msg);
    } else {
      if (this._chatId !== null && msg.chat_id !== this._chatId) {
        return false;
      }
      if (msg.type === 'status') {
        this._status = msg.text;
        // A status says why a streamed proposal was declined (nothing streams on past one): the
        // declined code goes with it, rather than staying on screen until the next event.
        this._items = withoutStreamed(this._items);
      } else if (msg.type === 'phase') {
        this._phase = phaseFrom(msg, Date.now());
      } else {
        if (msg.type !== 'assistant_delta') {
          if (msg.seq <= this._lastSeq) {
            return false;
          }
          this._lastSeq = msg.seq;
          this._status = '';
        }
        this._flags(msg);
        this._items = applyEvent(this._items, msg, () => this._noticeKey());
        if (msg.type === 'assistant_delta') {
          // Tokens come hundreds a second: views repaint once a frame, not once a token.
          this._changedSoon();
          return true;
        }
      }
    }
    this._changedNow();
    return true;
  }

  private _changedSoon(): void {
    if (this._changeTimer === null) {
      this._changeTimer = setTimeout(() => this._changedNow(), FRAME_MS);
    }
  }

  private _changedNow(): void {
    if (this._changeTimer !== null) {
      clearTimeout(this._changeTimer);
      this._changeTimer = null;
    }
    this._changed.emit();
  }

  // --- intents: what the user asks for, sent to the server -----------------------------------

  /** A message; with `cell`, a request to explain or fix that cell (by nbformat id). */
  sendMessage(
    text: string,
    notebook: NotebookView,
    cell?: ChatModel.ICellAction,
    options: ChatModel.ISendOptions = {}
  ): boolean {
    const trimmed = text.trim();
    if (!trimmed || this.busy) {
      return false;
    }
    const attached = cell ? [] : this._attachments;
    const sent = this._request(
      { kind: 'send', text: cell ? '' : text, attachments: attached },
      (chat_id, request_id) => ({
        type: 'send_message',
        request_id,
        chat_id,
        text: trimmed,
        notebook,
        ...(cell ? { action: cell.action, cell_id: cell.cellId } : {}),
        ...(options.model ? { model: options.model } : {}),
        ...(attached.length ? { attachments: attached.map(a => a.path) } : {})
      })
    );
    if (sent) {
      this._sending = true;
      this._sentAt = Date.now();
      if (!cell) {
        this._draft = '';
        this._attachments = [];
      }
      this._changed.emit();
    }
    return sent;
  }

  /**
   * Approve a proposal with `code`. For a cell replacement, `run` false is "Accept" (the
   * source is replaced, nothing runs) and true "Accept and run"; run_code always runs.
   */
  approve(
    proposalId: string,
    code: string,
    afterCellId: string | null,
    run?: boolean
  ): boolean {
    return this._decide(proposalId, (chat_id, request_id) => ({
      type: 'approve',
      request_id,
      chat_id,
      proposal_id: proposalId,
      code,
      after_cell_id: afterCellId,
      ...(run === undefined ? {} : { run })
    }));
  }

  reject(proposalId: string, reason = ''): boolean {
    return this._decide(proposalId, (chat_id, request_id) => ({
      type: 'reject',
      request_id,
      chat_id,
      proposal_id: proposalId,
      reason: reason.trim()
    }));
  }

  stop(): boolean {
    return this._request({ kind: 'other' }, (chat_id, request_id) => ({
      type: 'stop',
      request_id,
      chat_id
    }));
  }

  /** Ask every time, or run proposed code as proposed (from this chat's next message on). */
  setApprovalMode(mode: ApprovalMode): boolean {
    if (mode === this._approvalMode) {
      return false;
    }
    return this._request({ kind: 'other' }, (chat_id, request_id) => ({
      type: 'set_approval_mode',
      request_id,
      chat_id,
      mode
    }));
  }

  /** The user edits a pending proposal's code; it is sent only on Run. */
  setProposalCode(proposalId: string, code: string): void {
    const item = this.proposal(proposalId);
    if (item && item.status === 'pending' && item.code !== code) {
      this._items = updateProposal(this._items, proposalId, () => ({ code }));
      this._changed.emit();
    }
  }

  addNotice(
    level: NoticeLevel,
    text: string,
    code: ErrorCode | null = null
  ): void {
    this._items = addNotice(this._items, this._noticeKey(), level, text, code);
    this._changed.emit();
  }

  /** The fault these codes name was fixed (e.g. a kernel started): its notes go. */
  dismissNotices(codes: ReadonlySet<ErrorCode>): void {
    const items = withoutNotices(this._items, codes);
    if (items !== this._items) {
      this._items = items;
      this._changed.emit();
    }
  }

  // --- internals -------------------------------------------------------------------------------

  private _opened(msg: ChatOpened): void {
    if (msg.chat.chat_id !== this._chatId) {
      // Another chat (e.g. "New chat"): nothing of the previous one carries over.
      this._items = [];
      this._lastSeq = 0;
      this._historyUntil = 0;
      this._turnActive = false;
      this._sending = false;
      this._status = '';
      this._phase = null;
      this._approvalMode = 'ask';
      this._pending.clear();
    }
    this._chatId = msg.chat.chat_id;
    this._title = msg.chat.title;
    this._historyUntil = Math.max(this._historyUntil, msg.last_seq);
  }

  private _flags(msg: ChatEvent): void {
    const type = msg.type;
    if (type === 'user_message') {
      this._sending = false;
      this._forget(r => r.kind === 'send');
      if (!this._title) {
        // The server titles a chat by its first message the same way (chat.py _title_from).
        this._title = titleFrom(msg.text);
      }
    } else if (type === 'proposal_decided') {
      if (this._phase?.phase === 'waiting') {
        this._phase = null; // decided: the server names what comes next
      }
      this._forget(
        r => r.kind === 'decide' && r.proposalId === msg.proposal_id
      );
    } else if (type === 'turn_started') {
      this._turnActive = true;
      this._sending = false;
    } else if (type === 'turn_ended') {
      this._turnActive = false;
      this._sending = false;
      this._phase = null;
    } else if (type === 'approval_mode') {
      this._approvalMode = msg.mode;
    }
  }

  private _errorReply(msg: ErrorReply): void {
    const id = msg.request_id;
    const request = id ? this._pending.get(id) : undefined;
    if (id) {
      this._pending.delete(id);
    }
    if (request?.kind === 'send') {
      this._sending = false;
      this._draft = this._draft || request.text;
      if (request.attachments?.length && !this._attachments.length) {
        this._attachments = request.attachments;
      }
    } else if (request?.kind === 'decide') {
      this._items = updateProposal(this._items, request.proposalId, () => ({
        submitting: false
      }));
    }
    this._items = addNotice(
      this._items,
      this._noticeKey(),
      'error',
      msg.message,
      msg.code
    );
  }

  private _decide(
    proposalId: string,
    build: (chatId: string, requestId: string) => ClientMessage
  ): boolean {
    const item = this.proposal(proposalId);
    if (!item || item.status !== 'pending' || item.submitting) {
      return false;
    }
    const sent = this._request({ kind: 'decide', proposalId }, build);
    if (sent) {
      // Until the server answers, the card cannot be decided twice.
      this._items = updateProposal(this._items, proposalId, () => ({
        submitting: true
      }));
      this._changed.emit();
    }
    return sent;
  }

  private _request(
    request: PendingRequest,
    build: (chatId: string, requestId: string) => ClientMessage
  ): boolean {
    if (this._chatId === null) {
      return false;
    }
    const id = `r-${Date.now().toString(36)}-${++ChatModel._requests}`;
    if (!this._send(build(this._chatId, id))) {
      this.addNotice(
        'error',
        'Not connected to the server; try again in a moment.'
      );
      return false;
    }
    this._pending.set(id, request);
    return true;
  }

  private _forget(match: (r: PendingRequest) => boolean): void {
    for (const [id, request] of this._pending) {
      if (match(request)) {
        this._pending.delete(id);
      }
    }
  }

  private _noticeKey(): string {
    return `n-${++this._notices}`;
  }

  private static _requests = 0;
  private _send: SendFunction;
  private _notebookPath: string;
  private _chatId: string | null = null;
  private _title = '';
  private _changeTimer: ReturnType<typeof setTimeout> | null = null;
  private _lastSeq = 0;
  private _historyUntil = 0;
  private _items: ReadonlyArray<ChatItem> = [];
  private _turnActive = false;
  private _sending = false;
  private _status = '';
  private _phase: ITurnPhase | null = null;
  private _sentAt = 0;
  private _draft = '';
  private _attachments: ReadonlyArray<IAttachment> = [];
  private _approvalMode: ApprovalMode = 'ask';
  private _notices = 0;
  private _pending = new Map<string, PendingRequest>();
  private _changed = new Signal<this, void>(this);
}

export namespace ChatModel {
  /** How a message is to be answered: by which model. */
  export interface ISendOptions {
    model?: string | null;
  }

  /** What an explain/fix message is about. */
  export interface ICellAction {
    action: 'explain' | 'fix';
    cellId: string;
  }

  export interface IOptions {
    notebookPath: string;
    send: SendFunction;
  }
}

/** A chat's default title: the first line of its first message, shortened. */
export function titleFrom(text: string, limit = 60): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length <= limit ? line : `${line.slice(0, limit - 1).trimEnd()}…`;
}
