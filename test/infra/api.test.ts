import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { READER_FUNCTION_MEMORY_MB } from '../../lib/app-function.js';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/contract/function-timeouts.js';
import { type RouteDef, routeList } from '../../shared/contract/routes.js';
import {
  actionsOf,
  environmentOf,
  logicalId,
  nagFindings,
  statementsOf,
  synth,
  templateOf,
  throughNestedOutputs,
} from './synth.js';

/**
 * The real route table plus routes it does not have yet (admin, bucket access), to show that a
 * new entry needs no CDK change and gets exactly the access it declares.
 */
const extraRoutes: RouteDef[] = [
  {
    id: 'testAdminListDocuments',
    method: 'GET',
    path: '/api/admin/test/{id}/documents',
    auth: 'admin',
    handler: 'documents/test-admin-list-documents',
    summary: 'synthetic admin route with read access to table and bucket',
    access: { table: 'read', bucket: 'read' },
  },
  {
    id: 'testUploadDocument',
    method: 'POST',
    path: '/api/test/documents',
    auth: 'user',
    handler: 'documents/test-upload-document',
    summary: 'synthetic user route that writes documents',
    access: { table: 'write', bucket: 'write' },
  },
];
const routes = [...routeList, ...extraRoutes];

const s = synth({ routes });
const { stack, template } = s;
const fnOf = (route: RouteDef) => {
  const fn = stack.api.functions[route.id];
  if (!fn) throw new Error(`no function for ${route.id}`);
  return fn;
};

describe.each(routes.map((r) => [r.id, r] as const))('route %s', (_id, route) => {
  const fn = fnOf(route);
  const actions = actionsOf(s, fn);
  const env = environmentOf(s, fn);

  it('has its own Node 22 / arm64 / ESM-bundled Lambda with the project defaults', () => {
    templateOf(s, fn).hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: route.access.reader ? READER_FUNCTION_MEMORY_MB : 512,
      // The very timeout the local gateway enforces and the SDK budgets fit into.
      Timeout: API_FUNCTION_TIMEOUT_SECONDS,
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: { Ref: logicalId(Stack.of(fn), fn.logGroup) } },
      Description: Match.stringLikeRegexp(route.id),
    });
    expect(env).toMatchObject({
      SERVICE_NAME: 'sello',
      LOG_LEVEL: 'INFO',
      NODE_OPTIONS: '--enable-source-maps',
    });
    expect(env.APP_URL).toEqual(stack.resolve(stack.web.appUrl));
  });

  it('is an API method with the right authorization, proxied to its own function', () => {
    const method = stack.api.methods[route.id];
    if (!method) throw new Error(`no method for ${route.id}`);
    expect(method.httpMethod).toBe(route.method);
    expect(method.resource.path).toBe(route.path);
    const props = template.toJSON().Resources[logicalId(stack, method)].Properties;
    expect(props.Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
    // The function lives in a nested stack (lib/route-stacks.ts): the URI reads its ARN there.
    expect(JSON.stringify(throughNestedOutputs(s, props.Integration.Uri))).toContain(
      JSON.stringify({ 'Fn::GetAtt': [logicalId(Stack.of(fn), fn.fn), 'Arn'] }),
    );
    if (route.auth === 'public') {
      expect(props.AuthorizationType).toBe('NONE');
      expect(props.AuthorizerId).toBeUndefined();
    } else {
      // Access tokens only: an ID token has no scope.
      expect(props).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: { Ref: logicalId(stack, stack.api.authorizer) },
        AuthorizationScopes: ['aws.cognito.signin.user.admin'],
      });
    }
    expect(env.API_TOKEN_CLIENT_ID).toEqual({ Ref: logicalId(stack, stack.auth.client) });
  });

  it('gets table access exactly as declared', () => {
    const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
    if (!route.access.table) {
      expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
      expect(env.TABLE_NAME).toBeUndefined();
      return;
    }
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    if (route.access.table === 'read') {
      for (const w of writes) expect(actions).not.toContain(w);
    } else {
      expect(actions).toEqual(expect.arrayContaining(writes));
    }
    expect(env.TABLE_NAME).toEqual({ Ref: logicalId(stack, stack.data.table) });
  });

  it('gets bucket access exactly as declared', () => {
    const s3Actions = actions.filter((a) => a.startsWith('s3:'));
    if (!route.access.bucket) {
      expect(s3Actions).toEqual([]);
      expect(env.BUCKET_NAME).toBeUndefined();
      return;
    }
    expect(s3Actions).toContain('s3:GetObject*');
    if (route.access.bucket === 'read') expect(s3Actions).not.toContain('s3:PutObject');
    else expect(s3Actions).toContain('s3:PutObject');
    expect(env.BUCKET_NAME).toEqual({ Ref: logicalId(stack, stack.storage.documents) });
  });

  it('may send mail only if declared', () => {
    const ses = actions.filter((a) => a.startsWith('ses:'));
    if (route.access.mail) {
      expect(ses.sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
      expect(env.MAIL_FROM).toBe('no-reply@sello.cl');
    } else {
      expect(ses).toEqual([]);
      expect(env.MAIL_FROM).toBeUndefined();
    }
  });

  it('gets exactly its Cognito actions, on the user pool only', () => {
    const cognito = statementsOf(s, fn).filter((st) =>
      st.Action.some((a) => a.startsWith('cognito-idp:')),
    );
    const declared = [...(route.access.cognito ?? [])].sort();
    expect(cognito.flatMap((st) => st.Action).sort()).toEqual(declared);
    for (const st of cognito) {
      expect(st.Resource).toEqual({
        'Fn::GetAtt': [logicalId(stack, stack.auth.userPool), 'Arn'],
      });
    }
    if (declared.length) expect(env.USER_POOL_ID).toBeDefined();
    else expect(env.USER_POOL_ID).toBeUndefined();
  });

  it('reads only its own secrets, from Secrets Manager, never as environment values', () => {
    const own = new Set<string>([...(route.access.secrets ?? []), 'ORIGIN_VERIFY_SECRET']);
    const readable: unknown[] = [];
    for (const [name, secret] of Object.entries(stack.secrets.byName)) {
      // Never the value itself (nor the parameter it came from) in the Lambda configuration.
      expect(env[name]).toBeUndefined();
      if (own.has(name)) {
        expect(env[`${name}_SECRET_ARN`]).toEqual({ Ref: logicalId(stack, secret) });
        readable.push({ Ref: logicalId(stack, secret) });
      } else {
        expect(env[`${name}_SECRET_ARN`]).toBeUndefined();
      }
    }
    const reads = statementsOf(s, fn).filter((st) =>
      st.Action.some((a) => a.startsWith('secretsmanager:')),
    );
    expect(reads.flatMap((st) => [st.Resource].flat())).toEqual(expect.arrayContaining(readable));
    expect(reads.flatMap((st) => [st.Resource].flat())).toHaveLength(readable.length);
    expect([...new Set(reads.flatMap((st) => st.Action))].sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    expect(JSON.stringify(env)).not.toMatch(/Ref":"(MaintenanceAccessCode|Stripe|AiAnalysis)/);
  });

  it('has no permission beyond its logs, tracing and declared access', () => {
    const allowed = /^(logs|xray|dynamodb|s3|ses|cognito-idp|secretsmanager):/;
    expect(actions.filter((a) => !allowed.test(a))).toEqual([]);
    expect(actions).not.toContain('*');
  });
});

describe('Cognito authorizer', () => {
  it('trusts the user pool, reading the token from the Authorization header', () => {
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [logicalId(stack, stack.auth.userPool), 'Arn'] }],
    });
  });
});

describe('cdk-nag', () => {
  it('stays clean with admin and bucket routes added', () => {
    expect(nagFindings(stack)).toEqual([]);
  });
});
