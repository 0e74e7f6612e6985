import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MODELS, SUBMISSION_PRICING_MODELS } from '@sciai/core';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { domainIds, rowOf, validDraft } from '../support/submissions.ts';

interface PricingConstraint {
  table: string;
  definition: string;
}

/** The quoted literals of a check constraint as PostgreSQL prints it: ... ANY (ARRAY['free'::text, ...]). */
function literalsOf(definition: string): string[] {
  return [...definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

/**
 * Core's pricing models are the one list: the form, the CSV rows and the compare labels use it,
 * and the database must allow exactly the same values, or a valid row is refused (or an invalid
 * one stored).
 */
describe('pricing models in the database and in core', () => {
  it('every check constraint on a pricing_model column allows exactly core’s list', async () => {
    const constraints = await withDatabase(async (client) => {
      const result = await client.query<PricingConstraint>(
        `select c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as definition
           from pg_constraint c
           join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
          where c.contype = 'c' and a.attname = 'pricing_model'
            and c.connamespace = 'public'::regnamespace
          order by 1`,
      );
      return result.rows;
    });

    expect(constraints.map((constraint) => constraint.table)).toEqual(['agents', 'software']);
    for (const constraint of constraints) {
      expect({ table: constraint.table, allowed: literalsOf(constraint.definition).sort() }).toEqual({
        table: constraint.table,
        allowed: [...PRICING_MODELS].sort(),
      });
    }
  });

  describe('the submissions trigger', () => {
    let contributor: SignedInUser;
    let domains: string[];

    beforeAll(async () => {
      contributor = await signedInAs('user', 'pricing-contributor');
      domains = await domainIds(contributor.client);
    });

    it('accepts exactly core’s submission pricing models', async () => {
      // Each value is tried in a savepoint of one transaction that is rolled back: nothing stays.
      const accepted = await withDatabase(async (client) => {
        const row = rowOf(validDraft(domains.slice(0, 1)));
        const passed: string[] = [];
        await client.query('begin');
        try {
          for (const model of PRICING_MODELS) {
            await client.query('savepoint attempt');
            try {
              await client.query(
                `insert into public.content_submissions
                   (submitter_id, title, description, short_description, content_type, url, domains,
                    key_features, relationship_to_content, metadata)
                 values ($1, $2, $3, $4, 'software', $5, $6::uuid[], $7::text[], $8, $9::jsonb)`,
                [
                  contributor.userId,
                  row.title,
                  row.description,
                  row.short_description,
                  row.url,
                  row.domains,
                  row.key_features,
                  row.relationship_to_content,
                  JSON.stringify({ pricing_model: model }),
                ],
              );
              passed.push(model);
            } catch (error) {
              // 23514: check_violation, what the trigger raises for a value it does not allow
              if (!(error instanceof pg.DatabaseError) || error.code !== '23514') throw error;
            }
            await client.query('rollback to savepoint attempt');
          }
        } finally {
          await client.query('rollback');
        }
        return passed;
      });
      expect(accepted).toEqual([...SUBMISSION_PRICING_MODELS]);
    });
  });
});
