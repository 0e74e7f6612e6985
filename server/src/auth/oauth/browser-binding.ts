import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowStateRow } from './flow-state.ts';

/**
 * An implicit flow ends with a session in the browser that opens the callback, so a callback
 * link made by someone else (their own consent, their code) would sign the victim into the
 * attacker's account. The browser that starts an implicit flow gets a cookie named for it, and
 * only a callback carrying that cookie is accepted. A PKCE flow needs none: its code is worth
 * nothing without the verifier its client holds. Named per flow, so two tabs do not collide;
 * SameSite=Lax, which a browser sends on the provider's top-level redirect back.
 */
const cookieName = (flowId: string) => `sb-oauth-${flowId}`;

function cookieAttributes(callbackUrl: string, maxAgeSeconds: number): string {
  const url = new URL(callbackUrl);
  return `Path=${url.pathname}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${url.protocol === 'https:' ? '; Secure' : ''}`;
}

export function bindFlowToBrowser(reply: FastifyReply, flow: FlowStateRow, ttlSeconds: number): void {
  if (flow.code_challenge) return;
  reply.header('set-cookie', `${cookieName(flow.id)}=1; ${cookieAttributes(flow.callback_url, ttlSeconds)}`);
}

export function isFlowBrowser(request: FastifyRequest, flow: FlowStateRow): boolean {
  if (flow.code_challenge) return true;
  const header = request.headers.cookie;
  if (typeof header !== 'string') return false;
  const wanted = cookieName(flow.id);
  return header.split(';').some((pair) => pair.trim().split('=')[0] === wanted);
}

/** The callback is done with the flow's cookie, whatever the outcome. */
export function forgetFlowBrowser(reply: FastifyReply, flow: FlowStateRow): void {
  if (flow.code_challenge) return;
  reply.header('set-cookie', `${cookieName(flow.id)}=; ${cookieAttributes(flow.callback_url, 0)}`);
}
