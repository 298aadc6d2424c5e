import { SUPPORT } from '../../../../shared/legal';
import { es } from '../../../../shared/messages.es';

const t = es.fea;

/** The support phone, hours and mail of shared/legal.ts (the same every screen promises). */
export function SupportContact() {
  return (
    <section className="fea-support" aria-labelledby="fea-support-title">
      <h2 id="fea-support-title" className="fea-section__title">
        {t.supportTitle}
      </h2>
      <dl className="sign-details">
        <div className="sign-details__row">
          <dt>{t.supportPhone}</dt>
          <dd>
            <a href={`tel:${SUPPORT.phone.replace(/\s+/g, '')}`}>{SUPPORT.phone}</a>
          </dd>
        </div>
        <div className="sign-details__row">
          <dt>{t.supportHours}</dt>
          <dd>{SUPPORT.hours}</dd>
        </div>
        <div className="sign-details__row">
          <dt>{t.supportMail}</dt>
          <dd>
            <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
