import { CfnOutput, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';

/** The actions that use the key to sign; nobody but the seal consumer gets them by default. */
export const SEAL_KEY_USE_ACTIONS = ['kms:Sign', 'kms:GetPublicKey'] as const;

/**
 * Key administration for the account (what CloudFormation and operators need to manage the
 * key), without any use of it: no kms:Sign, no kms:* wildcard that would include it. CDK's
 * legacy admin list, minus kms:GenerateDataKey (meaningless for a signing key).
 */
const ADMIN_ACTIONS = [
  'kms:Create*',
  'kms:Describe*',
  'kms:Enable*',
  'kms:List*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Disable*',
  'kms:Get*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
];

export interface SealKeyProps {
  /** The seal consumer (the seal-documents queue's function): the one user of the key. */
  consumer: AppFunction;
}

/**
 * The seal's key (issue 20 item 6): an asymmetric KMS key (RSA-2048, SIGN_VERIFY) whose
 * private half never leaves KMS. Its key policy lets the account administer it but lets only
 * the seal consumer's role sign with it — an IAM policy elsewhere in the account granting
 * kms:Sign (even kms:* on *) does not reach it, because the key policy does not delegate use to
 * the account. RETAIN: the certificate is bound to this key's public key, so a stack deletion
 * must not destroy the key sealed evidence was made with.
 *
 * The certificate the CA issues for this key's CSR (scripts/seal-csr.ts, README "Seal
 * certificate") and its chain are public: the `SEAL_CERT_CHAIN` secret (lib/secrets.ts) holds
 * them, and the consumer checks at start that the certificate is for this key.
 *
 * The CSR must be signed by the key itself. For that one step the deploy may name an operator
 * role with `-c sealCsrSignerArn=<role ARN>`; it gets kms:Sign and kms:GetPublicKey on this key
 * until the next deploy without it.
 */
export class SealKey extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: SealKeyProps) {
    super(scope, id);
    const users: iam.IPrincipal[] = [new iam.ArnPrincipal(props.consumer.role.roleArn)];
    const csrSigner = this.node.tryGetContext('sealCsrSignerArn') as string | undefined;
    if (csrSigner) users.push(new iam.ArnPrincipal(csrSigner));

    this.key = new kms.Key(this, 'Key', {
      description: 'Sello: the seal certificate key (signs sealed PDFs; never leaves KMS)',
      keySpec: kms.KeySpec.RSA_2048,
      keyUsage: kms.KeyUsage.SIGN_VERIFY,
      removalPolicy: RemovalPolicy.RETAIN,
      policy: new iam.PolicyDocument({
        statements: [
          new iam.PolicyStatement({
            sid: 'AdministerNotUse',
            principals: [new iam.AccountRootPrincipal()],
            actions: ADMIN_ACTIONS,
            resources: ['*'],
          }),
          new iam.PolicyStatement({
            sid: 'SealConsumerSigns',
            principals: users,
            actions: [...SEAL_KEY_USE_ACTIONS],
            resources: ['*'],
          }),
        ],
      }),
    });
    // The role's own policy says it too (key policy + IAM policy, both naming this key).
    this.key.grant(props.consumer, ...SEAL_KEY_USE_ACTIONS);
    props.consumer.fn.addEnvironment('SEAL_KMS_KEY_ID', this.key.keyArn);

    new CfnOutput(this, 'SealKeyArn', {
      value: this.key.keyArn,
      description: 'KMS key of the seal: run npm run seal-csr -- --key <this> for its CSR',
    });
  }
}
