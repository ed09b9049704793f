/**
 * A proposal card: the code the model wants to run (editable while pending), its reason, and
 * Run / Reject. Nothing runs from here: the buttons execute commands that send the decision to
 * the server, which holds the approval. After Run the card shows the execution's status,
 * count and outputs (rendered untrusted).
 */
import { CodeEditor } from '@jupyterlab/codeeditor';
import React, { useEffect, useRef } from 'react';

import type { IProposalItem } from '../items';
import { CommandIDs } from '../tokens';
import { CardFooter, CardHeader } from './CardParts';
import { useServices } from './hooks';

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
