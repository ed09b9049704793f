/**
 * AttachmentUploads: files the user attaches to the next message, on their way to the server.
 * Each upload shows its progress while it runs; a refused one (size, name) leaves an error
 * that says why; a finished one becomes an attachment of the chat it was made for.
 */
import { nullTranslator } from '@jupyterlab/translation';
import { PathExt } from '@jupyterlab/coreutils';
import { ISignal, Signal } from '@lumino/signaling';

import type { IAttachment } from './items';
import { UploadError } from './upload';

export interface IUploadProgress {
  readonly key: number;
  readonly name: string;
  /** 0 to 1. */
  readonly fraction: number;
}

/** The chat an upload is for, as far as uploading needs it (a ChatModel in the app). */
export interface IAttachingChat {
  readonly notebookPath: string;
  addAttachment(file: IAttachment): void;
}

/** What uploads a file (Uploader in the app, a fake in tests). */
export interface IFileUploader {
  upload(
    file: File,
    directory: string,
    onProgress: (fraction: number) => void
  ): Promise<IAttachment>;
}

export class AttachmentUploads {
  constructor(options: AttachmentUploads.IOptions) {
    this._uploader = options.uploader;
    this._trans = options.trans ?? nullTranslator.load('jupyterlab_gptinterp');
  }

  get changed(): ISignal<this, void> {
    return this._changed;
  }

  /** The uploads under way. */
  get progress(): ReadonlyArray<IUploadProgress> {
    return this._progress;
  }

  /** Why the last batch's refused files were refused, ready to show. */
  get errors(): ReadonlyArray<string> {
    return this._errors;
  }

  /** Upload `files` beside `chat`'s notebook and attach each to it once uploaded. */
  async upload(chat: IAttachingChat, files: File[]): Promise<void> {
    this._errors = [];
    this._changed.emit();
    const directory = PathExt.dirname(chat.notebookPath);
    await Promise.all(
      files.map(async file => {
        const key = ++this._keys;
        const set = (fraction: number) => {
          this._progress = [
            ...this._progress.filter(p => p.key !== key),
            { key, name: file.name, fraction }
          ];
          this._changed.emit();
        };
        try {
          set(0);
          chat.addAttachment(await this._uploader.upload(file, directory, set));
        } catch (reason) {
          const text =
            reason instanceof UploadError
              ? reason.message
              : this._trans.__(
                  '%1 could not be uploaded: %2',
                  file.name,
                  String(reason)
                );
          this._errors = [...this._errors, text];
        } finally {
          this._progress = this._progress.filter(p => p.key !== key);
          this._changed.emit();
        }
      })
    );
  }

  private _uploader: IFileUploader;
  private _trans: AttachmentUploads.ITranslation;
  private _progress: ReadonlyArray<IUploadProgress> = [];
  private _errors: ReadonlyArray<string> = [];
  private _keys = 0;
  private _changed = new Signal<this, void>(this);
}

export namespace AttachmentUploads {
  export interface ITranslation {
    __(msgid: string, ...args: any[]): string;
  }

  export interface IOptions {
    uploader: IFileUploader;
    trans?: ITranslation;
  }
}

/**
 * Ask the user for files with the browser's file chooser; resolves with the files chosen
 * (none when the chooser is cancelled).
 */
export function chooseFiles(): Promise<File[]> {
  return new Promise(resolve => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.hidden = true;
    input.className = 'jp-gptinterp-upload-input';
    const done = () => {
      resolve(Array.from(input.files ?? []));
      input.remove();
    };
    input.addEventListener('change', done);
    input.addEventListener('cancel', done);
    document.body.appendChild(input);
    input.click();
  });
}
