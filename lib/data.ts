import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

/**
 * The one DynamoDB table (single-table design, DESIGN.md §4): pk/sk plus two generic GSIs.
 * Keys are strings built only by the repositories in functions/<domain>/repo.ts.
 */
export class DataConstruct extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    const S = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: S },
      sortKey: { name: 'sk', type: S },
      // Traffic is spiky and small: on-demand costs nothing while idle.
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // Tokens, idempotency records and rate-limit counters carry an epoch-seconds `ttl`.
      timeToLiveAttribute: 'ttl',
      // New images feed the queues' pipes (lib/stream-queue.ts).
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Orders, credits and payments live here: never lose them to a stack deletion.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const name of ['gsi1', 'gsi2']) {
      this.table.addGlobalSecondaryIndex({
        indexName: name,
        partitionKey: { name: `${name}pk`, type: S },
        sortKey: { name: `${name}sk`, type: S },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
