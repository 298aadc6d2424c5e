import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatThreadResponse,
  postChatMessageRequest,
} from '../../../../shared/contract/chat';
import { es } from '../../../../shared/messages.es';
import { formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';
import { ApiError } from '../../lib/api';
import { keepKeyAfter, newIdempotencyKey } from '../../lib/idempotency';
import { notificationsQueryKey } from '../../lib/queryKeys';
import { Alert, Button, Spinner } from '../ui';
import './chat.css';

/**
 * The chat of an order between its notary and its customer, for either side: the thread
 * (oldest first, the reader's own messages on the right), and a box to write while the server
 * says this side may (`can_write`; else its reason). The message is checked with the server's
 * own schema before it is sent; one idempotency key per message, kept while a retry is the same
 * attempt. Reading the thread marks it read on the server.
 */
export interface ChatThreadProps {
  /** The react-query key of this thread. */
  queryKey: readonly unknown[];
  read(signal: AbortSignal): Promise<ChatThreadResponse>;
  write(body: string, key: string): Promise<{ message: ChatMessage }>;
  /** Which side the reader is. */
  me: 'customer' | 'notary';
  title: string;
  /** The element's id, so a link can jump to it (#chat). */
  id?: string;
}

export function ChatThread({ queryKey, read, write, me, title, id }: ChatThreadProps) {
  const c = es.chat;
  const headingId = useId();
  const fieldId = useId();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const thread = useQuery({ queryKey, queryFn: ({ signal }) => read(signal) });
  // Each read marked the thread read on the server and cleared its notification: the bell too.
  useEffect(() => {
    if (thread.dataUpdatedAt) void client.invalidateQueries({ queryKey: notificationsQueryKey });
  }, [thread.dataUpdatedAt, client]);
  const send = useMutation({
    mutationFn: (body: string) => {
      key.current ??= newIdempotencyKey();
      return write(body, key.current);
    },
    onSuccess: () => {
      key.current = null;
      setText('');
      setError(null);
      void client.invalidateQueries({ queryKey });
    },
    onError: (err) => {
      if (!keepKeyAfter(err)) key.current = null;
      setError(
        err instanceof ApiError ? (err.fields.body ?? err.message ?? c.sendError) : c.sendError,
      );
      if (err instanceof ApiError && err.code === 'CONFLICT') {
        void client.invalidateQueries({ queryKey });
      }
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The server's own rule for the text (trimmed, 1 to 2,000 characters).
    const parsed = postChatMessageRequest.shape.body.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? c.bodyRequired);
      return;
    }
    send.mutate(parsed.data);
  };

  return (
    <section className="chat" aria-labelledby={headingId} id={id}>
      <h3 id={headingId} className="chat__title">
        {title}
      </h3>
      {thread.isPending ? (
        <Spinner label={es.common.loading} />
      ) : thread.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void thread.refetch()}>
              {es.common.retry}
            </Button>
          }
        >
          {c.loadError}
        </Alert>
      ) : (
        <>
          {thread.data.messages.length === 0 ? (
            <p className="chat__empty">{c.empty}</p>
          ) : (
            <ol className="chat__messages">
              {thread.data.messages.map((m) => (
                <li
                  key={m.id}
                  className={`chat__message chat__message--${m.author === me ? 'mine' : 'theirs'}`}
                >
                  <span className="chat__author">
                    {m.author === me ? c.you : m.author_name || c[m.author]}
                  </span>
                  <p className="chat__body">{m.body}</p>
                  <time className="chat__at" dateTime={m.created_at}>
                    {formatSantiagoDateTime(m.created_at)}
                  </time>
                </li>
              ))}
            </ol>
          )}
          {thread.data.can_write ? (
            <form className="chat__form" onSubmit={onSubmit} noValidate>
              <label htmlFor={fieldId} className="visually-hidden">
                {c.placeholder}
              </label>
              <textarea
                id={fieldId}
                className="chat__input"
                value={text}
                maxLength={CHAT_LIMITS.body}
                rows={3}
                placeholder={c.placeholder}
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  setText(e.target.value);
                  if (error) setError(null);
                }}
              />
              {error ? (
                <p className="chat__error" role="alert">
                  {error}
                </p>
              ) : null}
              <Button type="submit" size="sm" loading={send.isPending} loadingLabel={c.sending}>
                {c.send}
              </Button>
            </form>
          ) : thread.data.closed_reason ? (
            <p className="chat__closed">{thread.data.closed_reason}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
