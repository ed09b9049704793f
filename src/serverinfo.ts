/**
 * ServerInfo: what the server extension offers this page (its models, its default, whether
 * auto-run may be turned on), found by the version handshake, and why the chat cannot work at
 * all when it cannot (a page and server built for different protocols, no server extension).
 */
import { nullTranslator } from '@jupyterlab/translation';
import type { TranslationBundle } from '@jupyterlab/translation';
import { ISignal, Signal } from '@lumino/signaling';

import type { Info, ModelInfo } from './protocol';
import { PROTOCOL_VERSION } from './tokens';

export class ServerInfo {
  constructor(options: ServerInfo.IOptions = {}) {
    this._trans = options.trans ?? nullTranslator.load('jupyterlab_gptinterp');
  }

  get changed(): ISignal<this, void> {
    return this._changed;
  }

  get info(): Info | null {
    return this._info;
  }

  /** Why the chat cannot work at all (version mismatch, server extension missing), or ''. */
  get problem(): string {
    return this._problem;
  }

  setInfo(info: Info): void {
    this._info = info;
    this._changed.emit();
  }

  setProblem(problem: string): void {
    if (problem !== this._problem) {
      this._problem = problem;
      this._changed.emit();
    }
  }

  /** The model messages go to: `pick` if the server offers it, else its default. */
  modelFor(pick: string): ModelInfo | null {
    const models = this._info?.models ?? [];
    return (
      models.find(m => m.id === pick) ??
      models.find(m => m.id === this._info?.default_model) ??
      null
    );
  }

  /** The largest attachment, in bytes: the user's limit, within the server's. */
  maxUploadBytes(userBytes: number): number {
    const serverMB = this._info?.max_upload_mb ?? 0;
    return serverMB > 0
      ? Math.min(userBytes, serverMB * 1024 * 1024)
      : userBytes;
  }

  /** Whether the server lets the user turn on "run without asking". */
  get allowsAutoRun(): boolean {
    return !!this._info?.allow_auto_run;
  }

  /**
   * Ask the server who it is; true when it speaks this page's protocol (then the page may
   * connect), else the problem says what to do.
   */
  async handshake(fetch: () => Promise<Info>): Promise<boolean> {
    let info: Info;
    try {
      info = await fetch();
    } catch (reason) {
      console.error('gptinterp: /gptinterp/info failed', reason);
      this.setProblem(
        this._trans.__(
          'The GPT Interpreter server extension is not answering. Check that `jupyter server extension list` shows jupyterlab_gptinterp enabled, then restart JupyterLab.'
        )
      );
      return false;
    }
    if (info.protocol_version !== PROTOCOL_VERSION) {
      this.setProblem(
        this._trans.__(
          'The server extension is version %1 (protocol %2) but this page was built for protocol %3. Reload the page; if this message stays, reinstall jupyterlab-gptinterp and restart JupyterLab.',
          info.server_version,
          info.protocol_version,
          PROTOCOL_VERSION
        )
      );
      return false;
    }
    this.setInfo(info);
    return true;
  }

  private _trans: ServerInfo.ITranslation;
  private _info: Info | null = null;
  private _problem = '';
  private _changed = new Signal<this, void>(this);
}

export namespace ServerInfo {
  export type ITranslation = Pick<TranslationBundle, '__'>;

  export interface IOptions {
    trans?: ITranslation;
  }
}
