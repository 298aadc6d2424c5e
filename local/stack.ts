import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetConfigCache } from '../functions/platform/config.js';
import { jobs } from '../shared/contract/jobs.js';
import { queues } from '../shared/contract/queues.js';
import { routeList } from '../shared/contract/routes.js';
import { startBiometricSimulator } from './biometric/server.js';
import { startClaveUnica } from './claveunica/server.js';
import { startCognito } from './emulators/cognito.js';
import { startCognitoAdmin } from './emulators/cognito-admin.js';
import { startDynamo } from './emulators/dynamodb.js';
import type { Managed } from './emulators/process.js';
import { startS3 } from './emulators/s3.js';
import { startSes } from './emulators/ses.js';
import { type FaultName, startFaultProxies } from './faults/fault-proxies.js';
import { startFeaEmulator } from './fea/server.js';
import { CognitoSessions } from './gateway/cognito-sessions.js';
import { createAccessTokenVerifier } from './gateway/jwt.js';
import { startGateway } from './gateway/server.js';
import { bundledLoader, type FunctionLoader, loadFromSource } from './handlers.js';
import { startJobTimers } from './jobs.js';
import { startOutboxRunner } from './outbox/runner.js';
import { ensureLocalPki, localSealEnv, startLocalCa, startLocalTsa } from './pki/index.js';
import { freePort, portOr } from './ports.js';
import { demoUsers, seed } from './seed.js';
import { ensureTable, ensureUserPool, type PoolIds } from './setup.js';
import { STRIPE_LOCAL_PREFIX } from './stripe/gateway-door.js';
import { startStripe } from './stripe/server.js';
import { buildWebIfStale } from './web-build.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const TABLE_NAME = 'sello-local';
export const BUCKET_NAME = 'sello-documents';
export const MAIL_FROM = 'Sello <no-responder@sello.test>';

export interface StackOptions {
  /** Persistent data in .data/ (npm start) or in memory on free ports (tests). */
  persistent: boolean;
  /** Gateway port; 0 = any free port. */
  port: number;
  /** Build and serve web/dist (false when Vite serves the SPA, or for API-only tests). */
  serveWeb: boolean;
  /** Public origin of the SPA when it is not the gateway (Vite dev server). */
  appOrigin?: string;
  verbose?: boolean;
  /**
   * Run the handlers from the bundles CDK deploys (built at start into the data folder)
   * instead of their TypeScript sources. The e2e stack does, so the journeys test what ships.
   */
  bundledHandlers?: boolean;
  log?: (message: string) => void;
}

/** What a running stack tells its user, and what tests read from the SELLO_READY line. */
export interface StackInfo {
  url: string;
  mailViewerUrl: string;
  /** The FEA emulator's SMS outbox page (local/fea): where a signer's SMS code appears. */
  smsOutboxUrl: string;
  /**
   * The biometric simulator (local/biometric), reached directly: its test doors
   * (`/_emulator/transactions`, `/_emulator/reset`). The handlers go through its fault proxy.
   */
  biometricUrl: string;
  maintenanceCode: string;
  tableName: string;
  bucketName: string;
  userPoolId: string;
  userPoolClientId: string;
  /**
   * Where the handlers, the SPA and the tests reach each dependency: through its fault proxy
   * (local/faults), so `POST /_local/faults/{name}` can stop or pause it mid-flow.
   */
  endpoints: Record<FaultName, string>;
  /** The emulators themselves, for a test that inspects one while its proxy is down. */
  direct: Record<FaultName, string>;
  /** The local seal CA's root certificate (PEM): what a validator must trust (pdfsig). */
  sealRootCaPath: string;
  demoAccounts: { key: string; email: string; password: string; firstName: string }[];
}

export interface RunningStack {
  info: StackInfo;
  stop(): Promise<void>;
}

interface SavedState extends Partial<PoolIds> {
  maintenanceCode?: string;
}

/** Readable code for the local gate, e.g. "SELLO-4F9K2Q". Fresh per data folder. */
function newAccessCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(6);
  return `SELLO-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const log = opts.log ?? (() => undefined);
  const started: Managed[] = [];
  const dataDir = opts.persistent ? join(repoRoot, '.data') : mkdtempSync(join(tmpdir(), 'sello-'));
  mkdirSync(dataDir, { recursive: true });
  const statePath = join(dataDir, 'state.json');
  const state: SavedState = existsSync(statePath)
    ? (JSON.parse(readFileSync(statePath, 'utf8')) as SavedState)
    : {};

  const stop = async () => {
    for (const m of started.reverse()) {
      await m.stop().catch((err: unknown) => log(`No se pudo detener ${m.name}: ${String(err)}`));
    }
    if (!opts.persistent) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const gatewayPort = opts.port === 0 ? await freePort() : await strictPort(opts.port);
    const appUrl = opts.appOrigin ?? `http://localhost:${gatewayPort}`;
    const sesPort = opts.persistent ? await portOr(8005) : await freePort();
    const feaPort = opts.persistent ? await portOr(8006) : await freePort();
    const claveUnicaPort = opts.persistent ? await portOr(8007) : await freePort();
    const biometricPort = opts.persistent ? await portOr(8008) : await freePort();
    const claveUnicaClient = {
      client_id: 'sello-local',
      client_secret: randomBytes(16).toString('hex'),
      redirect_uris: [`${appUrl}/claveunica/retorno`],
    };
    const [dynamoPort, cognitoPort, s3Port, stripePort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    // Test-mode keys of the local Stripe emulator, fresh per start (it keeps nothing on disk).
    const stripeKeys = {
      secretKey: `sk_test_local_${randomBytes(12).toString('hex')}`,
      publishableKey: `pk_test_local_${randomBytes(12).toString('hex')}`,
      webhookSecret: `whsec_local_${randomBytes(16).toString('hex')}`,
    };
    // What CloudFront's origin header carries in AWS; the gateway sends it on every /api call.
    const originSecret = randomBytes(24).toString('base64url');

    log('Iniciando DynamoDB Local, cognito-local, s3rver, SES local y el emulador de Stripe...');
    const feaApiKey = randomBytes(16).toString('hex');
    const biometricApiKey = randomBytes(16).toString('hex');
    const [dynamo, cognito, s3, ses, tsa, stripe, fea, claveUnica, biometric] = await Promise.all([
      startDynamo({
        port: dynamoPort,
        dataDir: opts.persistent ? join(dataDir, 'dynamodb') : undefined,
        verbose: opts.verbose,
      }).then(track),
      startCognito({
        port: cognitoPort,
        dataDir: join(dataDir, 'cognito'),
        verbose: opts.verbose,
      }).then(track),
      startS3({
        port: s3Port,
        dataDir: join(dataDir, 's3'),
        bucket: BUCKET_NAME,
        origins: [appUrl],
      }).then(track),
      startSes({ port: sesPort }).then(track),
      // The seal's PKI (root CA, seal certificate, TSA certificate; generated once per data
      // folder) and the RFC 3161 timestamp authority that AWS reaches at a provider's URL.
      // Then the local CA's CRL and certificate, at the URL its certificates name (the seal's
      // B-LTA fetches them into the sealed PDF's DSS, as it fetches a commercial CA's in AWS).
      startLocalTsa({ dataDir: join(dataDir, 'pki') }).then(async (t) => {
        track({ name: 'tsa', stop: t.close });
        const ca = await startLocalCa({ dataDir: join(dataDir, 'pki') });
        track({ name: 'local CA', stop: ca.close });
        return t;
      }),
      // Webhooks go straight to the gateway (not the Vite origin), as Stripe posts to the API.
      startStripe({
        port: stripePort,
        ...stripeKeys,
        webhookUrl: `http://127.0.0.1:${gatewayPort}/api/payments/webhook`,
        log,
      }).then(track),
      // An accredited FEA provider's stand-in (issue 23): its API, pages and SMS outbox. The
      // dev stack keeps its enrolments and takes a few seconds per slow call, as a provider
      // does (10–20 s there); test stacks answer at once unless a test asks otherwise.
      startFeaEmulator({
        port: feaPort,
        apiKey: feaApiKey,
        dataDir: opts.persistent ? join(dataDir, 'fea') : undefined,
        delays: opts.persistent ? { secondFactorMs: 2_000, signMs: 3_000 } : {},
      }).then(track),
      // ClaveÚnica's stand-in (FES + Clave Única): the four sandbox RUNs, password `testing`.
      // One address for the browser and the handlers: the ID token's issuer must match.
      startClaveUnica({
        port: claveUnicaPort,
        clients: [claveUnicaClient],
        publicUrl: `http://127.0.0.1:${claveUnicaPort}`,
      }).then(track),
      // A biometric identity provider's stand-in (issue 23): test identities by RUT.
      startBiometricSimulator({
        port: biometricPort,
        apiKey: biometricApiKey,
        verifyDelayMs: opts.persistent ? 1_500 : 0,
      }).then(track),
    ]);

    // From here on everything reaches the emulators through their fault proxies.
    const faults = await startFaultProxies({
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      mail: ses.endpoint,
      cognito: cognito.endpoint,
      stripe: stripe.endpoint,
      tsa: new URL(tsa.url).origin,
      fea: fea.endpoint,
      claveunica: claveUnica.endpoint,
      biometric: biometric.endpoint,
    });
    track({ name: 'fault proxies', stop: () => faults.close() });
    const via = faults.endpoints;

    await ensureTable(dynamo.endpoint, TABLE_NAME);
    const pool = await ensureUserPool(
      cognito.endpoint,
      state.userPoolId && state.userPoolClientId
        ? { userPoolId: state.userPoolId, userPoolClientId: state.userPoolClientId }
        : undefined,
    );
    // Global sign-outs, which cognito-local lacks: recorded by the handlers' endpoint, enforced
    // by the SPA's /cognito door.
    const sessions = new CognitoSessions(
      opts.persistent ? join(dataDir, 'cognito', 'signed-out.json') : undefined,
    );
    const cognitoAdmin = track(await startCognitoAdmin({ cognitoEndpoint: via.cognito, sessions }));
    const maintenanceCode =
      process.env.MAINTENANCE_ACCESS_CODE || state.maintenanceCode || newAccessCode();
    writeFileSync(statePath, JSON.stringify({ ...pool, maintenanceCode }, null, 2));

    // The handlers run in this process and read the same variables Lambda gives them in AWS.
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: via.dynamodb,
      AWS_ENDPOINT_URL_S3: via.s3,
      AWS_ENDPOINT_URL_SESV2: via.mail,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoAdmin.endpoint,
      TABLE_NAME,
      BUCKET_NAME,
      MAIL_FROM,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.userPoolClientId,
      APP_URL: appUrl,
      MAINTENANCE_ACCESS_CODE: maintenanceCode,
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripeKeys.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      ORIGIN_VERIFY_SECRET: originSecret,
      // The seal's fonts, as the Lambda asset carries them (lib/app-function.ts `files`): here
      // from pdfjs-dist, so bundled handlers outside the repository find them too.
      SEAL_FONT_DIR: join(repoRoot, 'node_modules', 'pdfjs-dist', 'standard_fonts'),
      ...localSealEnv(
        await ensureLocalPki(join(dataDir, 'pki')),
        `${via.tsa}${new URL(tsa.url).pathname}`,
      ),
      SIGNING_CODE_HMAC_KEY: randomBytes(32).toString('base64url'),
      // Fresh per start: links already mailed keep working (their hashes are stored).
      LINK_TOKEN_KEY: randomBytes(32).toString('base64url'),
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: new URL(via.stripe).port,
      STRIPE_API_PROTOCOL: 'http',
      FEA_API_URL: `${via.fea}/api`,
      FEA_API_KEY: feaApiKey,
      FEA_TRANSIT_KEY: randomBytes(32).toString('base64url'),
      CLAVEUNICA_ISSUER: claveUnica.issuer,
      CLAVEUNICA_CLIENT_ID: claveUnicaClient.client_id,
      CLAVEUNICA_CLIENT_SECRET: claveUnicaClient.client_secret,
      // The browser and the ID token name the provider's own address; the handlers' calls go
      // through its fault proxy.
      CLAVEUNICA_BACKCHANNEL_URL: via.claveunica,
      BIOMETRIC_API_URL: via.biometric,
      BIOMETRIC_API_KEY: biometricApiKey,
      SERVICE_NAME: 'sello',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (opts.verbose ? 'DEBUG' : 'WARN'),
    });
    resetConfigCache();

    log('Creando datos de demostración...');
    // Every step of the seed is idempotent; the emulators it writes to may still be warming
    // up on a loaded machine (the first requests time out under the functions' own budgets).
    for (let attempt = 1; ; attempt++) {
      try {
        // An ephemeral stack is a test's (or a benchmark's): its catalogue has a direct-use
        // credit service to spend on (local/seed.ts testCatalogueRules).
        await seed(cognito.endpoint, pool.userPoolId, { testCatalogue: !opts.persistent });
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
    }

    let loadFunction: FunctionLoader = loadFromSource;
    let bundling: Promise<void> = Promise.resolve();
    if (opts.bundledHandlers) {
      const bundleDir = join(dataDir, 'handlers');
      rmSync(bundleDir, { recursive: true, force: true });
      const bundled = bundledLoader(bundleDir);
      log('Empaquetando las funciones como en AWS...');
      bundling = bundled.prebuild([
        ...new Set([...routeList, ...jobs, ...queues].map((r) => r.handler)),
      ]);
      loadFunction = bundled;
    }

    // The SPA build and the handler bundles run side by side.
    const [webRoot] = await Promise.all([
      // SELLO_WEB_DIST: a build made beforehand (bench/lighthouse.ts builds its own), served
      // as it is: a source edit elsewhere in the tree does not start a rebuild mid-measure.
      opts.serveWeb ? (process.env.SELLO_WEB_DIST ?? buildWebIfStale(repoRoot, log)) : undefined,
      bundling,
    ]);
    const gateway = await startGateway({
      loadFunction,
      port: gatewayPort,
      webRoot,
      cognitoDoor: { endpoint: via.cognito, userPoolId: pool.userPoolId, sessions },
      stripeEndpoint: via.stripe,
      faultControl: faults.control,
      // cognito-local names itself (its own port) as the tokens' issuer; the JWKS is read once,
      // as API Gateway caches it, so a Cognito fault does not touch token checks.
      verifyAccessToken: await createAccessTokenVerifier({
        cognitoEndpoint: cognito.endpoint,
        userPoolId: pool.userPoolId,
        clientId: pool.userPoolClientId,
      }),
      runtimeConfig: {
        mode: 'local',
        cognito: { ...pool, endpoint: '/cognito' },
        mailViewerUrl: ses.endpoint,
        // The browser confirms card payments through the gateway's door to the emulator.
        stripe: { publishableKey: stripeKeys.publishableKey, localProxy: STRIPE_LOCAL_PREFIX },
      },
      originSecret,
      documentsOrigin: via.s3,
      viewerCountry: process.env.LOCAL_VIEWER_COUNTRY ?? 'CL',
      trustForwardedFor: !opts.persistent,
    });
    track({ name: 'gateway', stop: gateway.close });
    // The mail outbox runs in every stack: the table's stream → local queue → send-outbox.
    const outbox = startOutboxRunner({
      dynamoEndpoint: dynamo.endpoint,
      tableName: TABLE_NAME,
      load: loadFunction,
      log,
    });
    track({ name: 'outbox', stop: async () => outbox.stop() });
    // The dev stack runs the scheduled jobs on timers; test stacks run them on demand only.
    if (opts.persistent) {
      const stopJobs = startJobTimers();
      track({ name: 'jobs', stop: async () => stopJobs() });
    }

    return {
      info: {
        url: appUrl,
        mailViewerUrl: ses.endpoint.replace('127.0.0.1', 'localhost'),
        smsOutboxUrl: `${fea.publicUrl}/sms`,
        biometricUrl: biometric.endpoint,
        maintenanceCode,
        tableName: TABLE_NAME,
        bucketName: BUCKET_NAME,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        endpoints: via,
        direct: {
          dynamodb: dynamo.endpoint,
          s3: s3.endpoint,
          mail: ses.endpoint,
          cognito: cognito.endpoint,
          stripe: stripe.endpoint,
          tsa: new URL(tsa.url).origin,
          fea: fea.endpoint,
          claveunica: claveUnica.endpoint,
          biometric: biometric.endpoint,
        },
        sealRootCaPath: join(dataDir, 'pki', 'root-ca.pem'),
        demoAccounts: demoUsers.map((u) => ({
          key: u.key,
          email: u.email,
          password: u.password,
          firstName: u.firstName,
        })),
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }

  function track<T extends Managed>(m: T): T {
    started.push(m);
    return m;
  }
}

/** The dev stack promises one URL: a busy port is an error, not a silent move. */
async function strictPort(port: number): Promise<number> {
  const got = await portOr(port);
  if (got !== port) {
    throw new Error(`El puerto ${port} está ocupado. Usa otro con PORT=8081 npm start.`);
  }
  return port;
}
