/** The SES client and the one command we call, loaded by mail.ts on the first mail. */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

export { SESv2Client, SendEmailCommand };
