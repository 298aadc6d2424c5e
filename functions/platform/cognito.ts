import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** One Cognito client (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at cognito-local). */
let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({});
  return client;
}
