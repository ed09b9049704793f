/**
 * The parts the proposal card and the diff card share: the head (title, status, elapsed time,
 * whether the user edited the code, the model's reason), the tail (the card's own buttons and
 * Reject while pending, then the outcome and outputs), the reject form, the status line's words,
 * and deciding: a decision runs its command, then the focus stays on the card.
 */
import { CommandRegistry } from '@lumino/commands';
import type { ReadonlyPartialJSONObject } from '@lumino/coreutils';
import React, { useEffect, useRef, useState } from 'react';

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
  /** The assistant said the reason just before the card: not again. */
  hideReason?: boolean;
}): JSX.Element {
  const { item, title, hideReason } = props;
  const { trans } = useServices();
  return (
    <>
      <div className="jp-gptinterp-proposal-header">
        <span className="jp-gptinterp-proposal-title">{title}</span>
        <span className="jp-gptinterp-proposal-status">
          {item.code !== item.proposedCode && (
            <span
              className="jp-gptinterp-edited"
              title={trans.__('You changed the code the assistant proposed')}
            >
              {trans.__('edited')}
            </span>
          )}
          {statusText(item, trans)}
          <Elapsed item={item} />
        </span>
      </div>
      {item.reason && !hideReason && (
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
  decide: Decide;
  children: React.ReactNode;
}): JSX.Element {
  const { item, decidable, decide, children } = props;
  const { commands, trans } = useServices();
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
            title={
              trans.__('Reject it, saying why if you like') +
              keysOf(commands, CommandIDs.reject)
            }
          >
            {trans.__('Reject')}
          </button>
        </div>
      )}
      {pending && rejecting && (
        <RejectForm
          disabled={!decidable}
          decide={decide}
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

/** Reject with an optional reason (the assistant is told), in view with its field focused. */
export function RejectForm(props: {
  disabled: boolean;
  decide: Decide;
  onDone: () => void;
}): JSX.Element {
  const { disabled, decide, onDone } = props;
  const { trans } = useServices();
  const [reason, setReason] = useState('');
  const form = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus({ preventScroll: true });
    form.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const reject = () => {
    decide(CommandIDs.reject, { reason });
    onDone();
  };
  return (
    <div ref={form} className="jp-gptinterp-reject-form">
      <input
        ref={field}
        className="jp-mod-styled jp-gptinterp-reject-reason"
        value={reason}
        aria-label={trans.__('Why you reject it (optional)')}
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

/** Decide the card's proposal with `command` (and more arguments). */
export type Decide = (
  command: string,
  args?: ReadonlyPartialJSONObject
) => void;

/**
 * The card's root (focusable, not in the tab order) and its decide function: the decision's
 * buttons go away with it, so the focus moves to the card rather than drop to the page.
 */
export function useDecision(item: IProposalItem): {
  card: React.RefObject<HTMLDivElement>;
  decide: Decide;
} {
  const { commands } = useServices();
  const card = useRef<HTMLDivElement>(null);
  const decide: Decide = (command, args = {}) => {
    void commands.execute(command, { ...args, proposalId: item.proposalId });
    card.current?.focus({ preventScroll: true });
  };
  return { card, decide };
}

/** ' (Ctrl+Enter)': the command's first key binding, for a tooltip ('' when it has none). */
export function keysOf(commands: CommandRegistry, command: string): string {
  const binding = commands.keyBindings.find(b => b.command === command);
  return binding
    ? ` (${binding.keys.map(k => CommandRegistry.formatKeystroke(k)).join(', ')})`
    : '';
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
      if (item.proposalKind === 'mcp_tool') {
        return trans.__('Calling the tool…');
      }
      // Until its first output, a run sent to a busy kernel is still queued behind that cell.
      return item.kernelBusy && item.outputs.length === 0
        ? trans.__('Waiting for the kernel (busy with another cell)…')
        : trans.__('Running…');
    case 'done':
      if (item.proposalKind === 'mcp_tool') {
        return item.result === 'ok'
          ? trans.__('Called')
          : item.result === 'error'
            ? trans.__('The tool failed')
            : trans.__('Abandoned');
      }
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
