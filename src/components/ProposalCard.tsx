/**
 * A proposal card: the code the model wants to run (editable while pending), its reason, and
 * Run / Reject. Nothing runs from here: the buttons execute commands that send the decision to
 * the server, which holds the approval. After Run the card shows the execution's status,
 * count and outputs (rendered untrusted). An MCP tool call is the same card: the tool, what it
 * does, its arguments as editable JSON, and Call / Reject; then what the tool returned.
 */
import { CodeEditor } from '@jupyterlab/codeeditor';
import type { CodeMirrorEditor } from '@jupyterlab/codemirror';
import { EditorView } from '@codemirror/view';
import { CommandRegistry } from '@lumino/commands';
import React, { useEffect, useId, useRef } from 'react';

import type { IProposalItem } from '../items';
import { CommandIDs } from '../tokens';
import { CardFooter, CardHeader, keysOf, useDecision } from './CardParts';
import { useServices } from './hooks';

export const ProposalCard = React.memo(function ProposalCard(props: {
  item: IProposalItem;
  hideReason?: boolean;
}) {
  const { item, hideReason } = props;
  const { commands, trans } = useServices();
  const pending = item.status === 'pending';
  const decidable = pending && !item.submitting;
  const { card, decide } = useDecision(item);
  const tool = item.proposalKind === 'mcp_tool';
  const title = tool
    ? trans.__('Tool call: %1 › %2', item.toolServer ?? '', item.toolName ?? '')
    : pending
      ? trans.__('Proposed code')
      : trans.__('Code');

  return (
    <div
      ref={card}
      className="jp-gptinterp-proposal"
      data-status={item.status}
      data-proposal-id={item.proposalId}
      data-submitting={item.submitting ? 'true' : 'false'}
      tabIndex={-1}
      role="group"
      aria-label={title}
    >
      <CardHeader item={item} title={title} hideReason={hideReason} />
      {tool && item.toolDescription && (
        <div className="jp-gptinterp-tool-description">
          {item.toolDescription}
        </div>
      )}
      <CodeView item={item} editable={decidable} />
      <CardFooter item={item} decidable={decidable} decide={decide}>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-run"
          disabled={!decidable}
          onClick={() => decide(CommandIDs.approve)}
          title={
            (tool
              ? trans.__('Call this tool with these arguments')
              : trans.__('Run this code in the notebook’s kernel')) +
            keysOf(commands, CommandIDs.approve)
          }
        >
          {tool ? trans.__('Call') : trans.__('Run')}
        </button>
      </CardFooter>
    </div>
  );
});

/**
 * The code in a CodeMirror editor from JupyterLab's editor services, Python highlighted (a
 * tool call's arguments: JSON).
 */
function CodeView(props: { item: IProposalItem; editable: boolean }) {
  const { item, editable } = props;
  const { editorServices, model, trans } = useServices();
  const hint = useId();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor.IEditor | null>(null);
  // The latest callback target, so the editor created once always reports to the shown chat.
  const report = useRef((code: string) => undefined as void);
  report.current = code => model?.setProposalCode(item.proposalId, code);

  useEffect(() => {
    const editorModel = new CodeEditor.Model({
      mimeType:
        item.proposalKind === 'mcp_tool' ? 'application/json' : 'text/x-python'
    });
    editorModel.sharedModel.setSource(item.code);
    // Long lines scroll inside the code block rather than wrap every few words in a narrow
    // sidebar.
    const created = editorServices.factoryService.newInlineEditor({
      host: host.current!,
      model: editorModel,
      config: { readOnly: !editable, lineNumbers: false, lineWrap: false }
    }) as CodeMirrorEditor;
    created.injectExtension(
      EditorView.contentAttributes.of({
        'aria-label':
          item.proposalKind === 'mcp_tool'
            ? trans.__('Arguments of the tool call')
            : trans.__('Code proposed by the assistant'),
        'aria-describedby': hint
      })
    );
    // Tab moves the focus on, as everywhere else in a page: it must never change the code that
    // will run without the user seeing it. Indentation has keys of its own (the hint names them).
    created.editor.setTabFocusMode(true);
    editor.current = created;
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
    <>
      <div
        ref={host}
        className="jp-gptinterp-proposal-editor"
        data-editable={editable ? 'true' : 'false'}
        // A code runner to JupyterLab's editor: Accel Enter is left to the card's shortcut
        // (Run) instead of inserting a blank line.
        data-jp-code-runner
      />
      <div id={hint} className="jp-gptinterp-editor-hint">
        {editable
          ? trans.__(
              'Tab leaves the code; %1 indents, %2 dedents.',
              CommandRegistry.formatKeystroke('Accel ]'),
              CommandRegistry.formatKeystroke('Accel [')
            )
          : trans.__('Read only.')}
      </div>
    </>
  );
}
