/**
 * React glue for Lumino: re-render on a signal or on a clock, and the services every view
 * needs.
 */
import type { IEditorServices } from '@jupyterlab/codeeditor';
import type { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { CommandRegistry } from '@lumino/commands';
import type { ISignal } from '@lumino/signaling';
import {
  createContext,
  useContext,
  useEffect,
  useReducer,
  useState
} from 'react';

import type { ChatModel } from '../model';
import type { ICellSources } from '../replacement';
import type { AttachmentUploads } from '../attachments';

/** Re-render the calling component whenever `signal` is emitted. */
export function useSignal(signal: ISignal<any, any> | null | undefined): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!signal) {
      return;
    }
    const slot = () => bump();
    signal.connect(slot);
    // An emission between the render and this effect had no listener: render once more.
    bump();
    return () => {
      signal.disconnect(slot);
    };
  }, [signal]);
}

/** The time now (ms), renewed every `interval` ms while it is not null. */
export function useNow(interval: number | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (interval === null) {
      return;
    }
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), interval);
    return () => window.clearInterval(timer);
  }, [interval]);
  return now;
}

export interface IChatServices {
  readonly commands: CommandRegistry;
  readonly rendermime: IRenderMimeRegistry;
  readonly editorServices: IEditorServices;
  readonly trans: TranslationBundle;
  /** The open notebooks' cells, for the diff card's stale check. */
  readonly cells: ICellSources;
  /** The chat shown: cards report the user's code edits to it. */
  readonly model: ChatModel | null;
  /** Uploads attached files (absent: no attach button). */
  readonly uploads?: AttachmentUploads | null;
  /** The user's setting: offer to show what the model was sent, after each turn. */
  readonly showSent?: boolean;
}

export const ChatServices = createContext<IChatServices | null>(null);

export function useServices(): IChatServices {
  const services = useContext(ChatServices);
  if (!services) {
    throw new Error('gptinterp: views need a ChatServices provider');
  }
  return services;
}
