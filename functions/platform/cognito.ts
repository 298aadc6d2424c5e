import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');

/**
 * One Cognito client per container (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at
 * cognito-local). The SDK is loaded on first use, not at import: the auth handlers that only
 * read the table never pay for it at cold start.
 */
let loaded: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> | undefined;

export function cognito(): Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> {
  loaded ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    client: new sdk.CognitoIdentityProviderClient({}),
  }));
  return loaded;
}
