import { describe, expect, it } from 'vitest';
import { ReadModel } from './read-model';

/** A model of "rows" whose loads and refreshes the test counts and can hold open. */
function counter() {
  const calls: string[] = [];
  let data = 1;
  let gate: Promise<void> = Promise.resolve();
  const model = new ReadModel<{ value: number; until: number }>({
    affects: (event) =>
      event.type === 'firm.updated' && typeof event.id === 'number'
        ? { ids: [event.id] }
        : event.type.startsWith('firm.')
          ? 'all'
          : 'none',
    load: async () => {
      calls.push('load');
      const value = data;
      await gate;
      return { value, until: Number.POSITIVE_INFINITY };
    },
    refresh: async (current, ids) => {
      calls.push(`refresh ${ids.join(',')}`);
      const value = data;
      await gate;
      return { ...current, value };
    },
    validUntil: (m) => m.until,
  });
  return {
    model,
    calls,
    set: (v: number) => {
      data = v;
    },
    hold: () => {
      let open = () => {};
      gate = new Promise((r) => {
        open = r;
      });
      return () => open();
    },
  };
}

describe('ReadModel', () => {
  it('loads once, ignores unrelated events, and re-reads only the rows a change names', async () => {
    const c = counter();
    expect((await c.model.get()).value).toBe(1);
    expect((await c.model.get()).value).toBe(1);
    c.model.invalidate([{ type: 'post.updated', id: 1 }]);
    await c.model.get();
    expect(c.calls).toEqual(['load']);
    c.set(2);
    c.model.invalidate([
      { type: 'firm.updated', id: 7 },
      { type: 'firm.updated', id: 9 },
    ]);
    expect((await c.model.get()).value).toBe(2);
    c.model.invalidate([{ type: 'firm.deleted' }]);
    await c.model.get();
    expect(c.calls).toEqual(['load', 'refresh 7,9', 'load']);
  });

  it('never keeps a build that a change overtook: the next request reads again', async () => {
    const c = counter();
    await c.model.get();
    const open = c.hold();
    c.model.invalidate([{ type: 'firm.updated', id: 1 }]);
    const during = c.model.get();
    c.set(3);
    c.model.invalidate([{ type: 'firm.updated', id: 2 }]);
    const after = c.model.get();
    open();
    expect((await during).value).toBe(1);
    expect((await after).value).toBe(3);
    // The overtaken build's ids are read again with the new one.
    expect(c.calls).toEqual(['load', 'refresh 1', 'refresh 1,2']);
    expect((await c.model.get()).value).toBe(3);
    expect(c.calls).toHaveLength(3);
  });

  it('reads everything again once the model expires', async () => {
    const c = counter();
    const first = await c.model.get(0);
    first.until = 100;
    await c.model.get(50);
    await c.model.get(150);
    expect(c.calls).toEqual(['load', 'load']);
  });
});
