/**
 * How the chat's proposed code is approved, beside the composer: ask every time (the default),
 * or run it as proposed in this chat. Where the admin does not allow the second, the choice is
 * shown locked; when it is on, the bar says so plainly. The choice goes through the
 * set-approval-mode command and is held by the server, so every tab shows the same.
 */
import { HTMLSelect, lockIcon } from '@jupyterlab/ui-components';
import React from 'react';

import type { ChatManager } from '../chatmanager';
import { CommandIDs } from '../tokens';
import { useServices } from './hooks';

export function ApprovalModePicker(props: {
  manager: ChatManager;
}): JSX.Element | null {
  const { manager } = props;
  const { commands, trans } = useServices();
  const model = manager.current;
  if (!model || model.chatId === null) {
    return null;
  }
  const mode = manager.approvalMode;
  const locked = !manager.autoRunAllowed;
  return (
    <div
      className="jp-gptinterp-approval-mode"
      data-mode={mode}
      data-locked={locked ? 'true' : 'false'}
    >
      {locked && (
        <lockIcon.react
          tag="span"
          className="jp-gptinterp-approval-lock"
          title={trans.__(
            'Your administrator requires every cell to be approved on this server'
          )}
        />
      )}
      <HTMLSelect
        aria-label={trans.__('How proposed code is approved in this chat')}
        title={
          locked
            ? trans.__(
                'Your administrator requires every cell to be approved on this server'
              )
            : trans.__('Applies from the next message in this chat')
        }
        value={mode}
        disabled={locked}
        onChange={e =>
          void commands.execute(CommandIDs.setApprovalMode, {
            mode: e.currentTarget.value
          })
        }
      >
        <option value="ask">{trans.__('Ask before running code')}</option>
        <option value="auto">
          {trans.__('Run code without asking (this chat)')}
        </option>
      </HTMLSelect>
      {mode === 'auto' && (
        <span className="jp-gptinterp-approval-warning" role="status">
          {trans.__('Code runs without your approval')}
        </span>
      )}
    </div>
  );
}
