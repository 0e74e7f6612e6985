import { isIP } from 'node:net';
import type { AuthContext } from './context.ts';
import type { ClientInfo } from './sessions.ts';

type Activity =
  | { type: 'sign_in_failure'; email: string; message: string }
  | { type: 'sign_in' | 'sign_up'; userId: string; email: string };

const MAX_USER_AGENT = 500; // public.user_activity's check

/**
 * Writes to public.user_activity (docs/product.md#sign-in: sign-in failures are logged with the address, the
 * message and the time). Best effort: a failed log line is reported, never a failed sign-in.
 */
export async function recordActivity(context: AuthContext, activity: Activity, from: ClientInfo): Promise<void> {
  const anonymous = activity.type === 'sign_in_failure';
  const data = anonymous
    ? { email: activity.email, message: activity.message, timestamp: new Date().toISOString() }
    : { email: activity.email, timestamp: new Date().toISOString() };
  try {
    await context.pool.query(
      `insert into public.user_activity (user_id, actor, activity_type, activity_data, ip_address, user_agent)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        anonymous ? null : activity.userId,
        anonymous ? 'anonymous' : 'user',
        activity.type,
        data,
        from.ip && isIP(from.ip) ? from.ip : null,
        from.userAgent ? from.userAgent.slice(0, MAX_USER_AGENT) : null,
      ],
    );
  } catch (error) {
    context.log.error({ err: error, activity_type: activity.type }, 'recording user activity failed');
  }
}
