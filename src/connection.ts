/**
 * The one websocket of this tab to `/gptinterp/ws`: typed JSON in and out, and reconnection
 * with backoff. It does not know about chats: on every (re)connection its owner re-opens the
 * chats it shows with `after_seq`, so the server replays what was missed.
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';
import { ISignal, Signal } from '@lumino/signaling';

import type { ClientMessage, ServerMessage } from './protocol';

/** WebSocket.OPEN, spelled out so fakes in tests need not define it. */
const OPEN = 1;

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

export class ChatConnection {
  constructor(options: ChatConnection.IOptions = {}) {
    this._settings = options.settings ?? ServerConnection.makeSettings();
    this._minDelay = options.minDelay ?? 500;
    this._maxDelay = options.maxDelay ?? 30_000;
  }

  get messageReceived(): ISignal<this, ServerMessage> {
    return this._messageReceived;
  }
  get statusChanged(): ISignal<this, ConnectionStatus> {
    return this._statusChanged;
  }
  get status(): ConnectionStatus {
    return this._status;
  }
  get isDisposed(): boolean {
    return this._disposed;
  }

  /** The websocket URL; the token is appended only where JupyterLab's own sockets do so. */
  get url(): string {
    const settings = this._settings;
    let url = URLExt.join(settings.wsUrl, 'gptinterp', 'ws');
    if (settings.appendToken && settings.token) {
      url += `?token=${encodeURIComponent(settings.token)}`;
    }
    return url;
  }

  connect(): void {
    if (this._disposed || this._socket) {
      return;
    }
    this._setStatus('connecting');
    const socket = new this._settings.WebSocket(this.url);
    this._socket = socket;
    socket.onopen = () => {
      this._attempt = 0;
      this._setStatus('connected');
    };
    socket.onmessage = event => this._receive(event.data);
    socket.onclose = () => {
      if (this._socket === socket) {
        this._socket = null;
        this._setStatus('disconnected');
        this._scheduleReconnect();
      }
    };
    // An error is always followed by close, which does the work.
    socket.onerror = () => undefined;
  }

  /** Returns false when the socket is not open: the caller tells the user. */
  send(message: ClientMessage): boolean {
    const socket = this._socket;
    if (!socket || socket.readyState !== OPEN) {
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  dispose(): void {
    if (this._disposed) {
      return;
    }
    this._disposed = true;
    if (this._timer !== null) {
      clearTimeout(this._timer);
    }
    const socket = this._socket;
    this._socket = null;
    socket?.close();
    Signal.clearData(this);
  }

  private _receive(data: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data));
    } catch {
      console.warn('gptinterp: ignoring a frame that is not JSON');
      return;
    }
    this._messageReceived.emit(message);
  }

  /** Exponential backoff with jitter, so many tabs do not reconnect in lockstep. */
  private _scheduleReconnect(): void {
    if (this._disposed || this._timer !== null) {
      return;
    }
    const base = Math.min(this._maxDelay, this._minDelay * 2 ** this._attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this._attempt++;
    this._timer = setTimeout(() => {
      this._timer = null;
      this.connect();
    }, delay);
  }

  private _setStatus(status: ConnectionStatus): void {
    if (status !== this._status) {
      this._status = status;
      this._statusChanged.emit(status);
    }
  }

  private _settings: ServerConnection.ISettings;
  private _minDelay: number;
  private _maxDelay: number;
  private _socket: WebSocket | null = null;
  private _attempt = 0;
  private _timer: ReturnType<typeof setTimeout> | null = null;
  private _status: ConnectionStatus = 'disconnected';
  private _disposed = false;
  private _messageReceived = new Signal<this, ServerMessage>(this);
  private _statusChanged = new Signal<this, ConnectionStatus>(this);
}

export namespace ChatConnection {
  export interface IOptions {
    settings?: ServerConnection.ISettings;
    /** First reconnection delay in ms (doubles up to maxDelay). */
    minDelay?: number;
    maxDelay?: number;
  }
}
