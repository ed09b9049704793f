/**
 * The chat's entries, scrolled to keep the end in view while the user reads there. When new
 * content arrives while they have scrolled up, a "New messages" control takes them down; a
 * message they send takes them down anyway. The turn's phase line comes last.
 */
import React, { useEffect, useRef, useState } from 'react';

import { FollowEnd } from '../followend';
import type { ChatItem } from '../items';
import type { ChatModel } from '../model';
import { echoedReason } from '../transcript';
import { DiffCard } from './DiffCard';
import { useServices } from './hooks';
import { AssistantMessage, Notice, Usage, UserMessage } from './MessageView';
import { PhaseLine } from './PhaseLine';
import { ProposalCard } from './ProposalCard';

export function Transcript(props: { model: ChatModel }): JSX.Element {
  const { trans } = useServices();
  const list = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const follow = useRef(new FollowEnd());
  const toEnd = useRef(() => undefined as void);
  const [unseen, setUnseen] = useState(false);
  const { items } = props.model;
  const asked = items.filter(i => i.kind === 'user').length;

  // Keep the end in view unless the user has scrolled up to read. Content also grows after a
  // render (Markdown and outputs render asynchronously), so follow sizes, not the items.
  useEffect(() => {
    const node = list.current;
    const inner = content.current;
    if (!node || !inner) {
      return;
    }
    let height = 0;
    toEnd.current = () => {
      const top = follow.current.target(node.scrollHeight, node.clientHeight);
      if (top !== null) {
        node.scrollTop = top;
      } else if (node.scrollHeight > height) {
        setUnseen(true);
      }
      height = node.scrollHeight;
    };
    toEnd.current();
    const observer = new ResizeObserver(() => toEnd.current());
    observer.observe(inner);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const goToEnd = () => {
    follow.current.resume();
    setUnseen(false);
    toEnd.current();
  };
  // The user asked something: they want to see what comes of it.
  useEffect(goToEnd, [asked]);
  // Only a scroll soon after the user's own input can leave the end.
  const touched = () => follow.current.input(Date.now());

  return (
    <div className="jp-gptinterp-transcript-frame">
      <div
        ref={list}
        className="jp-gptinterp-transcript"
        data-loaded={props.model.loaded ? 'true' : 'false'}
        aria-busy={!props.model.loaded}
        // A stop for the keyboard (Shift+Tab from the composer), scrolled with the arrow keys;
        // a region, not a log: new messages are announced once, by the Announcer.
        role="region"
        aria-label={trans.__('Chat transcript')}
        tabIndex={0}
        onWheel={touched}
        onTouchMove={touched}
        onKeyDown={touched}
        onPointerDown={touched}
        onScroll={e => {
          const node = e.currentTarget;
          follow.current.scrolled(
            node.scrollTop,
            node.scrollHeight,
            node.clientHeight,
            Date.now()
          );
          if (follow.current.following) {
            setUnseen(false);
          }
        }}
      >
        <div ref={content} className="jp-gptinterp-transcript-items">
          {items.length === 0 && (
            <div className="jp-gptinterp-empty">
              {props.model.loaded
                ? trans.__(
                    'Ask for something to do in this notebook. Code runs in its kernel only after you approve it.'
                  )
                : trans.__('Loading the chat…')}
            </div>
          )}
          {items.map((item, index) => renderItem(item, items, index))}
          <PhaseLine model={props.model} />
        </div>
      </div>
      {unseen && (
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-new-messages"
          onClick={goToEnd}
        >
          {trans.__('New messages ↓')}
        </button>
      )}
    </div>
  );
}

function renderItem(
  item: ChatItem,
  items: ReadonlyArray<ChatItem>,
  index: number
): JSX.Element {
  switch (item.kind) {
    case 'user':
      return <UserMessage key={item.key} item={item} />;
    case 'assistant':
      return <AssistantMessage key={item.key} item={item} />;
    case 'proposal': {
      // The model's sentence once: not again as the card's reason when it was just said.
      const hideReason = echoedReason(items, index);
      return item.proposalKind === 'replace_cell' ? (
        <DiffCard key={item.key} item={item} hideReason={hideReason} />
      ) : (
        <ProposalCard key={item.key} item={item} hideReason={hideReason} />
      );
    }
    case 'notice':
      return <Notice key={item.key} item={item} />;
    case 'usage':
      return <Usage key={item.key} item={item} />;
  }
}
