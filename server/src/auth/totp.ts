import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side (GoTrue's skew of 1), for clocks that drift and fingers that are slow. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export interface TotpEnrollment {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code (GoTrue sends the SVG text; supabase-js makes it a data URL). */
  qrCodeSvg: string;
}

export async function newTotpEnrollment(issuer: string, accountName: string): Promise<TotpEnrollment> {
  const secret = generateSecret();
  const uri = generateURI({ issuer, label: accountName, secret });
  const qrCodeSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCodeSvg };
}

/**
 * The time step a six-digit code belongs to, if it is valid now and newer than `afterTimeStep`
 * (a code that was accepted once is never accepted again).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterTimeStep: number | undefined,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, afterTimeStep });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined; // a malformed secret or an out-of-range afterTimeStep: not a valid code
  }
}
