import { describe, expect, it } from 'vitest';
import type { SealKey } from '../../lib/seal-key.js';
import { sealDocumentsQueue } from '../../shared/contract/queues.js';
import { environmentOf, logicalId, nagFindings, type Synth, synth } from './synth.js';

/**
 * The seal's key cannot leave (issue 20 item 6): an asymmetric KMS key that only the seal
 * consumer may sign with — in its key policy and in every IAM policy of the template — and no
 * PKCS#12 secret anywhere.
 */
const s = synth({ jobs: [] });
const { stack, template } = s;

const sealKeyOf = (x: Synth): SealKey => {
  if (!x.stack.sealKey) throw new Error('no seal key');
  return x.stack.sealKey;
};
const consumerOf = (x: Synth) => {
  const q = x.stack.queues[sealDocumentsQueue.name];
  if (!q) throw new Error('no seal queue');
  return q.function;
};

interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Principal?: { AWS?: unknown };
  Resource: unknown;
}
const actions = (st: PolicyStatement) => [st.Action].flat();
/** kms:Sign itself, or a wildcard that would include it. */
const allowsSign = (st: PolicyStatement) =>
  st.Effect === 'Allow' && actions(st).some((a) => ['kms:Sign', 'kms:*', '*'].includes(a));

function keyPolicyOf(x: Synth): PolicyStatement[] {
  const key = x.template.toJSON().Resources[logicalId(x.stack, sealKeyOf(x).key)];
  return key.Properties.KeyPolicy.Statement;
}

/** The roles (as their CloudFormation ids) whose IAM policies allow kms:Sign on the seal key. */
function rolesSigningWith(x: Synth): string[] {
  const keyId = logicalId(x.stack, sealKeyOf(x).key);
  const policies = Object.values(x.template.findResources('AWS::IAM::Policy'));
  return policies
    .filter((p) =>
      (p.Properties.PolicyDocument.Statement as PolicyStatement[]).some(
        (st) =>
          allowsSign(st) &&
          (JSON.stringify(st.Resource).includes(`"${keyId}"`) || st.Resource === '*'),
      ),
    )
    .flatMap((p) => (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref));
}

describe('the seal key', () => {
  it('is an asymmetric RSA-2048 signing key, kept when the stack goes', () => {
    template.hasResource('AWS::KMS::Key', {
      Properties: { KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('lets only the seal consumer sign with it: key policy and IAM policies alike', () => {
    const consumerRole = logicalId(stack, consumerOf(s).role);
    // Key policy: the account administers (no Sign, no kms:*); the consumer's role signs.
    const statements = keyPolicyOf(s);
    const signers = statements.filter(allowsSign);
    expect(signers).toHaveLength(1);
    expect(signers[0]?.Principal?.AWS).toEqual({
      'Fn::GetAtt': [consumerRole, 'Arn'],
    });
    expect(actions(signers[0] as PolicyStatement).sort()).toEqual(['kms:GetPublicKey', 'kms:Sign']);
    const admin = statements.find((st) => JSON.stringify(st.Principal).includes(':root'));
    expect(admin).toBeDefined();
    expect(actions(admin as PolicyStatement)).not.toContain('kms:*');
    // IAM: no other role of the stack is given kms:Sign on the key (or on every key).
    expect(rolesSigningWith(s)).toEqual([consumerRole]);
  });

  it('tells the consumer which key to use and where its certificate chain is', () => {
    const env = environmentOf(s, consumerOf(s));
    expect(env.SEAL_KMS_KEY_ID).toEqual({
      'Fn::GetAtt': [logicalId(stack, sealKeyOf(s).key), 'Arn'],
    });
    expect(env.SEAL_CERT_CHAIN_SECRET_ARN).toEqual({
      Ref: logicalId(stack, stack.secrets.byName.SEAL_CERT_CHAIN),
    });
    // No private key is configured: neither a PKCS#12 nor its password.
    expect(Object.keys(env).filter((k) => k.startsWith('SEAL_P12'))).toEqual([]);
  });

  it('keeps no PKCS#12 secret or password parameter in the stack', () => {
    const json = JSON.stringify(template.toJSON());
    expect(json).not.toMatch(/SealP12|PKCS#12/);
  });

  it('raises no unacknowledged cdk-nag finding', () => {
    expect(nagFindings(sealKeyOf(s))).toEqual([]);
  });
});

describe('the CSR step', () => {
  it('adds the operator role named at deploy (sealCsrSignerArn) to the key policy', () => {
    const operator = 'arn:aws:iam::123456789012:role/sello-operator';
    const withCsr = synth({ jobs: [] }, { sealCsrSignerArn: operator });
    const signers = keyPolicyOf(withCsr).filter(allowsSign);
    expect(signers).toHaveLength(1);
    const principals = signers[0]?.Principal?.AWS as unknown[];
    expect(principals).toHaveLength(2);
    expect(principals).toEqual(
      expect.arrayContaining([
        { 'Fn::GetAtt': [logicalId(withCsr.stack, consumerOf(withCsr).role), 'Arn'] },
        operator,
      ]),
    );
  });
});
