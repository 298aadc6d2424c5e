import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger. Never log personal data (RUT, e-mail, phone) or tokens:
 * log ids and codes instead.
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'sello',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT') ?? 'INFO',
});
