import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerCancelledStatement } from './statement-timeout.ts';

/** What the Data API sends for one of PostgREST's 500 answers with this body. */
async function answerFor(body: string) {
  const app = Fastify();
  app.get('/', async (_request, reply) => {
    reply.code(500).header('content-type', 'application/json; charset=utf-8');
    const rest = await answerCancelledStatement(reply, Readable.from([body.slice(0, 10), body.slice(10)]));
    if (rest) return reply.send(rest);
    return reply;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

describe('a statement cancelled by its time limit', () => {
  it('answers 504 in PostgREST’s shape, with the SQLSTATE and the reason', async () => {
    const cancelled = await answerFor(
      JSON.stringify({
        code: '57014',
        details: null,
        hint: null,
        message: 'canceling statement due to statement timeout',
      }),
    );
    expect(cancelled.status).toBe(504);
    expect(cancelled.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(cancelled.body)).toEqual({
      code: '57014',
      message: expect.stringMatching(/stopped this request at its time limit/),
      details: 'canceling statement due to statement timeout',
      hint: expect.stringMatching(/Ask for less/),
    });
  });

  it('leaves every other 500 as PostgREST sent it', async () => {
    for (const body of [
      JSON.stringify({ code: 'XX000', details: null, hint: null, message: 'internal error' }),
      'not json',
      JSON.stringify({ code: '57014', padding: 'x'.repeat(100_000) }),
      '',
    ]) {
      const answer = await answerFor(body);
      expect(answer.status).toBe(500);
      expect(answer.body).toBe(body);
    }
  });
});
