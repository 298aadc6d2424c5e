import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { required } from './config.js';

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

let client: SESv2Client | undefined;

/** SES v2 (AWS_ENDPOINT_URL_SESV2 points it at aws-ses-v2-local on a laptop). */
export const sesMailer: Mailer = {
  async send(mail) {
    client ??= new SESv2Client({});
    await client.send(
      new SendEmailCommand({
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
