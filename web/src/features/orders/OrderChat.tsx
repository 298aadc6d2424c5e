import { es } from '../../../../shared/messages.es';
import { ChatThread } from '../../components/chat/ChatThread';
import { apiCall } from '../../lib/api';

/**
 * The customer's side of the chat with the order's notary, in the order modal: the questions
 * the notary asks while it reviews, and the answers.
 */
export function OrderChat({ orderId }: { orderId: string }) {
  return (
    <div className="order-section">
      <ChatThread
        id="chat"
        me="customer"
        title={es.chat.title}
        queryKey={['orders', orderId, 'messages']}
        read={(signal) => apiCall('listOrderMessages', { params: { id: orderId }, signal })}
        write={(body, key) =>
          apiCall('postOrderMessage', {
            params: { id: orderId },
            body: { body, idempotency_key: key },
          })
        }
      />
    </div>
  );
}
