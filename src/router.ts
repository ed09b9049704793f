/**
 * ChatRouter: the chats' side of the websocket. It opens chats (and re-opens every open one
 * after a reconnect, with `after_seq` = the last seq its model saw, so the server replays only
 * what was missed) and routes each server message to the ChatModel of its chat.
 *
 * Events up to the chat's `last_seq` when it is first opened are history: they are applied
 * to the model, and reported with `replay` set, so that nothing is done twice in the notebook.
 */
import { ISignal, Signal } from '@lumino/signaling';

import type { ConnectionStatus } from './connection';
import type { ChatModel } from './model';
import type {
  ChatEvent,
  ChatOpened,
  ClientMessage,
  Error as ErrorReply,
  ServerMessage
} from './protocol';

interface IOpening {
  readonly model: ChatModel;
  readonly chatId: string | null;
  readonly remember: boolean;
}

export class ChatRouter {
  constructor(options: ChatRouter.IOptions) {
    this._connection = options.connection;
    this._connection.messageReceived.connect((_, msg) => this._route(msg));
    this._connection.statusChanged.connect(this._onStatus, this);
  }

  get status(): ConnectionStatus {
    return this._connection.status;
  }

  /** The connection status changed (chats have been asked to re-open already). */
  get statusChanged(): ISignal<this, ConnectionStatus> {
    return this._statusChanged;
  }

  /** A chat was opened on the server and its model now receives its events. */
  get opened(): ISignal<this, ChatRouter.IOpened> {
    return this._opened;
  }

  /** An event changed a model's state (not a replayed duplicate). */
  get applied(): ISignal<this, ChatRouter.IApplied> {
    return this._applied;
  }

  /** An error reply that names no open chat (its owner shows it in the current chat). */
  get strayError(): ISignal<this, ErrorReply> {
    return this._strayError;
  }

  /** A chat's history has been replayed after its first opening. */
  get replayEnded(): ISignal<this, string> {
    return this._replayEnded;
  }

  /** The model a chat's events go to, if it is open here. */
  model(chatId: string): ChatModel | undefined {
    return this._byChat.get(chatId);
  }

  send(message: ClientMessage): boolean {
    return this._connection.send(message);
  }

  /**
   * Open `chatId` (null: a new chat) for `model`, now or once connected. `remember`: the
   * opener wants to keep the chat id (e.g. in the notebook), told through `opened`.
   */
  open(model: ChatModel, chatId: string | null, remember: boolean): void {
    if (this._connection.status !== 'connected') {
      this._waiting.set(model, { model, chatId, remember });
      return;
    }
    const requestId = `open-${++this._requests}`;
    this._opening.set(requestId, { model, chatId, remember });
    this._connection.send({
      type: 'open_chat',
      request_id: requestId,
      notebook_path: model.notebookPath,
      chat_id: chatId,
      after_seq: chatId !== null && chatId === model.chatId ? model.lastSeq : 0
    });
  }

  /** The chat was deleted: its events, if any still come, reach no model. */
  forget(chatId: string): void {
    this._byChat.delete(chatId);
    this._replayUntil.delete(chatId);
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
      todo.forEach(o => this.open(o.model, o.chatId, o.remember));
    }
    this._statusChanged.emit(status);
  }

  private _route(msg: ServerMessage): void {
    if (msg.type === 'ack') {
      return; // a request was taken: what it does arrives as chat events
    }
    if (msg.type === 'chat_opened' || msg.type === 'error') {
      const opening = msg.request_id
        ? this._opening.get(msg.request_id)
        : undefined;
      if (opening) {
        this._opening.delete(msg.request_id!);
        if (msg.type === 'chat_opened') {
          this._onOpened(opening, msg);
        } else {
          this._openFailed(opening, msg);
        }
      } else if (msg.type === 'error') {
        const model = msg.chat_id ? this._byChat.get(msg.chat_id) : undefined;
        if (model) {
          model.applyServerMessage(msg);
        } else {
          this._strayError.emit(msg);
        }
      }
      return;
    }
    const model = this._byChat.get(msg.chat_id);
    if (!model) {
      return;
    }
    const until = this._replayUntil.get(msg.chat_id);
    const replay = until !== undefined && msg.seq > 0 && msg.seq <= until;
    if (model.applyServerMessage(msg)) {
      this._applied.emit({ model, event: msg, replay });
    }
    if (until !== undefined && msg.seq >= until) {
      this._replayUntil.delete(msg.chat_id);
      this._replayEnded.emit(msg.chat_id);
    }
  }

  private _onOpened(opening: IOpening, msg: ChatOpened): void {
    const { model, remember } = opening;
    const chatId = msg.chat.chat_id;
    const firstOpen = model.chatId !== chatId;
    model.applyServerMessage(msg);
    this._byChat.set(chatId, model);
    if (firstOpen && msg.last_seq > 0) {
      this._replayUntil.set(chatId, msg.last_seq);
    }
    this._opened.emit({ model, chatId, remember });
  }

  private _openFailed(opening: IOpening, msg: ErrorReply): void {
    if (msg.code === 'unknown_chat' && opening.chatId !== null) {
      // The remembered chat is gone (e.g. another server): start afresh.
      this.open(opening.model, null, true);
      return;
    }
    opening.model.applyServerMessage(msg);
  }

  private _connection: ChatRouter.IConnection;
  private _requests = 0;
  private _byChat = new Map<string, ChatModel>();
  private _opening = new Map<string, IOpening>();
  private _waiting = new Map<ChatModel, IOpening>();
  private _replayUntil = new Map<string, number>();
  private _statusChanged = new Signal<this, ConnectionStatus>(this);
  private _opened = new Signal<this, ChatRouter.IOpened>(this);
  private _applied = new Signal<this, ChatRouter.IApplied>(this);
  private _strayError = new Signal<this, ErrorReply>(this);
  private _replayEnded = new Signal<this, string>(this);
}

export namespace ChatRouter {
  /** The websocket, as far as the router needs it (a fake in tests). */
  export interface IConnection {
    readonly status: ConnectionStatus;
    readonly statusChanged: ISignal<any, ConnectionStatus>;
    readonly messageReceived: ISignal<any, ServerMessage>;
    send(message: ClientMessage): boolean;
  }

  export interface IOptions {
    connection: IConnection;
  }

  export interface IOpened {
    readonly model: ChatModel;
    readonly chatId: string;
    readonly remember: boolean;
  }

  export interface IApplied {
    readonly model: ChatModel;
    readonly event: ChatEvent;
    /** Part of the history replayed when the chat was first opened. */
    readonly replay: boolean;
  }
}
