import { CfnOutput } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** Verified sender, e.g. `no-reply@sello.cl`. */
  mailFrom: string;
  /**
   * Domain to verify (DKIM) so any address on it can send. Empty: verify `mailFrom` alone
   * (fine for a trial account, not for production deliverability).
   */
  mailFromDomain?: string;
}

/** The SES identity the API sends its Spanish transactional e-mails from. */
export class MailConstruct extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly mailFrom: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const { mailFrom, mailFromDomain } = props;
    if (mailFromDomain && !mailFrom.toLowerCase().endsWith(`@${mailFromDomain.toLowerCase()}`)) {
      throw new Error(`mailFrom ${mailFrom} is not an address of mailFromDomain ${mailFromDomain}`);
    }
    this.mailFrom = mailFrom;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: mailFromDomain ? ses.Identity.domain(mailFromDomain) : ses.Identity.email(mailFrom),
    });

    // Without a Route 53 zone in this stack the DKIM CNAMEs are published by hand: print them.
    if (mailFromDomain) {
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          description: `DKIM CNAME ${i + 1} to add to the DNS of ${mailFromDomain}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
  }

  /** ses:SendEmail / ses:SendRawEmail on this identity only. */
  grantSend(grantee: iam.IGrantable): void {
    this.identity.grantSendEmail(grantee);
  }
}
