/**
 * A strict CSP: scripts only from our origin (the app, /config.js, the theme script), no inline
 * scripts. Mantine sets style attributes, hence 'unsafe-inline' for styles only.
 */
export function contentSecurityPolicy(hostedSupabaseUrl: string | undefined): Record<string, string[]> {
  const connect = ["'self'"];
  if (hostedSupabaseUrl) {
    const origin = new URL(hostedSupabaseUrl).origin;
    connect.push(origin, origin.replace(/^http/, 'ws'));
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** Powerful browser features the app never uses stay off; copying links stays on. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'clipboard-write=(self)',
].join(', ');
