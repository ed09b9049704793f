/**
 * The parts the proposal card and the diff card share: the head (title, status, elapsed time,
 * the model's reason), the tail (the card's own buttons and Reject while pending, then the
 * outcome and outputs), the reject form and the status line's words.
 */
import React, { useState } from 'react';

import type { IProposalItem } from '../items';
import { CommandIDs } from '../tokens';
import { useServices } from './hooks';
import {
  Collapsible,
  Elapsed,
  HEAD_LINES,
  Outputs,
  WrittenFiles
} from './OutputsView';

/** A card's head: title, status and time, the model's reason. */
export function CardHeader(props: {
  item: IProposalItem;
  title: string;
}): JSX.Element {
  const { item, title } = props;
  const { trans } = useServices();
  return (
    <>
      <div className="jp-gptinterp-proposal-header">
        <span className="jp-gptinterp-proposal-title">{title}</span>
        <span className="jp-gptinterp-proposal-status">
          {statusText(item, trans)}
          <Elapsed item={item} />
        </span>
      </div>
      {item.reason && (
        <div className="jp-gptinterp-proposal-reason">{item.reason}</div>
      )}
    </>
  );
}

/**
 * A card's tail: while pending, the card's own buttons (children)
 * then Reject, which opens the reason form; afterwards the outcome message and the outputs.
 */
export function CardFooter(props: {
  item: IProposalItem;
  decidable: boolean;
  children: React.ReactNode;
}): JSX.Element {
  const { item, decidable, children } = props;
  const { trans } = useServices();
  const [rejecting, setRejecting] = useState(false);
  const pending = item.status === 'pending';
  return (
    <>
      {pending && !rejecting && (
        <div className="jp-gptinterp-proposal-actions">
          {children}
          <button
            className="jp-Button jp-mod-styled jp-mod-reject jp-gptinterp-reject"
            disabled={!decidable}
            onClick={() => setRejecting(true)}
          >
            {trans.__('Reject')}
          </button>
        </div>
      )}
      {pending && rejecting && (
        <RejectForm
          item={item}
          disabled={!decidable}
          onDone={() => setRejecting(false)}
        />
      )}
      {item.message && (
        <div className="jp-gptinterp-proposal-message">{item.message}</div>
      )}
      {item.outputs.length > 0 && (
        <Collapsible>
          {open => <Outputs item={item} headLines={open ? null : HEAD_LINES} />}
        </Collapsible>
      )}
      <WrittenFiles files={item.files} />
    </>
  );
}

/** Reject with an optional reason (the assistant is told). */
export function RejectForm(props: {
  item: IProposalItem;
  disabled: boolean;
  onDone: () => void;
}): JSX.Element {
  const { item, disabled, onDone } = props;
  const { commands, trans } = useServices();
  const [reason, setReason] = useState('');
  const reject = () => {
    void commands.execute(CommandIDs.reject, {
      proposalId: item.proposalId,
      reason
    });
    onDone();
  };
  return (
    <div className="jp-gptinterp-reject-form">
      <input
        className="jp-mod-styled jp-gptinterp-reject-reason"
        autoFocus
        value={reason}
        placeholder={trans.__('Why? (optional, the assistant is told)')}
        onChange={e => setReason(e.target.value)}
        onKeyDown={e => {
          if (e.key === 'Enter') {
            e.preventDefault();
            reject();
          } else if (e.key === 'Escape') {
            onDone();
          }
        }}
      />
      <button
        className="jp-Button jp-mod-styled jp-mod-warn jp-gptinterp-reject-confirm"
        disabled={disabled}
        onClick={reject}
      >
        {trans.__('Reject')}
      </button>
      <button
        className="jp-Button jp-mod-styled jp-mod-reject jp-gptinterp-reject-cancel"
        onClick={onDone}
      >
        {trans.__('Cancel')}
      </button>
    </div>
  );
}

export function statusText(
  item: IProposalItem,
  trans: ReturnType<typeof useServices>['trans']
): string {
  const count = item.executionCount === null ? '' : ` [${item.executionCount}]`;
  switch (item.status) {
    case 'pending':
      return item.submitting
        ? trans.__('Sending…')
        : trans.__('Waiting for you');
    case 'approved':
      return trans.__('Approved');
    case 'running':
      // Until its first output, a run sent to a busy kernel is still queued behind that cell.
      return item.kernelBusy && item.outputs.length === 0
        ? trans.__('Waiting for the kernel (busy with another cell)…')
        : trans.__('Running…');
    case 'done':
      return item.result === 'ok'
        ? trans.__('Ran') + count
        : item.result === 'error'
          ? trans.__('Error') + count
          : trans.__('Stopped');
    case 'rejected':
      return item.decisionReason
        ? trans.__('Rejected: %1', item.decisionReason)
        : trans.__('Rejected');
    case 'cancelled':
      return trans.__('Cancelled');
  }
}
