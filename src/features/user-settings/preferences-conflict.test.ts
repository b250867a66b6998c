/**
 * The preferences form takes part in conditional writes (RFC 9110, docs/conventions.md "Records several people
 * edit"): its load reads the stored preference's ETag (one's own too, not the portal's cached copy), its save sends
 * it as If-Match, and a 412 takes the form to its conflict state, which loads again and merges the service and the
 * party as one choice. The real form machine and API client against a fake server that keeps a version as the
 * reference server does (server/routes/user-settings/versions.test.ts shows the server's side).
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PREFERENCES_TOGETHER, validatePreferences, type PreferencesForm } from '../../../domain/user-settings';
import type { Preference } from '../../../domain/contract';
import { MARI_ID, userContext } from '../../../tests/support/fixtures/shell';
import { createApiClient } from '../../api/client';
import type { PortalCore } from '../../app/portal';
import { wireUserSettings } from './wire';

const MAASIKAS = 'EPEE11000015';
const POLDMARI = 'EPEE11000026';
const LOGISTICS = '/ui/business/ee/et/LOGISTICS';

/** The server's preference of mari and its version; POST with a stale If-Match answers 412 and changes nothing. */
function fakeServer(stored: Preference) {
  const server = { stored, version: 1, posts: [] as { ifMatch: string | null; body: Preference; status: number }[] };
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const request = new Request(new URL(url, 'http://portal.test'), init);
    const path = new URL(request.url).pathname;
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers }));
    if (path === '/api/user-settings/service-urls') return json({ value: { EE: 'https://pakk.example/ee' } });
    if (path !== `/api/user-settings/preferences/${MARI_ID}`) return json({ code: 'NOT_FOUND' }, 404);
    if (request.method === 'GET') return json(server.stored, 200, { ETag: `"${server.version}"` });
    return request.json().then((body: Preference) => {
      const ifMatch = request.headers.get('If-Match');
      const stale = ifMatch !== null && ifMatch !== `"${server.version}"`;
      server.posts.push({ ifMatch, body, status: stale ? 412 : 200 });
      if (stale) return json({ code: 'CHANGED_MEANWHILE', messageKey: 'error.changedMeanwhile' }, 412);
      server.stored = body;
      server.version += 1;
      return json(body, 200, { ETag: `"${server.version}"` });
    });
  };
  return { server, fetch };
}

function preferencesForm(fetch: typeof globalThis.fetch) {
  const context = { userContext: userContext(), domain: 'EE', language: 'et' };
  const system = {
    api: createApiClient({ apiUrl: '/api', fetch }),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    session: { getSnapshot: () => ({ context }), send: () => undefined },
    config: { apiUrl: '/api' },
  } as unknown as PortalCore;
  return createActor(wireUserSettings(system).preferences, {
    input: {
      subject: MARI_ID,
      validate: (v) => validatePreferences(v as PreferencesForm),
      together: PREFERENCES_TOGETHER,
    },
  }).start();
}

describe('the preferences form: ETag, If-Match, and the merge after a 412', () => {
  it("mari's stale save is refused; the form offers staff's choice beside hers and saves the one she picks", async () => {
    const { server, fetch } = fakeServer({ representedId: MAASIKAS, serviceUrl: LOGISTICS });
    const form = preferencesForm(fetch);
    await waitFor(form, (s) => s.matches('editing'));
    expect(form.getSnapshot().context).toMatchObject({
      values: { service: 'LOGISTICS', represented: MAASIKAS },
      version: '"1"',
    });

    // staff move her logistics party to Põldmari AS meanwhile; she chooses no start-up service at all
    server.stored = { representedId: POLDMARI, serviceUrl: LOGISTICS };
    server.version = 2;
    form.send({ type: 'form.edit', values: { service: 'NOPREFERENCE', represented: '' }, field: 'service' });
    form.send({ type: 'form.edit', values: { represented: 'NOPREFERENCE' }, field: 'represented' });
    form.send({ type: 'form.save' });
    await waitFor(form, (s) => s.matches({ conflict: 'merged' }));
    expect(server.posts).toEqual([
      { ifMatch: '"1"', body: { representedId: 'NOPREFERENCE', serviceUrl: 'NOPREFERENCE' }, status: 412 },
    ]);
    expect(server.stored, 'the refused save changed nothing').toEqual({
      representedId: POLDMARI,
      serviceUrl: LOGISTICS,
    });
    const c = form.getSnapshot().context;
    expect(c.values, 'what she typed stays').toEqual({ service: 'NOPREFERENCE', represented: 'NOPREFERENCE' });
    expect(c.version).toBe('"2"');
    expect(c.conflict?.both).toEqual({
      service: { mine: 'NOPREFERENCE', theirs: 'LOGISTICS' },
      represented: { mine: 'NOPREFERENCE', theirs: POLDMARI },
    });

    form.send({ type: 'form.choose', field: 'service', side: 'theirs' });
    expect(form.getSnapshot().context.values).toEqual({ service: 'LOGISTICS', represented: POLDMARI });
    form.send({ type: 'form.save' });
    await waitFor(form, (s) => s.matches('saved'));
    expect(server.posts[1]).toEqual({
      ifMatch: '"2"',
      body: { representedId: POLDMARI, serviceUrl: LOGISTICS },
      status: 200,
    });
    expect(form.getSnapshot().context).toMatchObject({ version: '"3"', conflict: null });
  });
});
