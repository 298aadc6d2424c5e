/**
 * The S3 client and exactly the commands we send, in one module that storage.ts loads on first
 * use. Named imports keep the bundle to these commands (a dynamic import of the SDK package
 * itself would bundle every command it has).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

export {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
};
