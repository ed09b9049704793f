/**
 * The files attached to the next message: the Attach button (a command), drops onto the
 * sidebar, uploads with their progress, attached files as chips that can be removed (a
 * command), and why a refused file was refused. The state is in AttachmentUploads and the
 * chat's model.
 */
import { fileUploadIcon } from '@jupyterlab/ui-components';
import React, { useEffect, useRef } from 'react';

import { formatSize } from '../format';
import type { ChatModel } from '../model';
import { CommandIDs } from '../tokens';
import { useServices, useSignal } from './hooks';

export function Attachments(props: { model: ChatModel }): JSX.Element | null {
  const { model } = props;
  const { uploads, commands, trans } = useServices();
  const bar = useRef<HTMLDivElement>(null);
  useSignal(uploads?.changed);
  const current = useRef(model);
  current.current = model;

  // Drops anywhere on the sidebar attach the dropped files.
  useEffect(() => {
    const panel = bar.current?.closest<HTMLElement>('.jp-gptinterp-panel');
    if (!panel || !uploads) {
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
        void uploads.upload(current.current, Array.from(e.dataTransfer!.files));
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
  }, [uploads]);

  if (!uploads) {
    return null;
  }
  return (
    <div className="jp-gptinterp-attachments" ref={bar}>
      <button
        className="jp-Button jp-mod-minimal jp-gptinterp-attach"
        title={commands.caption(CommandIDs.attach)}
        disabled={!commands.isEnabled(CommandIDs.attach)}
        onClick={() => void commands.execute(CommandIDs.attach)}
      >
        <fileUploadIcon.react tag="span" className="jp-gptinterp-attach-icon" />
        <span>{trans.__('Attach')}</span>
      </button>
      {model.attachments.map(file => (
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
            title={commands.caption(CommandIDs.removeAttachment, {
              path: file.path
            })}
            onClick={() =>
              void commands.execute(CommandIDs.removeAttachment, {
                path: file.path
              })
            }
          >
            ×
          </button>
        </span>
      ))}
      {uploads.progress.map(p => (
        <span key={p.key} className="jp-gptinterp-upload-progress">
          {p.name}
          <progress value={p.fraction} max={1} />
        </span>
      ))}
      {uploads.errors.map(text => (
        <div key={text} className="jp-gptinterp-upload-error" role="alert">
          {text}
        </div>
      ))}
    </div>
  );
}
