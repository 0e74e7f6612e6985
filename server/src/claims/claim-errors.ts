/** The HTTP status of a refusal the claim functions raise, by SQLSTATE; undefined for a fault. */
const STATUS_OF_SQLSTATE: Record<string, number> = {
  PT404: 404,
  '23505': 409,
  '55000': 409,
  '22023': 422,
  '42501': 403,
  '54000': 429,
};

export interface ClaimRefusal {
  status: number;
  message: string;
}

/** A refusal of the claim functions as the caller sees it; anything else is the server's fault. */
export function claimRefusalOf(error: unknown): ClaimRefusal | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // data the database cannot take as text (a NUL, a bad encoding): the request's fault
  if (typeof code === 'string' && code.startsWith('22') && code !== '22023')
    return { status: 400, message: 'Not a claim request.' };
  const status = typeof code === 'string' ? STATUS_OF_SQLSTATE[code] : undefined;
  if (status === undefined || typeof message !== 'string') return undefined;
  return { status, message: message.endsWith('.') ? message : `${message}.` };
}
