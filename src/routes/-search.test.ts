import { describe, expect, it } from 'vitest';
import { defaultParseSearch } from '@tanstack/react-router';
import { indexSearch, rootSearch } from './-search';

/** what a route's validateSearch gets for an address: the router's own parsing first */
const parse = (query: string) => defaultParseSearch(query);

describe('search parameters', () => {
  it('reads application and the business flag on any page', () => {
    expect(rootSearch.parse(parse('?application=OSS&business=true'))).toEqual({
      application: 'OSS',
      business: true,
    });
    // spec 1 §5: normalised to a number, which counts by its truth
    expect(rootSearch.parse(parse('?business=1'))).toEqual({ business: true });
    expect(rootSearch.parse(parse('?business=0'))).toEqual({ business: false });
    expect(rootSearch.parse(parse(''))).toEqual({});
  });

  it("normalises as spec 1 §5 says: '', 'undefined' and 'null' are null, numbers and booleans are typed", () => {
    for (const empty of ['', 'undefined', 'null', '%20'])
      expect(rootSearch.parse(parse(`?application=${empty}&business=${empty}`)), empty).toEqual({
        application: null,
        business: null,
      });
    // a value the router left as text is normalised too (a link built with a string)
    expect(rootSearch.parse({ business: 'false' })).toEqual({ business: false });
    expect(rootSearch.parse({ business: '1' })).toEqual({ business: true });
  });

  it('drops a value of the wrong type instead of failing: a number, an object, a text flag', () => {
    for (const query of ['?application=123', '?application={"a":1}', '?business=yes']) {
      const out = rootSearch.safeParse(parse(query));
      expect(out.success, query).toBe(true);
      expect(out.data, query).toEqual({});
    }
  });

  it('reads modalName on the index page and drops a bad one', () => {
    expect(indexSearch.parse(parse('?modalName=add-customer'))).toEqual({ modalName: 'add-customer' });
    expect(indexSearch.parse(parse('?modalName=true')).modalName).toBeUndefined();
    expect(indexSearch.parse(parse('?modalName=undefined')).modalName).toBeNull();
  });
});
