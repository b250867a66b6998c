import { describe, expect, it } from 'vitest';
import { defaultParseSearch } from '@tanstack/react-router';
import { indexSearch, rootSearch } from './-search';

/** what a route's validateSearch gets for an address: the router's own parsing first */
const parse = (query: string) => defaultParseSearch(query);

describe('search parameters', () => {
  it('reads application and the reload timestamp on any page', () => {
    expect(rootSearch.parse(parse('?application=OSS&_ts=1718000000000'))).toEqual({
      application: 'OSS',
      _ts: 1718000000000,
    });
    expect(rootSearch.parse(parse(''))).toEqual({});
  });

  it('drops a bad value instead of failing: a number, an empty text, an object, a text timestamp', () => {
    for (const query of ['?application=123', '?application=', '?application={"a":1}', '?_ts=soon']) {
      const out = rootSearch.safeParse(parse(query));
      expect(out.success, query).toBe(true);
      expect(out.data?.application, query).toBeUndefined();
      expect(out.data?._ts, query).toBeUndefined();
    }
  });

  it('reads modalName on the index page and drops a bad one', () => {
    expect(indexSearch.parse(parse('?modalName=add-customer'))).toEqual({ modalName: 'add-customer' });
    expect(indexSearch.parse(parse('?modalName=true')).modalName).toBeUndefined();
    expect(indexSearch.parse(parse('?modalName=')).modalName).toBeUndefined();
  });
});
