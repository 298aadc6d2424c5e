import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '../shared/rules/password.js';
import { acknowledge } from './nag.js';

export const ADMIN_GROUP = 'admin';

/**
 * Cognito user pool: e-mail sign-in, group `admin`, one public app client for the SPA.
 * Cognito itself sends nothing: our API sends the Spanish confirmation and recovery e-mails
 * through SES and confirms/resets through the Admin* APIs.
 */
export class AuthConstruct extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** `https://cognito-idp.{region}.amazonaws.com/{poolId}`: the JWT issuer. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // Nobody may call Cognito's SignUp: POST /api/auth/signup creates the account with
      // AdminCreateUser, disabled until the link in our own e-mail is followed.
      selfSignUpEnabled: false,
      autoVerify: { email: false },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      // The spec's only password rule is "at least 6 characters" (shared/rules/password.ts).
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      // Recovery is our own flow (token by e-mail, then AdminSetUserPassword).
      accountRecovery: cognito.AccountRecovery.NONE,
      mfa: cognito.Mfa.OFF,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Platform administrators (organisations, CRM, catalogue)',
    });

    const readable = new cognito.ClientAttributes().withStandardAttributes({
      email: true,
      emailVerified: true,
      givenName: true,
      familyName: true,
    });
    // The SPA writes no attribute with a user's own token (names live in our profile; the
    // e-mail is the account and never changes). An empty list would mean "every standard
    // attribute" to Cognito, so the list names one attribute nothing reads.
    const writable = new cognito.ClientAttributes().withStandardAttributes({ locale: true });
    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // USER_PASSWORD_AUTH is what Amplify asks for (and all cognito-local supports); SRP stays
      // available. CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userPassword: true, userSrp: true },
      disableOAuth: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      readAttributes: readable,
      writeAttributes: writable,
    });

    // Built by hand: the ProviderURL attribute lacks the https:// scheme the authorizer needs.
    const stack = Stack.of(this);
    this.issuerUrl = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;

    acknowledge(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product spec fixes the password rule at a minimum of 6 characters with no ' +
          'character classes (shared/rules/password.ts); the API enforces the same rule.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The spec has no MFA flow for customers, signers or notaries; adding it is a product ' +
          'decision, not an infrastructure default.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan (threat protection, compromised-password checks) is billed per ' +
          'MAU; the public auth endpoints are rate-limited by the API. Revisit with real traffic.',
      },
    ]);
  }
}
