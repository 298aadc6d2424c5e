import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { PASSWORD_MIN_LENGTH } from '../shared/rules/password.js';

/**
 * Creates what the CDK stack creates in AWS, on the emulators: the table (same keys, GSIs and
 * TTL attribute as lib/data.ts) and the user pool (same sign-in and password policy as
 * lib/auth.ts). Every step is idempotent: a restart of `npm start` reuses what exists.
 */
const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const region = 'us-east-1';

/** New images on the table's stream, as lib/data.ts sets it: the outbox pipe reads them. */
const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' as const };

export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: localCredentials });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // A table made before the mail outbox has no stream yet: the outbox pipe reads it.
      if (!Table?.StreamSpecification?.StreamEnabled) {
        await client.send(
          new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }),
        );
      }
      return;
    } catch (err) {
      if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    }
    const S = 'S' as const;
    const gsi = (name: string) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: `${name}pk`, KeyType: 'HASH' as const },
        { AttributeName: `${name}sk`, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    });
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].map((n) => ({
          AttributeName: n,
          AttributeType: S,
        })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [gsi('gsi1'), gsi('gsi2')],
        StreamSpecification: STREAM,
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region, credentials: localCredentials });
}

/**
 * The app client's token lifetimes, as lib/auth.ts sets them (cognito-local's own defaults are
 * 24 h access and ID tokens and 7-day refresh tokens).
 */
export const TOKEN_LIFETIMES = {
  AccessTokenValidity: 1,
  IdTokenValidity: 1,
  RefreshTokenValidity: 30,
  TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
} as const;

/** Reuses the pool recorded in the state file when it still exists, else creates a new one. */
export async function ensureUserPool(endpoint: string, known?: PoolIds): Promise<PoolIds> {
  const client = cognitoClient(endpoint);
  try {
    if (known) {
      try {
        await client.send(
          new DescribeUserPoolClientCommand({
            UserPoolId: known.userPoolId,
            ClientId: known.userPoolClientId,
          }),
        );
        // A pool made by an older version keeps cognito-local's 24 h tokens: align it.
        await client.send(
          new UpdateUserPoolClientCommand({
            UserPoolId: known.userPoolId,
            ClientId: known.userPoolClientId,
            ...TOKEN_LIFETIMES,
          }),
        );
        return known;
      } catch {
        // Gone (data folder deleted): create a new one below.
      }
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'sello-users',
        UsernameAttributes: ['email'],
        // As lib/auth.ts: only the API creates accounts (the /cognito door refuses SignUp too).
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_MIN_LENGTH,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local returned no pool id');
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'sello-web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        EnableTokenRevocation: true,
        ...TOKEN_LIFETIMES,
      }),
    );
    const userPoolClientId = app.UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local returned no client id');
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'admin' }));
    return { userPoolId, userPoolClientId };
  } finally {
    client.destroy();
  }
}

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  groups: string[];
}

/** Creates a confirmed account with a permanent password (no Cognito mail); returns its sub. */
export async function ensureConfirmedUser(
  endpoint: string,
  userPoolId: string,
  account: DemoAccount,
): Promise<string> {
  const client = cognitoClient(endpoint);
  const subOf = (attrs?: { Name?: string; Value?: string }[]) =>
    attrs?.find((a) => a.Name === 'sub')?.Value ?? '';
  try {
    try {
      const user = await client.send(
        new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.email }),
      );
      return subOf(user.UserAttributes);
    } catch (err) {
      if ((err as Error).name !== 'UserNotFoundException') throw err;
    }
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: account.firstName },
          { Name: 'family_name', Value: account.lastName },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        Password: account.password,
        Permanent: true,
      }),
    );
    for (const group of account.groups) {
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          GroupName: group,
        }),
      );
    }
    return subOf(created.User?.Attributes);
  } finally {
    client.destroy();
  }
}
