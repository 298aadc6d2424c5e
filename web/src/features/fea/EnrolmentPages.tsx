import { useNavigate } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Alert, Button } from '../../components/ui';
import { ActionLink, FeaActions, FeaScreen } from './FeaScreen';
import { SupportContact } from './SupportContact';

const t = es.fea;

/**
 * /fea/enrolment-return (screen 9): where the provider sends the signer after enrolment. The
 * next steps on the signing page, the 1–2 minute sync note, and the support contact.
 */
export function EnrolmentReturnPage() {
  return (
    <FeaScreen
      id="fea-enrolment-return"
      type="success"
      title={es.pages.enrolmentReturnTitle}
      description={t.enrolmentReturnIntro}
    >
      <section className="fea-section" aria-labelledby="fea-next-steps">
        <h2 id="fea-next-steps" className="fea-section__title">
          {t.nextStepsTitle}
        </h2>
        <ol className="fea-steps">
          <li>{t.nextStepBack}</li>
          <li>{t.nextStepRefresh}</li>
          <li>{t.nextStepPassword}</li>
        </ol>
      </section>
      <Alert tone="info">{t.syncNote}</Alert>
      <FeaActions>
        <ActionLink to="/mis-pedidos">{t.goOrders}</ActionLink>
        <ActionLink to="/" variant="secondary">
          {t.goHome}
        </ActionLink>
      </FeaActions>
      <SupportContact />
    </FeaScreen>
  );
}

/**
 * /fea/enrolment-success (screen 10): the certificate exists. 'Regresar a la Firma' goes back
 * in the browser (the signing page the signer came from), or home when there is no page before.
 */
export function EnrolmentSuccessPage() {
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <FeaScreen
      id="fea-enrolment-success"
      type="success"
      title={es.pages.enrolmentSuccessTitle}
      description={t.enrolmentSuccessIntro}
    >
      <Alert tone="info">{t.signingLinkAdvice}</Alert>
      <FeaActions>
        <Button onClick={back}>{t.backToSigning}</Button>
        <ActionLink to="/" variant="secondary">
          {t.goHome}
        </ActionLink>
      </FeaActions>
    </FeaScreen>
  );
}
