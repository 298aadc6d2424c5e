import { type FormEvent, useId, useState } from 'react';
import { es, fmt } from '../../../../shared/messages.es';
import { pagerItems, parseGoToPage, showGoToPage } from '../../../../shared/rules/pagination';
import { Icon } from '../layout-bits/icons';
import { Button } from '../ui';
import './pager.css';

/**
 * A list's pager (§9), shared by every paged list: previous / next, the pages from `pagerItems`
 * (all up to 5, else a window with ellipses), and a go-to-page box above 10 pages. The current
 * page is marked with aria-current.
 */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  const c = es.checkout;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={c.pagerLabel}>
      <ul className="pager__list">
        <li>
          <button
            type="button"
            className="pager__btn"
            aria-label={c.previousPage}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <Icon name="chevronLeft" size={18} />
          </button>
        </li>
        {pagerItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pager__btn"
                aria-label={fmt(c.pageN, { n: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="pager__ellipsis">
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{c.morePages}</span>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pager__btn"
            aria-label={c.nextPage}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <Icon name="chevronRight" size={18} />
          </button>
        </li>
      </ul>
      {showGoToPage(pages) ? <GoToPage pages={pages} onPage={onPage} /> : null}
    </nav>
  );
}

function GoToPage({ pages, onPage }: { pages: number; onPage(page: number): void }) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const c = es.checkout;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = parseGoToPage(value, pages);
    if (target === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setValue('');
    onPage(target);
  };

  return (
    <form className="pager__goto" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="pager__goto-label">
        {c.goToPage}
      </label>
      <input
        id={inputId}
        className="ui-field__input pager__goto-input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value.replace(/\D/g, '').slice(0, 6));
          setInvalid(false);
        }}
      />
      <Button type="submit" variant="secondary" size="sm">
        {c.goToPageButton}
      </Button>
      {invalid ? (
        <p id={errorId} className="ui-field__error pager__goto-error" role="alert">
          {fmt(c.goToPageInvalid, { n: pages })}
        </p>
      ) : null}
    </form>
  );
}
