/**
 * What the model was sent in a chat's latest call, message by message, as plain text (never
 * rendered: it may hold anything the notebook or a file contained).
 */
import type { TranslationBundle } from '@jupyterlab/translation';
import React from 'react';

import type { SentMessage } from '../protocol';

export function SentView(props: {
  messages: SentMessage[];
  trans: TranslationBundle;
}): JSX.Element {
  const { messages, trans } = props;
  if (messages.length === 0) {
    return (
      <p>
        {trans.__(
          'Nothing yet: the model has not been called in this chat since the server started.'
        )}
      </p>
    );
  }
  const chars = messages.reduce((n, m) => n + m.content.length, 0);
  return (
    <div className="jp-gptinterp-sent">
      <p className="jp-gptinterp-sent-summary">
        {trans.__(
          '%1 messages, %2 characters',
          messages.length,
          chars.toLocaleString()
        )}
      </p>
      {messages.map((message, i) => (
        <section key={i} data-role={message.role}>
          <h4>{message.role}</h4>
          <pre className="jp-gptinterp-sent-text">
            {message.content}
            {message.tool_calls
              ? `\n${JSON.stringify(message.tool_calls, null, 2)}`
              : ''}
          </pre>
        </section>
      ))}
    </div>
  );
}
