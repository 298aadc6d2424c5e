import type * as z from 'zod/mini';

/**
 * THE route table. The CDK API construct, the local gateway, the generated authorization test,
 * docs/api.md and the web's typed API client are all built from this list: adding an operation
 * is one entry here plus its handler file.
 *
 * auth:
 *  - public: no token needed (the handler may still rate-limit or check a link token)
 *  - user:   a valid Cognito access token; data is always scoped to the caller
 *  - admin:  a valid token of a member of the Cognito group `admin`
 */
export type AuthLevel = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Cognito admin actions a handler may call; the CDK grants exactly these. */
export type CognitoAction =
  | 'cognito-idp:AdminCreateUser'
  | 'cognito-idp:AdminDisableUser'
  | 'cognito-idp:AdminEnableUser'
  | 'cognito-idp:AdminUserGlobalSignOut'
  | 'cognito-idp:AdminConfirmSignUp'
  | 'cognito-idp:AdminGetUser'
  | 'cognito-idp:AdminDeleteUser'
  | 'cognito-idp:AdminUpdateUserAttributes'
  | 'cognito-idp:AdminSetUserPassword'
  | 'cognito-idp:AdminListGroupsForUser';

export interface RouteAccess {
  table?: 'read' | 'write';
  bucket?: 'read' | 'write';
  mail?: boolean;
  cognito?: readonly CognitoAction[];
  /** Secrets the handler reads from configuration (names of env vars). */
  secrets?: readonly string[];
  /**
   * The handler parses uploaded bytes in a reader child process (functions/platform/reader):
   * its bundle carries the reader program and its function gets room for the child's heap.
   */
  reader?: boolean;
}

export interface RouteDef<
  Req extends z.core.$ZodType | undefined = z.core.$ZodType | undefined,
  Res extends z.core.$ZodType | undefined = z.core.$ZodType | undefined,
  Q extends z.core.$ZodType | undefined = z.core.$ZodType | undefined,
> {
  id: string;
  method: HttpMethod;
  /** API Gateway style path with {param} segments, always under /api. */
  path: string;
  auth: AuthLevel;
  /** functions/<handler>.ts exports `handler`. */
  handler: string;
  summary: string;
  access: RouteAccess;
  request?: Req;
  /** Schema of the query string (all values arrive as strings). */
  query?: Q;
  response?: Res;
  /**
   * The route acts on the caller's work context (shared/contract/work-context.ts): the wallet,
   * packages, features and orders of Personal or of the organisation the header names. Its
   * handler checks the membership on every call; the generated authorization test calls it in
   * an organisation the caller is not a member of.
   */
  workContext?: boolean;
  /** The handler reads the body as received (signature checks); no JSON schema applies. */
  rawBody?: boolean;
  /** Max JSON body bytes accepted (default 16 KiB). */
  maxBodyBytes?: number;
  /**
   * API Gateway's throttle of this route, for all callers together (requests per second and
   * burst); without it the default of its class applies (shared/contract/route-throttle.ts).
   */
  throttle?: RouteThrottle;
}

/** Steady requests per second and burst API Gateway lets through to one route. */
export interface RouteThrottle {
  rate: number;
  burst: number;
}

export const route = <
  Req extends z.core.$ZodType | undefined,
  Res extends z.core.$ZodType | undefined,
  Q extends z.core.$ZodType | undefined = undefined,
>(
  def: RouteDef<Req, Res, Q>,
) => def;
