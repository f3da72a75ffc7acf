import { errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError, badRequest, unauthorized } from '../shared/errors';
import { REFUSAL } from './messages';
import { platformKeySet } from './platform-keys';

// The id_token's trust, by jose (1EdTech Security Framework §5.1.3): RS256 signature against the platform's
// key set, `iss` the registered issuer, `aud` containing Mentora's client id, `azp` when there are several
// audiences (or whenever present) Mentora's, `exp` not passed, `iat` neither in the future nor older than
// MAX_AGE_S, and `nonce` present. Each failure is its own Spanish refusal (messages.ts).

/** A launch's id_token is meant to be posted at once: older than this is refused even before its exp. */
export const MAX_AGE_S = 600;
const CLOCK_TOLERANCE_S = 60;

export interface Registered {
  issuer: string;
  clientId: string;
  jwksUrl: string;
}

const keysUnreadable = () => new AppError(502, REFUSAL.platformKeys, 'BadGateway');

function refusalOf(error: unknown): AppError {
  if (error instanceof errors.JWTExpired) return unauthorized(REFUSAL.expired);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return unauthorized(REFUSAL.otherIssuer);
    if (error.claim === 'aud') return unauthorized(REFUSAL.otherAudience);
    if (error.claim === 'nonce') return unauthorized(REFUSAL.nonceMismatch);
    if (error.claim === 'iat' || error.claim === 'nbf') return unauthorized(REFUSAL.badTime);
    return badRequest(REFUSAL.malformed);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys || error instanceof errors.JOSEAlgNotAllowed) return unauthorized(REFUSAL.badSignature);
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) return badRequest(REFUSAL.malformed);
  // The key set could not be fetched or read (timeout, network, not a JWKS): the platform's side, not the person's.
  return keysUnreadable();
}

export async function verifyIdToken(token: string, platform: Registered): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, platformKeySet(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256'],
      maxTokenAge: MAX_AGE_S,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const azp = payload.azp;
  if ((audiences.length > 1 && azp === undefined) || (azp !== undefined && azp !== platform.clientId)) throw unauthorized(REFUSAL.otherParty);
  return payload;
}
