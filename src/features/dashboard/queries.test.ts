import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MARI_ID, maasikas, mariAsMaasikas, userContext } from '../../../tests/support/fixtures/shell';
import { createApiClient } from '../../api/client';
import { dashboardQueries, prefetchDashboard } from './queries';

const answers: Record<string, unknown> = {
  'context/getUserDetails': { mobile: '+37255501234', address: null },
  'context/representedDetails': { value: null },
};

/** a client on a fake server that answers the dashboard's calls (or fails them with 500), recording the paths */
function fakeApi(fail = false) {
  const paths: string[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>((url) => {
    const path = (url instanceof Request ? url.url : url.toString()).replace(/^\/api\//, '');
    paths.push(path);
    const body = fail ? { serviceErrorMessage: 'down', code: 'SERVER' } : answers[path];
    return Promise.resolve(new Response(JSON.stringify(body), { status: fail ? 500 : 200 }));
  });
  return { api: createApiClient({ apiUrl: '/api', fetch }), paths };
}

describe('the dashboard data the route loaders start', () => {
  const { api } = fakeApi();

  it('is the user card and the represented business party for a user representing a business', () => {
    const q = dashboardQueries(api, mariAsMaasikas(), 'EE');
    expect(q?.userDetails.queryKey).toEqual(['context', 'userDetails', MARI_ID]);
    expect(q?.representedDetails?.queryKey).toEqual(['context', 'representedDetails', 'EPEE11000015']);
    expect(q?.serviceUrls).toBeNull();
  });

  it('leaves out the represented details while AXAPTA is dead, and for a private party or nobody', () => {
    expect(
      dashboardQueries(api, mariAsMaasikas({ deadApplications: ['AXAPTA'] }), 'EE')?.representedDetails,
    ).toBeNull();
    expect(dashboardQueries(api, userContext(), 'EE')?.representedDetails).toBeNull();
  });

  it('is only the user card on the admin dashboard, and nothing without a principal', () => {
    // even with a business party represented
    const internal = dashboardQueries(api, userContext({}, { represented: maasikas, authChannel: 'IN_AD' }), 'EE');
    expect(internal?.userDetails.queryKey).toEqual(['context', 'userDetails', MARI_ID]);
    expect(internal?.representedDetails).toBeNull();
    expect(internal?.serviceUrls).toBeNull();
    expect(dashboardQueries(api, { ...userContext(), epitPrincipal: null }, 'EE')).toBeNull();
    expect(dashboardQueries(api, null, 'EE')).toBeNull();
  });

  it('starts each request once and fills the cache the views read', async () => {
    const { api, paths } = fakeApi();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queries = dashboardQueries(api, mariAsMaasikas(), 'EE');
    prefetchDashboard(queryClient, queries);
    prefetchDashboard(queryClient, queries); // a second navigation while the first is under way
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(paths.sort()).toEqual(['context/getUserDetails', 'context/representedDetails']);
    expect(queryClient.getQueryData(['context', 'userDetails', MARI_ID])).toEqual(answers['context/getUserDetails']);
  });

  it('leaves a failure in the query state for the view, without an unhandled rejection', async () => {
    const { api } = fakeApi(true);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      prefetchDashboard(queryClient, dashboardQueries(api, mariAsMaasikas(), 'EE'));
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(queryClient.getQueryState(['context', 'userDetails', MARI_ID])?.status).toBe('error');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
