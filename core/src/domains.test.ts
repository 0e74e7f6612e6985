import { describe, expect, it } from 'vitest';
import { DOMAIN_SLUGS, DOMAIN_TREE, domainWithAncestors, orderAsTree } from './domains.ts';

describe('the field tree', () => {
  it('names every field once, each parent a field of the tree', () => {
    expect(DOMAIN_TREE.map((node) => node.slug).sort()).toEqual([...DOMAIN_SLUGS].sort());
    for (const node of DOMAIN_TREE) if (node.parent) expect(DOMAIN_SLUGS).toContain(node.parent);
  });

  it('gives a field with the fields above it, nearest first', () => {
    expect(domainWithAncestors('particle_physics')).toEqual(['particle_physics', 'physics']);
    expect(domainWithAncestors('chemistry')).toEqual(['chemistry']);
  });

  it('orders fields as a tree: each top field by name, then the fields under it', () => {
    const field = (id: string, name: string, parent_id: string | null = null) => ({ id, name, parent_id });
    const ordered = orderAsTree([
      field('p', 'Physics'),
      field('a', 'Astronomy', 'p'),
      field('b', 'Biology'),
      field('g', 'Genomics', 'b'),
      field('c', 'Computational Biology', 'b'),
      field('x', 'Orphan', 'missing'),
    ]);
    expect(ordered.map((f) => `${f.depth}:${f.name}`)).toEqual([
      '0:Biology',
      '1:Computational Biology',
      '1:Genomics',
      '0:Orphan',
      '0:Physics',
      '1:Astronomy',
    ]);
  });

  it('shows fields of a cycle written by hand, once each, instead of looping', () => {
    const ordered = orderAsTree([
      { id: 'a', name: 'A', parent_id: 'b' },
      { id: 'b', name: 'B', parent_id: 'a' },
    ]);
    expect(ordered.map((f) => `${f.depth}:${f.name}`)).toEqual(['0:A', '1:B']);
  });
});
