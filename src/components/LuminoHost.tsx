/**
 * Hosts a Lumino widget (a rendermime renderer, an output area) inside React, attaching it
 * properly so renderers that need attach messages (e.g. some output renderers) work.
 */
import { Widget } from '@lumino/widgets';
import React, { useEffect, useRef } from 'react';

export function LuminoHost(props: {
  widget: Widget;
  className?: string;
}): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const { widget } = props;
  useEffect(() => {
    const host = ref.current!;
    if (host.isConnected) {
      Widget.attach(widget, host);
    } else {
      host.appendChild(widget.node);
    }
    return () => {
      if (widget.isAttached) {
        Widget.detach(widget);
      } else {
        widget.node.remove();
      }
    };
  }, [widget]);
  return <div ref={ref} className={props.className} />;
}
