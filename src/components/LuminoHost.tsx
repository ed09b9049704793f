/**
 * Hosts a Lumino widget (a rendermime renderer, an output area) inside React, attaching it
 * properly so renderers that need attach messages (e.g. some output renderers) work.
 */
import { Widget } from '@lumino/widgets';
import React, { useLayoutEffect, useRef } from 'react';

export function LuminoHost(props: {
  widget: Widget;
  className?: string;
}): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const { widget } = props;
  // A layout effect: its cleanup runs while the host is still in the document (a passive
  // effect's runs after React removed it, when Lumino can no longer detach the widget).
  useLayoutEffect(() => {
    const host = ref.current!;
    if (host.isConnected) {
      Widget.attach(widget, host);
    } else {
      host.appendChild(widget.node);
    }
    return () => {
      if (widget.isAttached && widget.node.isConnected) {
        Widget.detach(widget);
      } else {
        widget.node.remove();
      }
    };
  }, [widget]);
  return <div ref={ref} className={props.className} />;
}
