import { describe, expect, it } from 'vitest';
import { hitUrl } from './analytics';

describe('hitUrl: a Matomo tracking request of one page view', () => {
  it('names the site, the page’s template under the portal’s address and the page, and nothing else', () => {
    const url = new URL(
      hitUrl(
        { url: 'https://stats.example/matomo.php', siteId: 7 },
        { path: '/user-settings/edit/:fgid', title: 'user-settings-edit' },
        { origin: 'https://portal.example', baseUrl: '/ui/' },
        '123',
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://stats.example/matomo.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      idsite: '7',
      rec: '1',
      apiv: '1',
      url: 'https://portal.example/ui/user-settings/edit/:fgid',
      action_name: 'user-settings-edit',
      send_image: '0',
      rand: '123',
    });
  });
});
