import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { es } from '../../../../shared/messages.es';
import { Alert, Button, Spinner } from '../ui';
import './credit-screens.css';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What failed, in the screen's words; the alert offers 'Reintentar'. */
  errorText: string;
  /** Shown instead of the list when `isEmpty` says there is nothing to list. */
  emptyText?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The three states every list of the credits screens goes through before its content: a
 * spinner while loading, an error with a retry button, and the empty message.
 */
export function QueryState<T>({
  query,
  errorText,
  emptyText,
  isEmpty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="credits-loading">
        <Spinner label={es.common.loading} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {es.credits.retry}
          </Button>
        }
      >
        {errorText}
      </Alert>
    );
  }
  if (emptyText !== undefined && isEmpty?.(query.data)) {
    return (
      <div className="credits-empty">
        <p>{emptyText}</p>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
