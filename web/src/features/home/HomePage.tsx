import { Link } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { SoonBadge } from '../../components/coming-soon/SoonBadge';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import './home.css';

const serviceIcons: readonly IconName[] = ['pen', 'fingerprint', 'award', 'stamp'];

/**
 * The catalogue items each service card stands for, when they are not delivered yet (issue 21).
 * The page is prerendered (first paint), so this is static: the router walk
 * (test/e2e/availability-routes.test.ts) fails when the catalogue turns one of them on and this
 * still says 'Próximamente'. null: delivered today.
 */
const serviceSoon: readonly (string | null)[] = [
  null,
  // Every signature type is delivered (issue 23).
  null,
  null,
  // The legalized copy and the protocolization are delivered (issue 22); the card promises them.
  null,
];
const stepIcons: readonly IconName[] = ['upload', 'stamp', 'pen', 'users', 'creditCard', 'send'];

export function HomePage() {
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-pill">
              <Icon name="users" size={16} />
              {es.home.signersBadge}
            </p>
            <h1 id="home-hero-title" className="home-hero__title">
              {es.home.heroTitle}
            </h1>
            <p className="home-hero__subtitle">{es.home.heroSubtitle}</p>
            <div className="home-hero__actions">
              <Link to="/firmar-documento" className="lb-btn lb-btn--primary lb-btn--lg">
                {es.home.heroCta}
                <Icon name="arrowRight" size={18} />
              </Link>
              <Link to="/subscription-plans" className="lb-btn lb-btn--secondary lb-btn--lg">
                {es.home.heroSecondary}
              </Link>
            </div>
            <ul className="home-trust">
              <li>
                <Icon name="lock" size={16} />
                {es.layout.badgeSsl}
              </li>
              <li>
                <Icon name="headset" size={16} />
                {es.layout.badgeSupport}
              </li>
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-services-title">
        <div className="home-section__head">
          <h2 id="home-services-title">{es.home.servicesTitle}</h2>
          <p>{es.home.servicesIntro}</p>
        </div>
        <ul className="home-services">
          {es.home.services.map((service, i) => {
            const soon = serviceSoon[i];
            return (
              <li
                key={service.title}
                className={i === 3 ? 'home-service home-service--notary' : 'home-service'}
              >
                <span className="home-service__icon">
                  <Icon name={serviceIcons[i] ?? 'pen'} size={24} />
                </span>
                <h3>{service.title}</h3>
                {soon ? <SoonBadge item={soon} /> : null}
                <p>{service.body}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="home-section home-section--tinted" aria-labelledby="home-process-title">
        <div className="home-section__head">
          <h2 id="home-process-title">{es.home.processTitle}</h2>
          <p>{es.home.processIntro}</p>
        </div>
        <ol className="home-steps">
          {es.home.steps.map((step, i) => (
            <li key={step.title} className="home-step">
              <div className="home-step__top">
                <span className="home-step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <Icon name={stepIcons[i] ?? 'check'} size={22} className="home-step__icon" />
              </div>
              <p className="home-step__label">{fmt(es.home.step, { n: i + 1 })}</p>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-section" aria-labelledby="home-cta-title">
        <div className="home-cta">
          <div>
            <h2 id="home-cta-title">{es.home.ctaTitle}</h2>
            <p>{es.home.ctaBody}</p>
          </div>
          <Link to="/firmar-documento" className="lb-btn lb-btn--lg home-cta__button">
            {es.home.ctaButton}
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
      </section>

      <section
        id="newsletter"
        className="home-section home-newsletter"
        aria-labelledby="home-newsletter-title"
      >
        <span className="home-newsletter__icon">
          <Icon name="mail" size={24} />
        </span>
        <h2 id="home-newsletter-title">{es.home.newsletterTitle}</h2>
        <p>{es.home.newsletterBody}</p>
      </section>
    </div>
  );
}

/** Decorative illustration: a document with a seal and three signers who have signed. */
function HeroArt() {
  return (
    <div className="home-art" aria-hidden="true">
      <div className="home-art__paper">
        <div className="home-art__bar">
          <span className="home-art__doc-icon">
            <Icon name="fileText" size={18} />
          </span>
          <span className="home-art__line home-art__line--title" />
          <span className="home-art__seal">
            <Icon name="stamp" size={26} strokeWidth={1.6} />
          </span>
        </div>
        <span className="home-art__line" />
        <span className="home-art__line" />
        <span className="home-art__line home-art__line--short" />
        <span className="home-art__line" />
        <span className="home-art__line home-art__line--mid" />
        <div className="home-art__sign">
          <svg viewBox="0 0 160 48" className="home-art__signature" aria-hidden="true">
            <path
              d="M4 34c10-18 18-26 24-20s-8 22 2 20 14-26 22-22-4 20 6 18 10-14 18-12 2 12 10 10 16-10 26-10 20 2 30 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
          <span className="home-art__line home-art__line--sign" />
        </div>
      </div>
      <div className="home-art__signers">
        {[0, 1, 2].map((i) => (
          <div key={i} className="home-art__signer">
            <span className={`home-art__avatar home-art__avatar--${i}`} />
            <span className="home-art__signer-lines">
              <span className="home-art__line home-art__line--name" />
              <span className="home-art__line home-art__line--mail" />
            </span>
            <span className="home-art__check">
              <Icon name="check" size={14} strokeWidth={3} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
