/**
 * The message box: Enter sends (Shift+Enter for a new line; with `sendOnEnter` off,
 * Ctrl/Cmd+Enter sends), Stop while the assistant works. Both go through commands.
 */
import React from 'react';

import type { ChatModel } from '../model';
import { CommandIDs } from '../tokens';
import { useServices } from './hooks';

export function Composer(props: {
  model: ChatModel;
  sendOnEnter: boolean;
  /** The model picker, left of the buttons. */
  picker?: React.ReactNode;
}): JSX.Element {
  const { model, sendOnEnter, picker } = props;
  const { commands, trans } = useServices();
  const canSend = commands.isEnabled(CommandIDs.send);
  const send = () => {
    if (commands.isEnabled(CommandIDs.send)) {
      void commands.execute(CommandIDs.send);
    }
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) {
      return;
    }
    if (sendOnEnter || e.ctrlKey || e.metaKey) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div className="jp-gptinterp-composer">
      <textarea
        className="jp-gptinterp-composer-input"
        rows={3}
        value={model.draft}
        placeholder={trans.__(
          'Ask the assistant to do something in this notebook…'
        )}
        aria-label={trans.__('Message to the assistant')}
        onChange={e => model.setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="jp-gptinterp-composer-actions">
        {picker}
        <button
          className="jp-Button jp-mod-styled jp-mod-warn jp-gptinterp-stop"
          disabled={!commands.isEnabled(CommandIDs.stop)}
          onClick={() => void commands.execute(CommandIDs.stop)}
          title={trans.__('Stop the assistant and any code it is running')}
        >
          {trans.__('Stop')}
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-send"
          disabled={!canSend}
          onClick={send}
        >
          {trans.__('Send')}
        </button>
      </div>
    </div>
  );
}
