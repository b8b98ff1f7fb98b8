import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, lazyEndpoint } from '@tend/contracts';
import { ApiError, apiCall } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const item = z.object({ id: z.string(), count: z.number() });
const updateItem = defineEndpoint({
  method: 'PUT',
  path: '/api/things/:id/items/:itemId',
  params: z.object({ id: z.string(), itemId: z.string() }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional(), note: z.string().optional() }),
  body: z.object({ count: z.number() }),
  response: { 200: item, 201: item.extend({ created: z.literal(true) }) },
});
const removeItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/things/:id',
  params: z.object({ id: z.string() }),
  response: { 204: z.null() },
});

describe('apiCall', () => {
  it('builds the path and query from the endpoint, sends the JSON body and parses the answered status', async () => {
    const fetchMock = stubFetch(201, { id: 'a', count: 2, created: true, extra: 'dropped' });
    const result = await apiCall(updateItem, {
      params: { id: 'a/b', itemId: 'c d' },
      query: { dryRun: 'true', note: '' },
      body: { count: 2 },
    });
    expect(result).toEqual({ id: 'a', count: 2, created: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things/a%2Fb/items/c%20d?dryRun=true',
      expect.objectContaining({ method: 'PUT', body: '{"count":2}', credentials: 'same-origin' }),
    );
  });

  it('parses an empty 204 as null', async () => {
    stubFetch(204);
    await expect(apiCall(removeItem, { params: { id: 'x' } })).resolves.toBeNull();
  });

  it('refuses a status the endpoint does not declare, and a body its schema does not allow', async () => {
    stubFetch(202, { id: 'a', count: 1 });
    await expect(
      apiCall(updateItem, { params: { id: 'a', itemId: 'b' }, body: { count: 1 } }),
    ).rejects.toThrow('PUT /api/things/:id/items/:itemId answered 202, which it does not declare');
    stubFetch(200, { id: 'a', count: 'one' });
    await expect(
      apiCall(updateItem, { params: { id: 'a', itemId: 'b' }, body: { count: 1 } }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });

  it('throws ApiError from a problem+json answer', async () => {
    stubFetch(404, {
      type: 'about:blank',
      title: 'Not found',
      status: 404,
      code: 'NOT_FOUND',
      detail: 'No such thing',
    });
    const error: unknown = await apiCall(removeItem, { params: { id: 'x' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such thing' });
  });

  it('sends a lazy endpoint before its schemas have loaded', async () => {
    const fetchMock = stubFetch(204);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lazy = lazyEndpoint({ method: 'DELETE', path: '/api/things/:id' }, () =>
      gate.then(() => removeItem),
    );
    const call = apiCall(lazy, { params: { id: 'y' } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/things/y', expect.anything()));
    release();
    await expect(call).resolves.toBeNull();
  });

  it('types the input from the endpoint', () => {
    const never = () => {
      // @ts-expect-error params are required by the path
      void apiCall(removeItem);
      // @ts-expect-error the body must match the body schema
      void apiCall(updateItem, { params: { id: 'a', itemId: 'b' }, body: { count: 'x' } });
      // @ts-expect-error a lazy endpoint's path must be the loaded endpoint's
      lazyEndpoint({ method: 'DELETE', path: '/api/thing/:id' }, () => Promise.resolve(removeItem));
    };
    expect(typeof never).toBe('function');
  });
});
