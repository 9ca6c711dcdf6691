import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store is module state: a fresh module per test keeps tests independent.
async function loadStore() {
  vi.resetModules();
  return import('./use-toast');
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast: a new one replaces the older', async () => {
    const store = await loadStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second', variant: 'destructive' });
    const list = store.getToasts();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('keeps a dismissed toast, closed, until the removal delay has passed', async () => {
    const store = await loadStore();
    const id = store.toast({ title: 'Saved', description: 'All good' });
    store.dismissToast(id);
    expect(store.getToasts()).toEqual([
      expect.objectContaining({ id, title: 'Saved', description: 'All good', open: false }),
    ]);
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY - 1);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
    expect(store.TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('does not let an old removal timer delete a newer toast', async () => {
    const store = await loadStore();
    const first = store.toast({ title: 'First' });
    store.dismissToast(first);
    const second = store.toast({ title: 'Second' });
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY);
    expect(store.getToasts()).toEqual([expect.objectContaining({ id: second, open: true })]);
  });

  it('notifies subscribers on every change', async () => {
    const store = await loadStore();
    const seen: [string, boolean][][] = [];
    const unsubscribe = store.subscribeToasts(() =>
      seen.push(store.getToasts().map((t) => [t.title, t.open])),
    );
    const id = store.toast({ title: 'Hi' });
    store.dismissToast(id);
    unsubscribe();
    store.toast({ title: 'Unseen' });
    expect(seen).toEqual([[['Hi', true]], [['Hi', false]]]);
  });
});
