import { useId } from 'react';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { useCountry } from '../../lib/country/CountryProvider';
import { countryLabel } from '../../lib/country/countryRules';
import './country.css';

/** Header country selector: a native select (flag, name, currency) and a favourite toggle. */
export function CountrySelector() {
  const { countries, country, setCountry, favoriteId, toggleFavorite, loading, detecting } =
    useCountry();
  const id = useId();
  const isFavorite = country !== null && favoriteId === country.id;

  if (loading) {
    // The selector itself, disabled, rather than a text in its place: the header keeps its
    // layout when the countries arrive, and the first-paint shell (prerender/shells.tsx) lays
    // out the page's first select before the app starts, not in the app's first long task.
    return (
      <div className="country-select">
        <label htmlFor={id} className="visually-hidden">
          {es.layout.country}
        </label>
        <div className="country-select__field">
          <select id={id} className="country-select__control" disabled aria-busy="true">
            <option>{es.common.loadingCountries}</option>
          </select>
          <Icon name="chevronDown" size={16} className="country-select__chevron" />
        </div>
      </div>
    );
  }

  return (
    <div className="country-select">
      <label htmlFor={id} className="visually-hidden">
        {es.layout.country}
      </label>
      <div className="country-select__field">
        <select
          id={id}
          className="country-select__control"
          value={country?.id ?? ''}
          onChange={(event) => {
            if (event.target.value) setCountry(event.target.value);
          }}
        >
          {country === null && (
            <option value="" disabled>
              {detecting ? es.common.detectingLocation : es.layout.selectCountry}
            </option>
          )}
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {countryLabel(c)}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" size={16} className="country-select__chevron" />
      </div>
      {country !== null && (
        <button
          type="button"
          className="lb-icon-btn country-select__favorite"
          aria-pressed={isFavorite}
          aria-label={es.layout.favorite}
          title={isFavorite ? es.layout.unfavorite : es.layout.favorite}
          onClick={() => toggleFavorite(country.id)}
        >
          <Icon name="star" size={18} />
        </button>
      )}
    </div>
  );
}
