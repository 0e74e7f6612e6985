import { describe, expect, it } from 'vitest';
import { countArrayLiteralElements, isLogicTreeKey, measureLogicTree, measureSelect } from './query-shape.ts';

describe('measureSelect', () => {
  it('counts embedded resources and their depth', () => {
    expect(measureSelect('id,title')).toMatchObject({ embedDepth: 0, embeds: 0 });
    expect(measureSelect('id,title,organizations(name)')).toMatchObject({ embedDepth: 1, embeds: 1 });
    expect(measureSelect('slug,content_domains!inner(is_primary,scientific_domains!inner(slug))')).toMatchObject({
      embedDepth: 2,
      embeds: 2,
    });
    expect(measureSelect('a:rel1(x),...rel2(y,z(w)),rel3(*)')).toEqual({
      embedDepth: 2,
      embeds: 4,
      revisited: undefined,
    });
  });

  it('does not count aggregates or parentheses inside quoted names', () => {
    expect(measureSelect('count(),amount.sum(),"odd(name",b')).toMatchObject({ embedDepth: 0, embeds: 0 });
    expect(measureSelect('"a\\"(x"(y)')).toMatchObject({ embedDepth: 1, embeds: 1 });
  });

  it('measures the hostile eight-level select', () => {
    const select =
      'slug,content_domains(scientific_domains(slug,content_domains(content_items(slug,content_domains(scientific_domains(slug,content_domains(content_items(slug))))))))';
    expect(measureSelect(select, 'content_items')).toEqual({ embedDepth: 8, embeds: 8, revisited: 'content_domains' });
  });

  it('finds a resource embedded inside itself on one path, however it is spelled', () => {
    expect(measureSelect('scientific_domains(content_items(slug))', 'content_items').revisited).toBe('content_items');
    expect(measureSelect('d:scientific_domains!inner(x:"content_items"!fk(slug))', 'content_items').revisited).toBe(
      'content_items',
    );
    expect(measureSelect('a:organizations(name),b:organizations(slug)', 'content_items').revisited).toBeUndefined();
    expect(measureSelect('content_domains(scientific_domains(slug))', 'content_items').revisited).toBeUndefined();
  });
});

describe('measureLogicTree', () => {
  it('counts groups and conditions', () => {
    expect(measureLogicTree('(a.eq.1,b.eq.2)')).toEqual({ depth: 1, conditions: 2 });
    expect(measureLogicTree('(a.eq.1,and(b.gt.2,not.or(c.is.null,d.eq.4)))')).toEqual({ depth: 3, conditions: 4 });
  });

  it('reads in.() lists, array literals and quoted values as one condition', () => {
    expect(measureLogicTree('(id.in.(1,2,3),tags.cs.{a,b},title.eq."or(x,y)")')).toEqual({
      depth: 1,
      conditions: 3,
    });
  });

  it('knows which keys hold logic trees', () => {
    for (const key of ['or', 'and', 'not.or', 'not.and', 'content_domains.or', 'a.b.not.and']) {
      expect(isLogicTreeKey(key), key).toBe(true);
    }
    for (const key of ['select', 'order', 'orders', 'title', 'color']) expect(isLogicTreeKey(key), key).toBe(false);
  });
});

describe('countArrayLiteralElements', () => {
  it('counts the elements of a PostgreSQL array literal', () => {
    expect(countArrayLiteralElements('{}')).toBe(0);
    expect(countArrayLiteralElements('{a}')).toBe(1);
    expect(countArrayLiteralElements('{a,"b,c",d}')).toBe(3);
    expect(countArrayLiteralElements('plain')).toBeUndefined();
  });
});
