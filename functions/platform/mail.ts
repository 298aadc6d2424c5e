import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { required } from './config.js';
import { awsClientConfig, boundToDeadline } from './sdk-budget.js';

/** A rendered e-mail: the templates live in mail-templates.ts. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

type SesSdk = typeof import('./ses-sdk.js');
let loaded: Promise<{ sdk: SesSdk; client: SESv2Client }> | undefined;

/**
 * SES v2 (AWS_ENDPOINT_URL_SESV2 points it at aws-ses-v2-local on a laptop). The SDK loads on
 * the first mail, so handlers that send none do not pay for it at cold start.
 */
export const sesMailer: Mailer = {
  async send(mail) {
    loaded ??= import('./ses-sdk.js').then((sdk) => ({
      sdk,
      // Timeouts and retries that fit the Lambda timeout (sdk-budget.ts).
      client: boundToDeadline(new sdk.SESv2Client(awsClientConfig('ses'))),
    }));
    const { sdk, client } = await loaded;
    await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: required('MAIL_FROM'),
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Html: { Data: mail.html, Charset: 'UTF-8' },
              Text: { Data: mail.text, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
  },
};
