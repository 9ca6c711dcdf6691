import { describe, expect, it } from 'vitest';
import { Changes } from './events';
import { ReadModel, ReadModels } from './read-model';

/** A model of "rows" whose loads and refreshes the test counts and can hold open. */
function counter() {
  const calls: string[] = [];
  /** The refreshes whose rows were put into the model. */
  const applied: string[] = [];
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
    refresh: async (ids) => {
      calls.push(`refresh ${ids.join(',')}`);
      const value = data;
      await gate;
      return (current) => {
        applied.push(ids.join(','));
        return { ...current, value };
      };
    },
    validUntil: (m) => m.until,
  });
  return {
    model,
    calls,
    applied,
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
    expect((await c.model.read((m) => m)).value).toBe(1);
    expect((await c.model.read((m) => m)).value).toBe(1);
    c.model.invalidate([{ type: 'post.updated', id: 1 }]);
    await c.model.read((m) => m);
    expect(c.calls).toEqual(['load']);
    c.set(2);
    c.model.invalidate([
      { type: 'firm.updated', id: 7 },
      { type: 'firm.updated', id: 9 },
    ]);
    expect((await c.model.readLatest((m) => m)).value).toBe(2);
    c.model.invalidate([{ type: 'firm.deleted' }]);
    await c.model.read((m) => m);
    expect(c.calls).toEqual(['load', 'refresh 7,9', 'load']);
  });

  it('never keeps a build that a change overtook: the latest model is read again', async () => {
    const c = counter();
    await c.model.read((m) => m);
    const open = c.hold();
    c.model.invalidate([{ type: 'firm.updated', id: 1 }]);
    const during = c.model.readLatest((m) => m);
    c.set(3);
    c.model.invalidate([{ type: 'firm.updated', id: 2 }]);
    const after = c.model.readLatest((m) => m);
    open();
    expect((await during).value).toBe(1);
    expect((await after).value).toBe(3);
    // The overtaken build's ids are read again with the new one.
    expect(c.calls).toEqual(['load', 'refresh 1', 'refresh 1,2']);
    // Only the build that is kept touches the model (a model may be changed in place).
    expect(c.applied).toEqual(['1,2']);
    expect((await c.model.read((m) => m)).value).toBe(3);
    expect(c.calls).toHaveLength(3);
  });

  it('answers requests from the current model while a few rows are read again, never while everything is', async () => {
    const c = counter();
    await c.model.read((m) => m);
    const open = c.hold();
    c.set(4);
    c.model.invalidate([{ type: 'firm.updated', id: 5 }]);
    expect(c.model.pending).toBe(true);
    // The request is not held by the refresh: it gets the model as it stood, and starts the refresh.
    expect((await c.model.read((m) => m)).value).toBe(1);
    expect(c.calls).toEqual(['load', 'refresh 5']);
    const latest = c.model.readLatest((m) => m);
    open();
    expect((await latest).value).toBe(4);
    expect(c.model.pending).toBe(false);
    expect((await c.model.read((m) => m)).value).toBe(4);
    // A change of everything: requests wait for the new build.
    const hold = c.hold();
    c.set(5);
    c.model.invalidate([{ type: 'firm.deleted' }]);
    const waiting = c.model.read((m) => m);
    hold();
    expect((await waiting).value).toBe(5);
  });

  it('builds afresh after a refresh that failed while it changed the model', async () => {
    const calls: string[] = [];
    const model = new ReadModel<{ rows: number[] }>({
      affects: (event) => (typeof event.id === 'number' ? { ids: [event.id] } : 'all'),
      load: async () => {
        calls.push('load');
        return { rows: [1, 2] };
      },
      refresh: async () => (current) => {
        current.rows.push(3);
        throw new Error('stopped half-way');
      },
    });
    await model.read((m) => m);
    model.invalidate([{ type: 'firm.updated', id: 3 }]);
    await expect(model.readLatest((m) => m)).rejects.toThrow('stopped half-way');
    expect((await model.read((m) => m)).rows).toEqual([1, 2]);
    expect(calls).toEqual(['load', 'load']);
  });

  it('reads everything again once the model expires', async () => {
    const c = counter();
    const first = await c.model.read((m) => m, 0);
    first.until = 100;
    await c.model.read((m) => m, 50);
    await c.model.read((m) => m, 150);
    expect(c.calls).toEqual(['load', 'load']);
  });
});

describe('ReadModels', () => {
  it('refreshes built models when a change is heard, and settles once they have it', async () => {
    const changes = new Changes();
    const models = new ReadModels(changes);
    const c = counter();
    models.register(c.model);
    await c.model.read((m) => m);
    const open = c.hold();
    c.set(6);
    changes.publishCommitted({ type: 'firm.updated', id: 3 });
    // Started by the event itself, not by a request.
    expect(c.calls).toEqual(['load', 'refresh 3']);
    let settled = false;
    const done = models.settled().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    open();
    await done;
    expect(c.model.pending).toBe(false);
    expect((await c.model.read((m) => m)).value).toBe(6);
  });
});
