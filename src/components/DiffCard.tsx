/**
 * The card of a `replace_cell` proposal: the cell's source against the fix, in CodeMirror's
 * unified merge view, with Accept (replace the source, nothing runs), Accept and run, and
 * Reject. If the user edits or deletes the cell while the card waits, the card says so and
 * cannot be accepted: a fix made for the old source must not overwrite the user's edit.
 */
import { EditorLanguageRegistry, jupyterTheme } from '@jupyterlab/codemirror';
import { unifiedMergeView } from '@codemirror/merge';
import { Compartment, EditorState, Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import React, { useEffect, useRef, useState } from 'react';

import type { IProposalItem } from '../items';
import {
  ICellSources,
  isStale,
  ReplacementState,
  replacementState
} from '../replacement';
import { CommandIDs } from '../tokens';
import { useServices } from './hooks';
import { CardFooter, CardHeader, keysOf, useDecision } from './CardParts';

export const DiffCard = React.memo(function DiffCard(props: {
  item: IProposalItem;
  hideReason?: boolean;
}) {
  const { item, hideReason } = props;
  const { commands, trans, cells } = useServices();
  const pending = item.status === 'pending';
  const state = useReplacementState(item, cells, pending);
  const stale = pending && isStale(state);
  const decidable = pending && !item.submitting;
  const { card, decide } = useDecision(item);
  const title = pending ? trans.__('Proposed fix') : trans.__('Fix');
  const accept = (run: boolean) => decide(CommandIDs.approve, { run });

  return (
    <div
      ref={card}
      tabIndex={-1}
      role="group"
      aria-label={title}
      className="jp-gptinterp-diff"
      data-status={item.status}
      data-proposal-id={item.proposalId}
      data-cell-id={item.cellId ?? undefined}
      data-submitting={item.submitting ? 'true' : 'false'}
      data-stale={stale ? state : undefined}
    >
      <CardHeader item={item} title={title} hideReason={hideReason} />
      <MergeView
        original={item.oldSource ?? ''}
        code={item.code}
        label={trans.__(
          'The cell’s code with the fix: removed and added lines'
        )}
      />
      {stale && (
        <div className="jp-gptinterp-diff-stale" role="status">
          {state === 'deleted'
            ? trans.__('The cell was deleted')
            : trans.__('The cell changed since this fix was proposed')}
        </div>
      )}
      <CardFooter item={item} decidable={decidable} decide={decide}>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-accept"
          disabled={!decidable || stale}
          onClick={() => accept(false)}
          title={
            trans.__('Replace the cell’s source; nothing runs') +
            keysOf(commands, CommandIDs.approve)
          }
        >
          {trans.__('Accept')}
        </button>
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-accept-run"
          disabled={!decidable || stale}
          onClick={() => accept(true)}
          title={trans.__('Replace the cell’s source and run it')}
        >
          {trans.__('Accept and run')}
        </button>
      </CardFooter>
    </div>
  );
});

/** Whether the proposal's cell still holds the source the fix was made for, kept current. */
function useReplacementState(
  item: IProposalItem,
  cells: ICellSources,
  watching: boolean
): ReplacementState {
  const compute = () =>
    item.cellId === null
      ? 'unknown'
      : replacementState(
          item.oldSource,
          cells.source(item.notebookPath, item.cellId)
        );
  const [state, setState] = useState<ReplacementState>(compute);
  useEffect(() => {
    if (!watching) {
      return;
    }
    const update = () => setState(compute());
    update();
    return cells.watch(item.notebookPath, update);
  }, [watching, item.notebookPath, item.cellId, item.oldSource]);
  return state;
}

let languages: EditorLanguageRegistry | null = null;

/** Python highlighting, from JupyterLab's language definitions (loaded on first use). */
async function pythonSupport(): Promise<Extension | null> {
  if (!languages) {
    languages = new EditorLanguageRegistry();
    for (const language of EditorLanguageRegistry.getDefaultLanguages()) {
      languages.addLanguage(language);
    }
  }
  return (await languages.getLanguage('python'))?.support ?? null;
}

/**
 * Old against new in one read-only editor: deletions and insertions inline, long lines wrapped
 * (a diff is read whole), focusable and named for keyboard and screen reader users.
 */
function MergeView(props: { original: string; code: string; label: string }) {
  const { original, code, label } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const support = useRef<Extension>([]);

  useEffect(() => {
    view.current = new EditorView({
      parent: host.current!,
      state: state(original, code, label, language.current.of(support.current))
    });
    void pythonSupport().then(python => {
      if (python && view.current) {
        support.current = python;
        view.current.dispatch({
          effects: language.current.reconfigure(python)
        });
      }
    });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== code) {
      current.setState(
        state(original, code, label, language.current.of(support.current))
      );
    }
  }, [original, code]);

  return <div ref={host} className="jp-gptinterp-diff-view" />;
}

/** The merge view's colours from JupyterLab's theme variables (light and dark alike). */
const diffTheme = EditorView.theme({
  '.cm-changedLine': { backgroundColor: 'var(--jp-success-color3)' },
  '.cm-changedText': { background: 'none' },
  '.cm-deletedChunk': { backgroundColor: 'var(--jp-error-color3)' },
  '.cm-deletedChunk del': { textDecoration: 'none' }
});

function state(
  original: string,
  code: string,
  label: string,
  language: Extension
): EditorState {
  return EditorState.create({
    doc: code,
    extensions: [
      jupyterTheme,
      diffTheme,
      language,
      // Read only, yet editable in CodeMirror's sense: focusable, so it can be read by keyboard.
      EditorState.readOnly.of(true),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      unifiedMergeView({ original, mergeControls: false })
    ]
  });
}
