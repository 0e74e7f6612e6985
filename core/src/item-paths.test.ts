import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from './content.ts';
import { contentTypeOfPrefix, ITEM_ROUTE_PREFIX, itemPath, parseItemPath } from './item-paths.ts';
import { matchRoute } from './routes.ts';

describe('itemPath', () => {
  it('maps each content type to its detail page', () => {
    expect(itemPath('software', 'alphafold')).toBe('/tool/alphafold');
    expect(itemPath('paper', 'attention-is-all-you-need')).toBe('/paper/attention-is-all-you-need');
    expect(itemPath('company', 'deepmind')).toBe('/company/deepmind');
    expect(itemPath('agent', 'chemcrow')).toBe('/agent/chemcrow');
  });

  it('gives paths the route table knows', () => {
    for (const type of CONTENT_TYPES) expect(matchRoute(itemPath(type, 'some-item'))).toBeDefined();
  });

  it('takes no slug with a control character as an item path', () => {
    expect(parseItemPath('/tool/%00')).toBeUndefined();
    expect(parseItemPath('/tool/a%0Ab')).toBeUndefined();
    expect(parseItemPath('/tool/%00.md')).toBeUndefined();
  });

  it('round-trips through parseItemPath', () => {
    for (const type of CONTENT_TYPES) {
      expect(parseItemPath(itemPath(type, 'x-1'))).toEqual({ contentType: type, slug: 'x-1' });
      expect(contentTypeOfPrefix(ITEM_ROUTE_PREFIX[type])).toBe(type);
    }
    expect(parseItemPath('/tool/alphafold/')).toEqual({ contentType: 'software', slug: 'alphafold' });
    expect(parseItemPath('/software/alphafold')).toBeUndefined();
    expect(parseItemPath('/tool/a/b')).toBeUndefined();
    expect(parseItemPath('/browse')).toBeUndefined();
    expect(contentTypeOfPrefix('constructor')).toBeUndefined();
  });
});
