/**
 * useSignal re-renders on a signal, including one emitted between the render and the moment
 * its effect subscribes (the reload bug: a chat's replayed events arrived in that gap, and the
 * sidebar kept its empty transcript).
 */
import { Signal } from '@lumino/signaling';
import React, { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';

import { useSignal } from '../components/hooks';

(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true;

class Store {
  value = 'before';
  readonly changed = new Signal<this, void>(this);
  set(value: string): void {
    this.value = value;
    this.changed.emit();
  }
}

function View(props: { store: Store; children?: React.ReactNode }) {
  useSignal(props.store.changed);
  return (
    <div>
      <span className="value">{props.store.value}</span>
      {props.children}
    </div>
  );
}

/** Changes the store during the commit, after View rendered, before View's effect runs. */
function ChangeInCommit(props: { store: Store }) {
  useLayoutEffect(() => props.store.set('after'), [props.store]);
  return null;
}

function mount(element: React.ReactElement): HTMLElement {
  const node = document.createElement('div');
  const root = createRoot(node);
  act(() => root.render(element));
  return node;
}

describe('useSignal', () => {
  it('shows a change emitted before its effect subscribed', () => {
    const store = new Store();
    const node = mount(
      <View store={store}>
        <ChangeInCommit store={store} />
      </View>
    );
    expect(node.querySelector('.value')!.textContent).toBe('after');
  });

  it('re-renders on later emissions', () => {
    const store = new Store();
    const node = mount(<View store={store} />);
    expect(node.querySelector('.value')!.textContent).toBe('before');
    act(() => store.set('later'));
    expect(node.querySelector('.value')!.textContent).toBe('later');
  });
});
