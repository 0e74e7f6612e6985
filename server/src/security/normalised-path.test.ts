import { describe, expect, it } from 'vitest';
import { normalisedPath } from './normalised-path.ts';

describe('normalisedPath', () => {
  it('gives every spelling of a path the one PostgREST resolves', () => {
    for (const url of [
      '/rest/v1/rpc/record_item_view',
      '/rest/v1/rpc/record%5Fitem%5Fview',
      '/rest/v1/rpc/record%5fitem_view?x=1',
      '/rest/v1//rpc/record_item_view',
      '/rest/v1/rpc/Record_Item_View/',
    ])
      expect(normalisedPath(url), url).toBe('/rest/v1/rpc/record_item_view');
  });

  it('decodes once only, and keeps undecodable text as sent', () => {
    expect(normalisedPath('/rest/v1/a%255Fb')).toBe('/rest/v1/a%5fb');
    expect(normalisedPath('/rest/v1/a%zz')).toBe('/rest/v1/a%zz');
    expect(normalisedPath('/')).toBe('/');
  });
});
