import { describe, expect, it } from 'vitest';
import { emfLine, METRICS, METRICS_NAMESPACE } from './metrics.js';

describe('EMF metric lines', () => {
  it('is one JSON document CloudWatch extracts a count from', () => {
    const doc = JSON.parse(emfLine(METRICS.refundFailed, 1, 1_700_000_000_000));
    expect(doc).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [['Service']],
            Metrics: [{ Name: 'RefundFailed', Unit: 'Count' }],
          },
        ],
      },
      Service: 'sello',
      RefundFailed: 1,
    });
  });
});
