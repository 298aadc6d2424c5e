import { useState } from 'react';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { useCountry } from '../../lib/country/CountryProvider';
import './country.css';

/** Dismissible warning shown when the IP detection could not choose a country (spec §8). */
export function GeoWarning() {
  const { detectionFailed } = useCountry();
  const [dismissed, setDismissed] = useState(false);
  if (!detectionFailed || dismissed) return null;
  return (
    <div className="geo-warning" role="status">
      <Icon name="alertTriangle" size={20} className="geo-warning__icon" />
      <p className="geo-warning__text">
        {es.layout.geoFailed}. {es.layout.selectCountry}.
      </p>
      <button
        type="button"
        className="lb-icon-btn geo-warning__close"
        aria-label={es.common.close}
        onClick={() => setDismissed(true)}
      >
        <Icon name="x" size={18} />
      </button>
    </div>
  );
}
