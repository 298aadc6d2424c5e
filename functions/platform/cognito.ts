import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { awsClientConfig, boundToDeadline } from './sdk-budget.js';

export type CognitoSdk = typeof import('./cognito-sdk.js');

/**
 * One Cognito client per container (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at
 * cognito-local). The SDK is loaded on first use, not at import: the auth handlers that only
 * read the table never pay for it at cold start.
 */
let loaded: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> | undefined;

export function cognito(): Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> {
  loaded ??= import('./cognito-sdk.js').then((sdk) => ({
    sdk,
    // Timeouts and retries that fit the Lambda timeout (sdk-budget.ts).
    client: boundToDeadline(new sdk.CognitoIdentityProviderClient(awsClientConfig('cognito'))),
  }));
  return loaded;
}
