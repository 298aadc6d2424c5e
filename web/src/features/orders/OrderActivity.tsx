import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { es } from '../../../../shared/messages.es';
import { ActivityTimeline } from '../../components/activity/ActivityTimeline';
import { Alert, Button, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';

/**
 * The order's 'Actividad': its audit trail (links, openings, consent, codes, signatures,
 * sealing, delivery), each event with who and when on Santiago's clock, and whether the hash
 * chain that links the events still verifies.
 */
export function OrderActivity({ orderId }: { orderId: string }) {
  const headingId = useId();
  const c = es.checkout;
  const activity = useQuery({
    queryKey: ['orders', orderId, 'activity'],
    queryFn: ({ signal }) => apiCall('getOrderActivity', { params: { id: orderId }, signal }),
  });
  return (
    <section className="order-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-section__title">
        {c.activity}
      </h3>
      {activity.isPending ? (
        <Spinner label={es.common.loading} />
      ) : activity.isError ? (
        <Alert tone="error">{c.activityLoadError}</Alert>
      ) : (
        <>
          <TrailDownload orderId={orderId} />
          <ActivityTimeline events={activity.data.events} chainOk={activity.data.chain_ok} />
        </>
      )}
    </section>
  );
}

/**
 * 'Descargar registro (JSON)': the trail exactly as hashed (GET /api/orders/{id}/trail), saved
 * as a file the owner can keep and check outside Sello.
 */
function TrailDownload({ orderId }: { orderId: string }) {
  const c = es.checkout;
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const trail = await apiCall('getOrderTrail', { params: { id: orderId } });
      const blob = new Blob([JSON.stringify(trail, null, 2)], { type: 'application/json' });
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = `registro-${trail.order_number}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      toast.error(c.activityDownloadError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="order-activity__download">
      <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()}>
        {c.activityDownload}
      </Button>
      <p className="order-activity__help">{c.activityDownloadHelp}</p>
    </div>
  );
}
