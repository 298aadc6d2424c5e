import { CfnCondition, CfnOutput, CfnParameter, Fn, SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

/**
 * Names the functions use for their secrets (functions/platform/secret-values.ts). A function
 * gets `<NAME>_SECRET_ARN` and read access to that one secret, never the value itself.
 */
export type SecretName =
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'MAINTENANCE_ACCESS_CODE'
  | 'AI_ANALYSIS_WEBHOOK_URL'
  | 'ORIGIN_VERIFY_SECRET'
  | 'SIGNING_CODE_HMAC_KEY'
  | 'LINK_TOKEN_KEY'
  // The electronic seal (functions/signing/seal/): the certificate chain of its KMS key
  // (lib/seal-key.ts; the key itself never leaves KMS) and the RFC 3161 timestamp authorities.
  | 'SEAL_CERT_CHAIN'
  | 'TSA_URL'
  | 'TSA_URL_FALLBACK'
  // The advanced signature's provider (functions/signing/types/advanced/): its REST API's URL
  // and integration key ('none' while no provider is contracted), and the key that seals the
  // certificate password and SMS code on their way through a job.
  | 'FEA_API_URL'
  | 'FEA_API_KEY'
  | 'FEA_TRANSIT_KEY'
  // FES + Clave Única (functions/signing/types/clave-unica/): the OpenID provider that returns
  // a verified RUN (ClaveÚnica or an accredited intermediary); 'none' while not contracted.
  | 'CLAVEUNICA_ISSUER'
  | 'CLAVEUNICA_CLIENT_ID'
  | 'CLAVEUNICA_CLIENT_SECRET'
  // The biometric signature (functions/signing/types/biometric/): the identity-verification
  // provider's API URL and key ('none' while no provider is contracted).
  | 'BIOMETRIC_API_URL'
  | 'BIOMETRIC_API_KEY';

/** What an optional secret holds when it is not configured (Secrets Manager refuses ''). */
export const UNSET_SECRET = 'none';

/**
 * The stack's secrets in Secrets Manager. The operator's values come in as NoEcho
 * CloudFormation parameters (kept out of describe output and the console) and are stored as
 * secrets, so no Lambda environment holds them; the CloudFront origin secret is generated here
 * and never leaves AWS.
 */
export class SecretsConstruct extends Construct {
  readonly byName: Record<SecretName, secretsmanager.Secret>;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const maintenanceCode = new CfnParameter(this, 'MaintenanceAccessCode', {
      type: 'String',
      noEcho: true,
      minLength: 4,
      description: 'Access code of the maintenance gate (server-side check only)',
    });
    const stripeSecretKey = new CfnParameter(this, 'StripeSecretKey', {
      type: 'String',
      noEcho: true,
      allowedPattern: '^(sk|rk)_(test|live)_[A-Za-z0-9_]+$',
      description: 'Stripe secret (or restricted) API key',
    });
    // The AI-analysis automation webhook (customer-flows §7.5): its URL usually embeds the
    // automation's secret path. Empty (the default) = the built-in analyzer.
    const aiAnalysisWebhookUrl = new CfnParameter(this, 'AiAnalysisWebhookUrl', {
      type: 'String',
      noEcho: true,
      default: '',
      allowedPattern: '^(https://\\S+)?$',
      description: 'HTTPS URL of the AI document-analysis webhook (empty: built-in analyzer)',
    });
    // The seal signs with a KMS key (lib/seal-key.ts). Its timestamp authorities come in as
    // parameters, NoEcho because a commercial TSA's URL may carry its credentials.
    const tsaUrl = new CfnParameter(this, 'TsaUrl', {
      type: 'String',
      noEcho: true,
      allowedPattern: '^https://\\S+$',
      description: 'HTTPS URL of the RFC 3161 timestamp authority the seal uses',
    });
    const tsaUrlFallback = new CfnParameter(this, 'TsaUrlFallback', {
      type: 'String',
      noEcho: true,
      default: '',
      allowedPattern: '^(https://\\S+)?$',
      description:
        'HTTPS URL of a second timestamp authority, tried when the first fails (empty: none)',
    });
    // The FEA provider (an accredited provider's REST API, docs/drafts/fea-design.md). Empty
    // (the default): no provider, and the advanced signature stays unavailable in the catalogue.
    const feaApiUrl = new CfnParameter(this, 'FeaApiUrl', {
      type: 'String',
      noEcho: true,
      default: '',
      allowedPattern: '^(https://\\S+)?$',
      description: 'HTTPS base URL of the FEA provider REST API (empty: no provider)',
    });
    const feaApiKey = new CfnParameter(this, 'FeaApiKey', {
      type: 'String',
      noEcho: true,
      default: '',
      description: 'Integration key of the FEA provider (empty: no provider)',
    });
    // FES + Clave Única's OpenID provider. Empty (the default): the type stays unavailable.
    const claveUnica = {
      issuer: new CfnParameter(this, 'ClaveUnicaIssuer', {
        type: 'String',
        default: '',
        allowedPattern: '^(https://\\S+)?$',
        description:
          'OpenID issuer returning a verified RUN (ClaveUnica or an intermediary; empty: none)',
      }),
      clientId: new CfnParameter(this, 'ClaveUnicaClientId', {
        type: 'String',
        default: '',
        description: 'OpenID client id at that issuer (empty: none)',
      }),
      clientSecret: new CfnParameter(this, 'ClaveUnicaClientSecret', {
        type: 'String',
        noEcho: true,
        default: '',
        description: 'OpenID client secret at that issuer (empty: none)',
      }),
    };
    // The biometric signature's identity-verification provider (an API shaped like TOC's,
    // functions/signing/types/biometric/). Empty (the default): the type stays unavailable.
    const biometric = {
      apiUrl: new CfnParameter(this, 'BiometricApiUrl', {
        type: 'String',
        noEcho: true,
        default: '',
        allowedPattern: '^(https://\\S+)?$',
        description: 'HTTPS base URL of the biometric identity provider API (empty: no provider)',
      }),
      apiKey: new CfnParameter(this, 'BiometricApiKey', {
        type: 'String',
        noEcho: true,
        default: '',
        description: 'API key of the biometric identity provider (empty: no provider)',
      }),
    };
    // The parameters keep their historical logical ids (the names operators pass).
    for (const p of [
      biometric.apiUrl,
      biometric.apiKey,
      claveUnica.issuer,
      claveUnica.clientId,
      claveUnica.clientSecret,
      feaApiUrl,
      feaApiKey,
      maintenanceCode,
      stripeSecretKey,
      aiAnalysisWebhookUrl,
      tsaUrl,
      tsaUrlFallback,
    ]) {
      p.overrideLogicalId(p.node.id);
    }

    const noAiWebhook = new CfnCondition(this, 'NoAiAnalysisWebhook', {
      expression: Fn.conditionEquals(aiAnalysisWebhookUrl.valueAsString, ''),
    });
    const noTsaFallback = new CfnCondition(this, 'NoTsaUrlFallback', {
      expression: Fn.conditionEquals(tsaUrlFallback.valueAsString, ''),
    });
    const noFeaUrl = new CfnCondition(this, 'NoFeaApiUrl', {
      expression: Fn.conditionEquals(feaApiUrl.valueAsString, ''),
    });
    const noFeaKey = new CfnCondition(this, 'NoFeaApiKey', {
      expression: Fn.conditionEquals(feaApiKey.valueAsString, ''),
    });
    const optional = (param: CfnParameter) =>
      new SecretValue(
        Fn.conditionIf(
          new CfnCondition(this, `No${param.node.id}`, {
            expression: Fn.conditionEquals(param.valueAsString, ''),
          }).logicalId,
          UNSET_SECRET,
          param.valueAsString,
        ),
      );
    const fromParameter = (name: string, value: SecretValue, description: string) =>
      new secretsmanager.Secret(this, name, {
        description,
        secretStringValue: value,
      });

    // The seal certificate the CA issues for the KMS key's CSR (scripts/seal-csr.ts), then its
    // CA chain, in PEM: public, but larger than CloudFormation's 4,096-byte parameter cap. So
    // the stack creates the secret with no value (neither SecretString nor
    // GenerateSecretString: CloudFormation never writes one, so no deploy can overwrite it) and
    // the operator stores the chain after the first deploy (README "Seal certificate"):
    //   aws secretsmanager put-secret-value --secret-id <SealCertChainSecretArn> --secret-string file://seal-chain.pem
    // Until then reading it fails, the seal runs fail and retry, and the seal queue's alarms
    // fire: nothing is sealed. No private key is stored anywhere: it stays in KMS.
    const sealCertChain = new secretsmanager.Secret(this, 'SealCertChain', {
      description: 'Sello: seal certificate of the KMS key and its CA chain (PEM)',
    });
    (sealCertChain.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride(
      'GenerateSecretString',
    );
    new CfnOutput(this, 'SealCertChainSecretArn', {
      value: sealCertChain.secretArn,
      description: 'Secret to store the seal certificate and its CA chain in (PEM)',
    });

    // The webhook's signing secret is written by the deploy itself: the Stripe webhook
    // registration (lib/stripe-webhook-registration.ts) creates the endpoint and stores the
    // secret Stripe shows only then. Created with no value, so no deploy overwrites it.
    const webhookSecret = new secretsmanager.Secret(this, 'StripeWebhook', {
      description: 'Sello: Stripe webhook signing secret (stored by the webhook registration)',
    });
    (webhookSecret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride(
      'GenerateSecretString',
    );

    this.byName = {
      MAINTENANCE_ACCESS_CODE: fromParameter(
        'MaintenanceCode',
        SecretValue.cfnParameter(maintenanceCode),
        'Sello: maintenance-gate access code',
      ),
      STRIPE_SECRET_KEY: fromParameter(
        'StripeKey',
        SecretValue.cfnParameter(stripeSecretKey),
        'Sello: Stripe secret API key',
      ),
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      AI_ANALYSIS_WEBHOOK_URL: fromParameter(
        'AiAnalysisWebhook',
        // A Ref to the NoEcho parameter (or the word 'none'): no value is written in the template.
        new SecretValue(
          Fn.conditionIf(noAiWebhook.logicalId, UNSET_SECRET, aiAnalysisWebhookUrl.valueAsString),
        ),
        'Sello: AI document-analysis webhook URL (none = built-in analyzer)',
      ),
      // Sent by CloudFront on every /api/* request and checked by every API function
      // (functions/platform/origin-guard.ts), so the execute-api URL alone gets nothing.
      ORIGIN_VERIFY_SECRET: new secretsmanager.Secret(this, 'OriginVerify', {
        description: 'Sello: header value CloudFront sends to the API origin',
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
      }),
      // Key of the HMAC under which signers' e-mail codes are stored (never the code itself).
      SIGNING_CODE_HMAC_KEY: new secretsmanager.Secret(this, 'SigningCodeKey', {
        description: 'Sello: HMAC key of the signing e-mail codes',
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
      }),
      // Key the mail sender mints signing and delivery link tokens with (functions/mail/
      // link-tokens.ts), so no stored item holds a usable token. Only the mail-outbox reads it.
      LINK_TOKEN_KEY: new secretsmanager.Secret(this, 'LinkTokenKey', {
        description: 'Sello: HMAC key the mail sender derives link tokens with',
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
      }),
      SEAL_CERT_CHAIN: sealCertChain,
      TSA_URL: fromParameter(
        'TsaUrlSecret',
        SecretValue.cfnParameter(tsaUrl),
        'Sello: RFC 3161 timestamp authority URL',
      ),
      TSA_URL_FALLBACK: fromParameter(
        'TsaUrlFallbackSecret',
        new SecretValue(
          Fn.conditionIf(noTsaFallback.logicalId, UNSET_SECRET, tsaUrlFallback.valueAsString),
        ),
        'Sello: fallback timestamp authority URL (none = no fallback)',
      ),
      FEA_API_URL: fromParameter(
        'FeaApiUrlSecret',
        new SecretValue(Fn.conditionIf(noFeaUrl.logicalId, UNSET_SECRET, feaApiUrl.valueAsString)),
        'Sello: FEA provider API URL (none = no provider)',
      ),
      FEA_API_KEY: fromParameter(
        'FeaApiKeySecret',
        new SecretValue(Fn.conditionIf(noFeaKey.logicalId, UNSET_SECRET, feaApiKey.valueAsString)),
        'Sello: FEA provider integration key (none = no provider)',
      ),
      CLAVEUNICA_ISSUER: fromParameter(
        'ClaveUnicaIssuerSecret',
        optional(claveUnica.issuer),
        'Sello: OpenID issuer of FES + Clave Unica (none = not contracted)',
      ),
      CLAVEUNICA_CLIENT_ID: fromParameter(
        'ClaveUnicaClientIdSecret',
        optional(claveUnica.clientId),
        'Sello: OpenID client id of FES + Clave Unica (none = not contracted)',
      ),
      CLAVEUNICA_CLIENT_SECRET: fromParameter(
        'ClaveUnicaClientSecretSecret',
        optional(claveUnica.clientSecret),
        'Sello: OpenID client secret of FES + Clave Unica (none = not contracted)',
      ),
      BIOMETRIC_API_URL: fromParameter(
        'BiometricApiUrlSecret',
        optional(biometric.apiUrl),
        'Sello: biometric identity provider API URL (none = no provider)',
      ),
      BIOMETRIC_API_KEY: fromParameter(
        'BiometricApiKeySecret',
        optional(biometric.apiKey),
        'Sello: biometric identity provider API key (none = no provider)',
      ),
      // Seals the FEA password and SMS code in a job item (functions/platform/sealed-secret.ts).
      FEA_TRANSIT_KEY: new secretsmanager.Secret(this, 'FeaTransitKey', {
        description: 'Sello: key sealing FEA passwords and codes on their way through a job',
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
      }),
    };

    for (const optional of [
      this.byName.AI_ANALYSIS_WEBHOOK_URL,
      this.byName.TSA_URL_FALLBACK,
      this.byName.FEA_API_URL,
      this.byName.FEA_API_KEY,
      this.byName.CLAVEUNICA_ISSUER,
      this.byName.CLAVEUNICA_CLIENT_ID,
      this.byName.CLAVEUNICA_CLIENT_SECRET,
      this.byName.BIOMETRIC_API_URL,
      this.byName.BIOMETRIC_API_KEY,
    ]) {
      acknowledge(optional, [
        {
          id: 'CloudFormation-Validate::W1030',
          reason:
            "The linter reads the parameter's empty default as the secret value; the Fn::If " +
            "stores 'none' instead when it is empty.",
        },
      ]);
    }
    acknowledge(this, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe keys, the webhook secret, the gate code, the AI webhook URL, the seal ' +
          'certificate chain (issued by a CA, renewed by put-secret-value), the TSA URLs and the ' +
          'FEA provider URL and key, the Clave Unica client and the biometric provider URL and ' +
          'key are ' +
          'issued by their providers and changed by redeploying with new parameters; the ' +
          'link-token key can be replaced by a deploy at any time (links already mailed keep ' +
          'working: only their hashes are stored); the origin secret ' +
          'is also written into the CloudFront distribution, so it is rotated by a deploy ' +
          '(replace the secret), not by a Lambda that CloudFront would not follow.',
      },
    ]);
  }
}
