/**
 * A proposal card: the code the model wants to run (editable while pending), its reason, and
 * Run / Reject. Nothing runs from here: the buttons execute commands that send the decision to
 * the server, which holds the approval. After Run the card shows the execution's status,
 * count and outputs (rendered untrusted).
 */
import { CodeEditor } from '@jupyterlab/codeeditor';
import type * as nbformat from '@jupyterlab/nbformat';
import { OutputArea, OutputAreaModel } from '@jupyterlab/outputarea';
import React, { useEffect, useMemo, useRef, useState } from 'react';

import type { IProposalItem } from '../items';
import { CommandIDs } from '../tokens';
import { useServices } from './hooks';
import { LuminoHost } from './LuminoHost';
import {
  Collapsible,
  Elapsed,
  HEAD_LINES,
  streamHead,
  WrittenFiles
} from './OutputsView';

export const ProposalCard = React.memo(function ProposalCard(props: {
  item: IProposalItem;
}) {
  const { item } = props;
  const { commands, trans } = useServices();
  const pending = item.status === 'pending';
  const decidable = pending && !item.submitting;

  const run = () => {
    void commands.execute(CommandIDs.approve, { proposalId: item.proposalId });
  };

  return (
    <div
      className="jp-gptinterp-proposal"
      data-status={item.status}
      data-proposal-id={item.proposalId}
      data-submitting={item.submitting ? 'true' : 'false'}
    >
      <CardHeader
        item={item}
        title={pending ? trans.__('Proposed code') : trans.__('Code')}
      />
      <CodeView item={item} editable={decidable} />
      <CardFooter item={item} decidable={decidable}>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-run"
          disabled={!decidable}
          onClick={run}
          title={trans.__('Run this code in the notebook’s kernel')}
        >
          {trans.__('Run')}
        </button>
      </CardFooter>
    </div>
  );
});

/** A card's head, shared with the diff card: title, status and time, the model's reason. */
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
 * A card's tail, shared with the diff card: while pending, the card's own buttons (children)
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

/** Reject with an optional reason (the assistant is told); shared with the diff card. */
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

/** The code in a CodeMirror editor from JupyterLab's editor services, Python highlighted. */
function CodeView(props: { item: IProposalItem; editable: boolean }) {
  const { item, editable } = props;
  const { editorServices, model } = useServices();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor.IEditor | null>(null);
  // The latest callback target, so the editor created once always reports to the shown chat.
  const report = useRef((code: string) => undefined as void);
  report.current = code => model?.setProposalCode(item.proposalId, code);

  useEffect(() => {
    const editorModel = new CodeEditor.Model({ mimeType: 'text/x-python' });
    editorModel.sharedModel.setSource(item.code);
    editor.current = editorServices.factoryService.newInlineEditor({
      host: host.current!,
      model: editorModel,
      config: { readOnly: !editable, lineNumbers: false }
    });
    editorModel.sharedModel.changed.connect(() =>
      report.current(editorModel.sharedModel.getSource())
    );
    return () => {
      editor.current?.dispose();
      editor.current = null;
      editorModel.dispose();
    };
  }, []);

  useEffect(() => {
    editor.current?.setOption('readOnly', !editable);
  }, [editable]);

  useEffect(() => {
    const shared = editor.current?.model.sharedModel;
    if (shared && shared.getSource() !== item.code) {
      shared.setSource(item.code);
    }
  }, [item.code]);

  return (
    <div
      ref={host}
      className="jp-gptinterp-proposal-editor"
      data-editable={editable ? 'true' : 'false'}
    />
  );
}

/**
 * The execution's outputs as they stream, untrusted (no scripts, sanitized HTML). With
 * `headLines`, only that many lines of stream output are rendered: a collapsed card shows
 * ~17 of them, and laying out 10,000 clipped lines cost ~80 ms a time.
 */
export function Outputs(props: {
  item: IProposalItem;
  headLines?: number | null;
}) {
  const { rendermime } = useServices();
  const area = useMemo(
    () =>
      new OutputArea({
        model: new OutputAreaModel({ trusted: false }),
        rendermime
      }),
    []
  );
  // Counted here: the area merges consecutive stream outputs, so its length differs.
  const added = useRef({ outputs: 0, lines: 0, limit: null as number | null });
  const { outputs } = props.item;
  const limit = props.headLines ?? null;

  useEffect(() => {
    if (
      outputs.length < added.current.outputs ||
      limit !== added.current.limit
    ) {
      area.model.clear();
      added.current = { outputs: 0, lines: 0, limit };
    }
    const state = added.current;
    for (; state.outputs < outputs.length; state.outputs++) {
      const output = outputs[state.outputs] as nbformat.IOutput;
      if (limit === null) {
        area.model.add(output);
        continue;
      }
      const head = streamHead(output, limit - state.lines);
      if (head.shown) {
        area.model.add(head.shown);
      }
      state.lines += head.lines;
    }
  }, [outputs, limit]);

  useEffect(
    () => () => {
      area.model.dispose();
      area.dispose();
    },
    []
  );

  return <LuminoHost widget={area} className="jp-gptinterp-outputs" />;
}
