import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * What cognito-local lacks for "sign out everywhere" (AdminUserGlobalSignOut): a per-account
 * mark of when it was signed out, and when each refresh token the /cognito door handed out was
 * issued. The door refuses a refresh token issued before its account's mark, which is what
 * Cognito does after AdminUserGlobalSignOut. Local stack only; the handlers just call
 * AdminUserGlobalSignOut (see ../emulators/cognito-admin.ts).
 */
export class CognitoSessions {
  /** sub → epoch ms of the last global sign-out. */
  private readonly signedOutAt = new Map<string, number>();
  /** refresh-token jti → epoch ms the door saw it issued (finer than the token's `iat`). */
  private readonly issuedAt = new Map<string, number>();

  /** `file` keeps the marks across restarts of the dev stack (tests keep them in memory). */
  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
      for (const [sub, at] of Object.entries(saved)) this.signedOutAt.set(sub, at);
    }
  }

  signOutEverywhere(sub: string, at = Date.now()): void {
    this.signedOutAt.set(sub, at);
    if (this.file) writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.signedOutAt)));
  }

  recordIssued(refreshToken: string, at = Date.now()): void {
    const { jti } = decodeJwt(refreshToken);
    if (typeof jti === 'string') this.issuedAt.set(jti, at);
  }

  /** True when the refresh token was issued before its account's last global sign-out. */
  isRevoked(sub: string, refreshToken: string): boolean {
    const mark = this.signedOutAt.get(sub);
    if (mark === undefined) return false;
    const { jti, iat } = decodeJwt(refreshToken);
    const seen = typeof jti === 'string' ? this.issuedAt.get(jti) : undefined;
    // A token the door never saw (issued before a restart) has only its whole-second `iat`:
    // refuse it when that second is not after the mark.
    const issued = seen ?? (typeof iat === 'number' ? iat * 1000 : 0);
    return issued <= mark;
  }
}

/** The payload of a JWT, unverified: cognito-local checks the token itself when it is used. */
export function decodeJwt(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
