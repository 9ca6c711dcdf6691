import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { getToasts } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import type { Errors } from './fields';
import { type SaveFormOptions, saveSteps } from './use-save-form';
import { showRefusal } from './use-zod-form';

interface Thing {
  id: number;
  version: number;
  name: string;
}

const apiError = (status: number, message: string) =>
  new ApiError(status, `${status}: ${JSON.stringify({ message })}`);

/**
 * The save step with what React would hold kept in plain variables: the form's values and errors
 * (its refusals shown by useZodForm's own `showRefusal`), the version, the conflict.
 */
function harness(
  record: Thing | null,
  request: (values: { name: string }, version: number) => Promise<Thing>,
) {
  const state = {
    values: { name: record?.name ?? '' },
    errors: {} as Errors,
    version: record?.version ?? 0,
    conflict: false,
    navigated: [] as string[],
    loaded: [] as Thing[],
    refusedFirst: 0,
  };
  const queryClient = new QueryClient();
  const options: SaveFormOptions<{ name: string }, Thing> = {
    form: {
      setValues: (values) => {
        state.values = values;
      },
      setErrors: (errors) => {
        state.errors = errors;
      },
      showServerError: (error, refusal) =>
        showRefusal(error, {
          ...refusal,
          showErrors: (keyed) => {
            state.errors = keyed;
          },
        }),
    },
    record,
    request,
    toValues: (thing) => ({ name: thing.name }),
    savedToast: (saved) => ({ title: 'Thing saved', description: `${saved.name} is up to date.` }),
    pathOf: (saved) => `/admin/things/${saved.id}`,
    latest: async (thing) => ({ ...thing, name: 'Newest', version: 9 }),
    onLoaded: (thing) => state.loaded.push(thing),
    onRefused: () => {
      state.refusedFirst += 1;
    },
  };
  const steps = () =>
    saveSteps(options, {
      queryClient,
      navigate: (to, { replace }) => state.navigated.push(`${to}${replace ? ' (replace)' : ''}`),
      version: state.version,
      setVersion: (version) => {
        state.version = version;
      },
      setConflict: (conflict) => {
        state.conflict = conflict;
      },
    });
  /** One save through TanStack Query's own mutation machinery, as `save.mutate` runs it. */
  const save = (values: { name: string }) =>
    new MutationObserver(queryClient, steps().mutation).mutate(values).catch(() => undefined);
  return { state, queryClient, save, reload: () => steps().reload() };
}

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => callback());
});
afterEach(() => vi.unstubAllGlobals());

describe('saveSteps: the save step of the firm, coupon and post editors', () => {
  it('saves a record over its version: every answer but the session refreshed, a toast, the saved values', async () => {
    const request = vi.fn(async (values: { name: string }, version: number) => ({
      id: 3,
      version: version + 1,
      name: values.name.trim(),
    }));
    const { state, queryClient, save } = harness({ id: 3, version: 4, name: 'Old' }, request);
    queryClient.setQueryData(['/api/firms'], []);
    queryClient.setQueryData(['/api/auth/user'], { id: 'u1' });
    state.errors = { name: 'Stale error' };

    await save({ name: ' New ' });

    expect(request).toHaveBeenCalledWith({ name: ' New ' }, 4);
    expect(queryClient.getQueryState(['/api/firms'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/auth/user'])?.isInvalidated).toBe(false);
    expect(getToasts()[0]).toMatchObject({
      title: 'Thing saved',
      description: 'New is up to date.',
      variant: 'success',
    });
    expect(state).toMatchObject({ values: { name: 'New' }, version: 5, errors: {}, conflict: false });
    expect(state.loaded).toEqual([{ id: 3, version: 5, name: 'New' }]);
    expect(state.navigated).toEqual([]);
  });

  it("opens a new record's page in the form's place", async () => {
    const { state, save } = harness(null, async (values) => ({ id: 12, version: 1, ...values }));
    await save({ name: 'Fresh' });
    expect(state.navigated).toEqual(['/admin/things/12 (replace)']);
    expect(state.loaded).toEqual([]);
  });

  it('a stale version (409 Conflict) sets the conflict, with no field error and no toast', async () => {
    const { state, save } = harness({ id: 3, version: 4, name: 'Old' }, () =>
      Promise.reject(apiError(409, CONFLICT_MESSAGE)),
    );
    const toastsBefore = getToasts()[0]?.id;
    await save({ name: 'Mine' });
    expect(state.conflict).toBe(true);
    expect(state.errors).toEqual({});
    expect(state.refusedFirst).toBe(1);
    expect(getToasts()[0]?.id).toBe(toastsBefore);
  });

  it("maps a 400's field messages onto their fields and toasts the message", async () => {
    const { state, save } = harness({ id: 3, version: 4, name: 'Old' }, () =>
      Promise.reject(
        apiError(400, 'Invalid input: name: Too short; fundingModels.0.accounts.1.price: Must be positive'),
      ),
    );
    await save({ name: 'x' });
    expect(state.conflict).toBe(false);
    expect(state.errors).toEqual({
      name: 'Too short',
      'fundingModels.0.accounts.1.price': 'Must be positive',
    });
    expect(getToasts()[0]).toMatchObject({ variant: 'destructive' });
    expect(getToasts()[0]?.description).toContain('Invalid input: name: Too short');
  });

  it('loads the newest version from the Conflict notice: values, version, no conflict left', async () => {
    const { state, save, reload } = harness({ id: 3, version: 4, name: 'Old' }, () =>
      Promise.reject(apiError(409, CONFLICT_MESSAGE)),
    );
    await save({ name: 'Mine' });
    await reload();
    expect(state).toMatchObject({ values: { name: 'Newest' }, version: 9, conflict: false, errors: {} });
    expect(state.loaded).toEqual([{ id: 3, version: 9, name: 'Newest' }]);
  });
});
