/**
 * Uploading the user's files into the notebook's directory, through JupyterLab's Contents API
 * (so they land in the server root and nowhere else): names sanitized, a size limit, large
 * files sent in chunks with progress, an existing file never overwritten. The server checks
 * the attached paths again before the model is told about them.
 */
import { PathExt } from '@jupyterlab/coreutils';
import type { Contents } from '@jupyterlab/services';

import type { IAttachment } from './items';
import { DEFAULT_PREFERENCES } from './preferences';

/** Files above this are sent in chunks (and show progress), as JupyterLab's file browser does. */
export const CHUNK_SIZE = 1024 * 1024;

// Control and reserved characters, as the server's sanitize_name refuses them.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\x00-\x1f\x7f<>:"|?*\\/]+/g;
// Bidirectional controls (they make 'invoice\u202ecsv.exe' read 'invoiceexe.vsc'): dropped.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A safe file name from what the browser reported: no directories, no control, reserved or
 * bidirectional control characters, no leading dots or spaces; '' when nothing usable is
 * left. Mirrors the server's `uploads.sanitize_name`.
 */
export function sanitizeName(name: string): string {
  const base =
    name
      .replace(BIDI, '')
      .normalize('NFC')
      .replace(/\\/g, '/')
      .split('/')
      .pop() ?? '';
  let safe = base.replace(UNSAFE, '_').trim().replace(/^\.+/, '').trim();
  if (safe.length > 200) {
    const dot = safe.lastIndexOf('.');
    const ext = dot > 0 ? safe.slice(dot + 1) : '';
    safe =
      ext && ext.length < 20
        ? `${safe.slice(0, 200 - ext.length - 1)}.${ext}`
        : safe.slice(0, 200);
  }
  return safe;
}

/** 'sales (1).csv' for the n-th alternative to 'sales.csv'. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0
    ? `${name.slice(0, dot)} (${n})${name.slice(dot)}`
    : `${name} (${n})`;
}

export class UploadError extends Error {}

export class Uploader {
  constructor(options: Uploader.IOptions) {
    this._contents = options.contents;
    this._maxBytes =
      options.maxBytes ?? (() => DEFAULT_PREFERENCES.maxUploadBytes);
  }

  /** The size limit in bytes (a setting, read at each upload). */
  get maxBytes(): number {
    return this._maxBytes();
  }

  /**
   * Upload `file` into `directory` (relative to the server root); `onProgress` gets the
   * fraction sent. Rejects with an UploadError whose message can be shown as is.
   */
  async upload(
    file: File,
    directory: string,
    onProgress: (fraction: number) => void = () => undefined
  ): Promise<IAttachment> {
    const name = sanitizeName(file.name);
    if (!name) {
      throw new UploadError(`“${file.name}” is not a usable file name.`);
    }
    const maxBytes = this.maxBytes;
    if (file.size > maxBytes) {
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      throw new UploadError(
        `${name} is ${mb(file.size)}; the limit is ${mb(maxBytes)} (setting “Upload size limit”, within the server’s limit).`
      );
    }
    const path = await this._freePath(directory, name);
    const chunks = Math.max(1, Math.ceil(file.size / CHUNK_SIZE));
    onProgress(0);
    for (let i = 0; i < chunks; i++) {
      const blob = file.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE);
      const model: Partial<Contents.IModel> = {
        type: 'file',
        format: 'base64',
        content: await base64(blob),
        ...(chunks > 1 ? { chunk: i === chunks - 1 ? -1 : i + 1 } : {})
      };
      try {
        await this._contents.save(path, model);
      } catch (reason) {
        throw new UploadError(`${name} could not be uploaded: ${reason}`);
      }
      onProgress((i + 1) / chunks);
    }
    return { path, name: PathExt.basename(path), size: file.size };
  }

  /** `directory/name`, or `name (1)`, `name (2)`… when taken. */
  private async _freePath(directory: string, name: string): Promise<string> {
    for (let n = 0; n < 100; n++) {
      const candidate = PathExt.join(
        directory,
        n ? numberedName(name, n) : name
      );
      try {
        await this._contents.get(candidate, { content: false });
      } catch {
        return candidate; // not found: free
      }
    }
    throw new UploadError(`Too many files named like ${name} already.`);
  }

  private _contents: Contents.IManager;
  private _maxBytes: () => number;
}

export namespace Uploader {
  export interface IOptions {
    contents: Contents.IManager;
    maxBytes?: () => number;
  }
}

/** A blob's bytes as base64 (chunks are at most CHUNK_SIZE, so a string of them is fine). */
async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
