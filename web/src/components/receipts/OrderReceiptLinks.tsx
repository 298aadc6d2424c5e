import { Link } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { receiptPath } from '../../lib/receipts/receiptIndex';
import { useOrderReceipts } from '../../lib/receipts/useReceipts';
import './receipt-links.css';

/**
 * 'Ver recibo' for an order's payment and, once it is given back, 'Ver recibo del reembolso'
 * (issue 21 item 4). Nothing while the receipt is being issued (it follows the payment).
 */
export function OrderReceiptLinks({ orderId, paidAt }: { orderId: string; paidAt: string }) {
  const receipts = useOrderReceipts(orderId, paidAt).data?.receipts ?? [];
  if (receipts.length === 0) return null;
  return (
    <p className="order-receipts">
      {receipts.map((r) => (
        <Link key={r.id} to={receiptPath(r.id)} className="lb-btn lb-btn--secondary lb-btn--sm">
          {r.kind === 'card_refund' || r.kind === 'credits_refund'
            ? es.receipts.viewRefundReceipt
            : es.receipts.viewReceipt}
        </Link>
      ))}
    </p>
  );
}
