import { es } from '../../../../shared/messages.es';
import { Button } from '../ui';
import './pager.css';

/**
 * 'Cargar más' under a list read a page at a time by cursor (the credit history, an
 * organisation's billing, the notary's queue): shown while there is a next page, busy while it
 * loads. Pair it with `useInfiniteQuery`'s `hasNextPage`, `isFetchingNextPage` and
 * `fetchNextPage`.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad(): void;
}) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <Button
        variant="secondary"
        loading={loading}
        loadingLabel={es.common.loading}
        onClick={onLoad}
      >
        {es.credits.loadMore}
      </Button>
    </div>
  );
}
