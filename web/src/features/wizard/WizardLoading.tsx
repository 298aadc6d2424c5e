import { type ReactNode, useId } from 'react';
import { useLocation } from 'react-router';
import type { Country } from '../../../../shared/contract/countries';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Spinner } from '../../components/ui';
import { resumesWizard } from '../../lib/wizardSession';
import { AnalysisPanel } from './AnalysisPanel';
import { DropzoneFace, RetentionNote, UploadTips } from './DocumentStep';
import { Stepper } from './Stepper';
import { WizardNav } from './WizardNav';

/** The page's heading: the same on every state of the wizard. */
export function WizardHeader() {
  return (
    <header className="wizard-header">
      <h1>{es.wizard.title}</h1>
      <p className="wizard-header__intro">{es.wizard.intro}</p>
    </header>
  );
}

/** The country the wizard prices in ("Cargando países..." until it is known), and `children`. */
export function WizardBanner({
  country,
  children,
}: {
  country: Country | null;
  children?: ReactNode;
}) {
  return (
    <p className="wizard-banner">
      <Icon name="globe" size={18} />
      <span>
        {country
          ? fmt(es.wizard.countryBanner, { name: country.name, currency: country.currency_code })
          : es.common.loadingCountries}
      </span>
      {children}
    </p>
  );
}

/**
 * /firmar-documento while the countries load (and the first-paint shell's wizard view,
 * prerender/shells.tsx): a new request's first step as it will look, every control disabled
 * and the country's parts (the banner until the country is known, the AI analysis) loading.
 * The wizard then takes its place with the same layout, so nothing moves, and the browser has
 * already shaped its texts and laid out its controls (on a slow phone that first layout was
 * the page's longest task after the handoff). Work in progress (a saved request, an uploaded
 * document, the cart's edit link) may open on another step, so it shows a spinner instead of a
 * step it would leave.
 */
export function WizardLoading({
  resuming,
  country = null,
}: {
  resuming?: boolean;
  /** Already known when only the wizard's first render is pending (WizardPage defers it). */
  country?: Country | null;
}) {
  const { search } = useLocation();
  const resumes = resuming ?? resumesWizard(search);
  return (
    <div className="page wizard-page wizard-page--loading">
      <title>{`${es.wizard.title} · ${es.layout.brand}`}</title>
      <WizardHeader />
      {resumes ? (
        <div className="wizard-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : (
        <FirstStepPreview country={country} />
      )}
    </div>
  );
}

function FirstStepPreview({ country }: { country: Country | null }) {
  const headingId = useId();
  const hintId = useId();
  // The drop area's look without its behaviour: no role and no file input until the wizard
  // (DocumentStep) is there to take the file.
  return (
    <>
      <WizardBanner country={country} />
      <Stepper current={1} done={() => false} />
      <section className="wizard-step card" aria-labelledby={headingId} aria-busy="true">
        <h2 id={headingId} className="wizard-step__title">
          {es.wizard.documentTitle}
        </h2>
        <p className="wizard-step__intro">{es.wizard.documentIntro}</p>
        <div className="wizard-columns">
          <div className="wizard-columns__main">
            <div className="dropzone">
              <DropzoneFace hintId={hintId} />
            </div>
            <RetentionNote />
          </div>
          <div className="wizard-columns__side">
            <UploadTips />
            <AnalysisPanel country={null} document={null} />
          </div>
        </div>
      </section>
      <WizardNav step={1} canNext={false} />
    </>
  );
}
