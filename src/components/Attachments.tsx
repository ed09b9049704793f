/**
 * Attaching files to the next message: a button (with a hidden file input) and drops onto the
 * sidebar upload into the notebook's directory; uploads show their progress, attached files
 * show as chips that can be removed, refusals (size, names) say why.
 */
import { PathExt } from '@jupyterlab/coreutils';
import { fileUploadIcon } from '@jupyterlab/ui-components';
import React, { useEffect, useRef, useState } from 'react';

import { formatSize } from '../format';
import type { ChatModel } from '../model';
import { UploadError } from '../upload';
import { useServices } from './hooks';

interface IProgress {
  key: number;
  name: string;
  fraction: number;
}

let nextKey = 0;

export function Attachments(props: { model: ChatModel }): JSX.Element | null {
  const { model } = props;
  const { uploader, trans } = useServices();
  const input = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState<IProgress[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  const upload = async (files: File[]) => {
    if (!uploader) {
      return;
    }
    setErrors([]);
    const directory = PathExt.dirname(model.notebookPath);
    await Promise.all(
      files.map(async file => {
        const key = ++nextKey;
        const set = (fraction: number) =>
          setProgress(list => [
            ...list.filter(p => p.key !== key),
            { key, name: file.name, fraction }
          ]);
        try {
          set(0);
          model.addAttachment(await uploader.upload(file, directory, set));
        } catch (reason) {
          const text =
            reason instanceof UploadError
              ? reason.message
              : trans.__(
                  '%1 could not be uploaded: %2',
                  file.name,
                  String(reason)
                );
          setErrors(list => [...list, text]);
        } finally {
          setProgress(list => list.filter(p => p.key !== key));
        }
      })
    );
  };
  const uploadRef = useRef(upload);
  uploadRef.current = upload;

  // Drops anywhere on the sidebar attach the dropped files.
  useEffect(() => {
    const panel = bar.current?.closest<HTMLElement>('.jp-gptinterp-panel');
    if (!panel) {
      return;
    }
    const hasFiles = (e: DragEvent) =>
      !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
    const over = (e: DragEvent) => {
      if (hasFiles(e)) {
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer!.dropEffect = 'copy';
        panel.dataset.dragover = 'true';
      }
    };
    const leave = (e: DragEvent) => {
      if (!panel.contains(e.relatedTarget as Node | null)) {
        delete panel.dataset.dragover;
      }
    };
    const drop = (e: DragEvent) => {
      delete panel.dataset.dragover;
      if (hasFiles(e)) {
        e.preventDefault();
        e.stopPropagation();
        void uploadRef.current(Array.from(e.dataTransfer!.files));
      }
    };
    panel.addEventListener('dragenter', over);
    panel.addEventListener('dragover', over);
    panel.addEventListener('dragleave', leave);
    panel.addEventListener('drop', drop);
    return () => {
      panel.removeEventListener('dragenter', over);
      panel.removeEventListener('dragover', over);
      panel.removeEventListener('dragleave', leave);
      panel.removeEventListener('drop', drop);
    };
  }, []);

  if (!uploader) {
    return null;
  }
  const attached = model.attachments;
  return (
    <div className="jp-gptinterp-attachments" ref={bar}>
      <button
        className="jp-Button jp-mod-minimal jp-gptinterp-attach"
        title={trans.__(
          'Attach files: upload them beside the notebook and tell the assistant about them (or drop files on the sidebar)'
        )}
        onClick={() => input.current?.click()}
      >
        <fileUploadIcon.react tag="span" className="jp-gptinterp-attach-icon" />
        <span>{trans.__('Attach')}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        className="jp-gptinterp-upload-input"
        onChange={e => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void upload(files);
        }}
      />
      {attached.map(file => (
        <span
          key={file.path}
          className="jp-gptinterp-attachment"
          data-path={file.path}
          title={file.path}
        >
          {file.name}
          <span className="jp-gptinterp-attachment-size">
            {formatSize(file.size)}
          </span>
          <button
            className="jp-gptinterp-attachment-remove"
            aria-label={trans.__('Remove %1', file.name)}
            title={trans.__(
              'Do not tell the assistant about this file (it stays on disk)'
            )}
            onClick={() => model.removeAttachment(file.path)}
          >
            ×
          </button>
        </span>
      ))}
      {progress.map(p => (
        <span key={p.key} className="jp-gptinterp-upload-progress">
          {p.name}
          <progress value={p.fraction} max={1} />
        </span>
      ))}
      {errors.map(text => (
        <div key={text} className="jp-gptinterp-upload-error" role="alert">
          {text}
        </div>
      ))}
    </div>
  );
}
